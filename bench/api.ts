import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
// @ts-expect-error autocannon ships no type declarations.
import autocannon from "autocannon";
import pg from "pg";
import { withDatabase } from "../scripts/with-database.ts";
import { loadConfig } from "../src/server/config.ts";
import { getFreePort } from "../src/server/db/embedded.ts";
import { API_NODE_FLAGS } from "./support/api-node-flags.ts";

/**
 * `npm run bench:api [-- --connections 10 --duration 5 --rounds 3 --only NAME --profile DIR]` (decision 034).
 * Starts the API server in its own process (`scripts/serve-api.ts`, on a fresh embedded database
 * that it fills with the demo catalog, or on DATABASE_URL), and a bare Hono + pg reference
 * (bench/api-reference.ts) in another, reading the same rows from the same PostgreSQL; autocannon
 * runs here, a third process. For each endpoint it prints req/s and p99 of the app and of the
 * reference and their ratio (absolute figures drift on a shared machine; the ratios hold). App and
 * reference take turns per endpoint and round. Also prints the byte size of an episode's detail.
 * Bounded in time; loopback only; asserts nothing.
 */
const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "10" },
    // Short runs in several rounds, app and reference in turn: a burst of load from the machine's
    // other users then hits both alike.
    duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    // Runs the API server with `--cpu-prof` and writes its .cpuprofile into this directory on exit.
    profile: { type: "string" },
    // Only the endpoints whose name contains this text.
    only: { type: "string" },
  },
});
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const ROUNDS = Number(values.rounds);
const log = (line: string) => process.stdout.write(`${line}\n`);

function startChild(script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: new URL("..", import.meta.url).pathname,
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", LOG_FORMAT: "json", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitFor(url: string, child: ChildProcess, isReady: (response: Response) => Promise<boolean>) {
  for (let attempt = 0; ; attempt++) {
    try {
      if (await isReady(await fetch(url))) return;
    } catch {
      // not up yet
    }
    if (attempt > 3000 || child.exitCode !== null) throw new Error(`${url} did not get ready.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

type Result = { rps: number; p99: number; errors: number };

async function load(origin: string, paths: string[]): Promise<Result> {
  const instance = autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  const result = await instance;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const config = loadConfig();
const dataDir = path.join(os.tmpdir(), `earmark-bench-api-${process.pid}`);
const ownDatabase = !process.env.DATABASE_URL;
await withDatabase(ownDatabase ? loadConfig({ ...process.env, DATA_DIR: dataDir }) : config, async (url) => {
  const serverPort = await getFreePort();
  const referencePort = await getFreePort();
  const base = `http://127.0.0.1:${serverPort}`;
  const referenceBase = `http://127.0.0.1:${referencePort}`;
  const serverEnv = {
    DATABASE_URL: url,
    PORT: String(serverPort),
    DATA_DIR: dataDir,
    SIGN_IN_LIMIT_PER_IP: "1000000",
    SIGN_IN_LIMIT_PER_EMAIL: "1000000",
  };
  // First a server that loads the demo catalog and runs its jobs (ingestion, enrichment) to the
  // end; then the measured one, without job workers, so background work does not share its CPU.
  log("Loading the demo catalog (a fresh database) and waiting for its jobs to finish…");
  const seeder = startChild("scripts/serve-api.ts", serverEnv);
  try {
    await waitFor(`${base}/api/health`, seeder, async (r) => r.ok && (await r.json()).catalog === "ready");
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      for (let waited = 0; waited < 600; waited++) {
        const { rows } = await pool.query(
          "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    } finally {
      await pool.end();
    }
  } finally {
    await stop(seeder);
  }
  const server = startChild(
    "scripts/serve-api.ts",
    { ...serverEnv, JOBS_IN_PROCESS: "false", SEED_DEMO: "false", INGEST_FEEDS: "" },
    [...API_NODE_FLAGS, ...(values.profile ? ["--cpu-prof", "--cpu-prof-dir", values.profile] : [])],
  );
  const reference = startChild("bench/api-reference.ts", {
    DATABASE_URL: url,
    PORT: String(referencePort),
    DOCUMENT_URL: `${base}/api/openapi.json`,
  });
  try {
    await waitFor(`${base}/api/health`, server, async (r) => r.ok);
    await waitFor(`${referenceBase}/health`, reference, async (r) => r.ok);
    const home = (await (await fetch(`${base}/api/v1/catalog/home`)).json()) as {
      recent?: { id: string }[];
      featured?: { id: string } | null;
    };
    const ids = [...new Set([home.featured?.id, ...(home.recent ?? []).map((e) => e.id)])].filter(
      (id): id is string => Boolean(id),
    );
    if (!ids.length) throw new Error("The catalog has no episodes to measure.");
    const sizes = await Promise.all(
      ids.map(async (id) => (await (await fetch(`${base}/api/v1/episodes/${id}`)).arrayBuffer()).byteLength),
    );
    const transcriptSizes = await Promise.all(
      ids.map(
        async (id) =>
          (await (await fetch(`${base}/api/v1/episodes/${id}/transcript`)).arrayBuffer()).byteLength,
      ),
    );
    log(
      `\n${ids.length} episodes; detail ${Math.min(...sizes)}–${Math.max(...sizes)} bytes, ` +
        `transcript ${Math.min(...transcriptSizes)}–${Math.max(...transcriptSizes)} bytes (uncompressed)`,
    );

    const endpoints: { name: string; app: string[]; reference: string[] }[] = [
      { name: "GET /api/health", app: ["/api/health"], reference: ["/health"] },
      {
        name: "GET /api/v1/episodes/{id}",
        app: ids.map((id) => `/api/v1/episodes/${id}`),
        reference: ids.map((id) => `/episodes/${id}`),
      },
      { name: "GET /api/openapi.json", app: ["/api/openapi.json"], reference: ["/openapi.json"] },
      { name: "GET /api/v1/catalog/home", app: ["/api/v1/catalog/home"], reference: ["/home"] },
      {
        name: "GET /api/v1/catalog/search?q=",
        app: ["memory", "attention", "stoic", "sleep"].map((q) => `/api/v1/catalog/search?q=${q}`),
        reference: ["memory", "attention", "stoic", "sleep"].map((q) => `/search?q=${q}`),
      },
    ].filter((endpoint) => !values.only || endpoint.name.includes(values.only));

    log(
      `\nautocannon from its own process, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} round(s), app and reference in turn\n`,
    );
    log(
      `${"endpoint".padEnd(30)} ${"app req/s".padStart(10)} ${"app p99".padStart(8)} ${"ref req/s".padStart(10)} ${"ref p99".padStart(8)} ${"ratio".padStart(6)}  errors`,
    );
    for (const endpoint of endpoints) {
      // Warm-up: the first requests build caches and JIT code.
      for (const p of endpoint.app) await (await fetch(`${base}${p}`)).arrayBuffer();
      for (const p of endpoint.reference) await (await fetch(`${referenceBase}${p}`)).arrayBuffer();
      const app: Result[] = [];
      const ref: Result[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        app.push(await load(base, endpoint.app));
        ref.push(await load(referenceBase, endpoint.reference));
      }
      const appRps = median(app.map((r) => r.rps));
      const refRps = median(ref.map((r) => r.rps));
      const ratios = app.map((r, i) => r.rps / (ref[i]?.rps ?? Number.NaN));
      log(
        `${endpoint.name.padEnd(30)} ${appRps.toFixed(0).padStart(10)} ${`${median(app.map((r) => r.p99))} ms`.padStart(8)} ` +
          `${refRps.toFixed(0).padStart(10)} ${`${median(ref.map((r) => r.p99))} ms`.padStart(8)} ` +
          `${`${(median(ratios) * 100).toFixed(0)} %`.padStart(6)}  ${app.reduce((n, r) => n + r.errors, 0)}` +
          (ROUNDS > 1 ? `  (ratios ${ratios.map((r) => `${(r * 100).toFixed(0)}%`).join(", ")})` : ""),
      );
    }
  } finally {
    await Promise.all([stop(server), stop(reference)]);
  }
});
if (ownDatabase) rmSync(dataDir, { recursive: true, force: true });
