import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
// @ts-expect-error autocannon ships no type declarations.
import autocannon from "autocannon";
import { getFreePort } from "../src/server/db/embedded.ts";
import { API_NODE_FLAGS } from "./support/api-node-flags.ts";

/**
 * `npm run bench:search`: starts the server on the database filled by `npm run bench:catalog`
 * (DATABASE_URL, else the embedded one under DATA_DIR) and runs autocannon against the search API
 * (a mix of queries: common and rare words, phrases, exclusions, partial words, podcast filter,
 * sorts, pages, words only said in transcripts, a guest, a show) and the search dropdown (prefixes,
 * a guest's and a show's name, a word only said in transcripts). Prints p50/p95/p99 of each. Asserts nothing.
 * The server runs in its own process (as in production), so autocannon does not share its event loop.
 * CATALOG_CACHE_SECONDS=0 measures every request against PostgreSQL (no response cache).
 * A REFERENCE runs in the same run (decision 040): bench/search-reference.ts, a bare Hono + pg
 * process doing one primary-key lookup per request on the same PostgreSQL, loaded the same way
 * right before each mix; every figure is also printed as a ratio to it, because the absolute
 * figures move with whatever else the machine is doing.
 */
const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "20" },
    duration: { type: "string", default: "30" },
  },
});
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);

const root = new URL("..", import.meta.url).pathname;
const startChild = (script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess =>
  spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
async function waitFor(url: string, child: ChildProcess) {
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (attempt > 600 || child.exitCode !== null) throw new Error(`${url} did not get ready.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const port = await getFreePort();
const child = startChild(
  "scripts/serve-api.ts",
  { PORT: String(port), SEED_DEMO: "false", JOBS_IN_PROCESS: "false", INGEST_FEEDS: "" },
  API_NODE_FLAGS,
);
const server = { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
await waitFor(`${server.url}/api/health`, child);
// The server's database: DATABASE_URL, else the embedded one it wrote to DATA_DIR.
const databaseUrl =
  process.env.DATABASE_URL ??
  (
    await readFile(path.join(process.env.DATA_DIR ?? path.join(root, ".data"), "postgres.url"), "utf8")
  ).trim();
const referencePort = await getFreePort();
const referenceChild = startChild("bench/search-reference.ts", {
  DATABASE_URL: databaseUrl,
  PORT: String(referencePort),
});
const reference = { url: `http://127.0.0.1:${referencePort}`, stop: () => stopChild(referenceChild) };

type Latencies = number[];

function percentile(sorted: Latencies, p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

type Figures = { rps: number; p50: number; p95: number; p99: number };

async function run(name: string, paths: string[], url = server.url, base?: Figures): Promise<Figures> {
  const latencies: Latencies = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: paths.map((path) => ({ method: "GET", path })),
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) errors++;
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const figures = {
    rps: result.requests.average as number,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
  const fmt = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  const ratio = (key: keyof Figures) =>
    base ? ` (${(figures[key] / base[key]).toFixed(key === "rps" ? 3 : 1)}×)` : "";
  process.stdout.write(
    `${name.padEnd(22)} ${String(result.requests.total).padStart(7)} req ${String(Math.round(figures.rps)).padStart(6)} req/s${ratio("rps")}` +
      `  p50 ${fmt(figures.p50)}${ratio("p50")}  p95 ${fmt(figures.p95)}${ratio("p95")}  p99 ${fmt(figures.p99)}${ratio("p99")}` +
      `  non-200 ${errors + result.non2xx > 0 ? errors : 0}\n`,
  );
  return figures;
}

async function timeOne(path: string) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`);
  const body = (await response.json()) as { episodes?: unknown[] };
  return { ms: performance.now() - started, count: body.episodes?.length ?? 0, status: response.status };
}

try {
  const browse = (await (await fetch(`${server.url}/api/v1/catalog/search?limit=3`)).json()) as {
    episodes: { podcastId: string }[];
  };
  const podcast = browse.episodes[0]?.podcastId;
  if (!podcast) throw new Error("No episodes: run `npm run bench:catalog -- --episodes N` first.");

  const q = (text: string, extra = "") => `/api/v1/catalog/search?q=${encodeURIComponent(text)}${extra}`;
  const searchPaths = [
    q("investing"),
    q("artificial intelligence"),
    q("sleep and memory"),
    q("kelp forests"),
    q("fusion", "&sort=recent"),
    q('"compound interest"'),
    q("climate -oceans"),
    q("hallucination", "&page=2"),
    q("investi"),
    q("stoicism or virtue", "&sort=oldest"),
    q("xylophone"),
    q("marathon running", `&podcast=${podcast}`),
    `/api/v1/catalog/search?podcast=${podcast}`,
    "/api/v1/catalog/search?sort=oldest&page=3",
    q("the future of habits"),
    q("quantum"),
    // Decision 033: words only said in transcripts (common and rare), a guest, a show's name.
    q("ebbinghaus"),
    q("thucydides"),
    q("Grace Okafor"),
    q("Curious Minds Podcast"),
  ];
  const suggestPaths = [
    "in",
    "inv",
    "arti",
    "sleep",
    "quan",
    "ma",
    "the",
    "climat",
    "hallu",
    "kelp f",
    "ab",
    "zz",
    "grace ok",
    "curious mi",
    // Decision 037: a word only said in transcripts, typed whole.
    "ebbinghaus",
  ].map((text) => `/api/v1/catalog/suggest?q=${encodeURIComponent(text)}`);

  // Warm the caches, then show each query once on its own.
  process.stdout.write("\nSingle requests after one warm-up:\n");
  for (const path of [...searchPaths, ...suggestPaths]) {
    await timeOne(path);
    const { ms, count, status } = await timeOne(path);
    process.stdout.write(
      `  ${ms.toFixed(1).padStart(7)} ms  ${String(count).padStart(2)} results  ${status}  ${decodeURIComponent(path)}\n`,
    );
  }

  // The reference reads the cards of the newest episodes, one per request.
  await waitFor(`${reference.url}/health`, referenceChild);
  const newest = (await (await fetch(`${server.url}/api/v1/catalog/search?limit=24`)).json()) as {
    episodes: { id: string }[];
  };
  const referencePaths = newest.episodes.map((episode) => `/card/${episode.id}`);
  for (const path of referencePaths) await (await fetch(`${reference.url}${path}`)).arrayBuffer();

  process.stdout.write(
    `\nautocannon: ${CONNECTIONS} connections, ${DURATION} s each, loopback; each mix right after a reference run` +
      " (one primary-key lookup per request, bare Hono + pg, same database), ratios to it in brackets\n",
  );
  const searchBase = await run("reference", referencePaths, reference.url);
  await run("search (mix)", searchPaths, server.url, searchBase);
  const suggestBase = await run("reference", referencePaths, reference.url);
  await run("dropdown (mix)", suggestPaths, server.url, suggestBase);
} finally {
  await Promise.all([server.stop(), reference.stop()]);
}
