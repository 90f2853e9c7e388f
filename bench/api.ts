import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/server/config.ts";
import { getFreePort } from "../src/server/db/embedded.ts";
import { startServer } from "../src/server/main.ts";

/**
 * `npm run bench:api`: starts the real server on a fresh embedded database and measures latency of
 * the hottest API reads over loopback. Bounded in requests and time; prints figures, asserts nothing.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TIME_LIMIT_MS = 60_000;

const dataDir = path.join(os.tmpdir(), `earmark-bench-${process.pid}`);
const port = await getFreePort();
const server = await startServer(
  loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATABASE_URL: undefined,
    SIGN_IN_LIMIT_PER_IP: "1000000",
    SIGN_IN_LIMIT_PER_EMAIL: "1000000",
  }),
);

async function measure(name: string, request: () => Promise<Response>) {
  const latencies: number[] = [];
  const deadline = Date.now() + TIME_LIMIT_MS;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS && Date.now() < deadline) {
        next++;
        const t0 = performance.now();
        const response = await request();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]?.toFixed(2);
  process.stdout.write(
    `${name.padEnd(34)} ${String(latencies.length).padStart(6)} req  ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms\n`,
  );
}

try {
  const base = server.url;
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "learner@earmark.demo", password: "listen-and-learn" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  process.stdout.write(
    `\nEarmark API benchmark — ${REQUESTS} requests per row, concurrency ${CONCURRENCY}, loopback\n\n`,
  );
  await measure("GET /api/health", () => fetch(`${base}/api/health`));
  await measure("GET /api/v1/auth/session (anon)", () => fetch(`${base}/api/v1/auth/session`));
  await measure("GET /api/v1/auth/session (signed in)", () =>
    fetch(`${base}/api/v1/auth/session`, { headers: { cookie } }),
  );
  await measure("GET / (SPA shell)", () => fetch(`${base}/`));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
