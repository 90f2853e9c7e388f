import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
// @ts-expect-error autocannon ships no type declarations.
import autocannon from "autocannon";
import pg from "pg";
import { getFreePort } from "../src/server/db/embedded.ts";
import { API_NODE_FLAGS } from "./support/api-node-flags.ts";

/**
 * `npm run bench:load [-- --duration 60 --soak-minutes 10 --connections 50 --learners 100]`
 * (decision 035). Starts the server in its own process on a fresh embedded database with the demo
 * catalog, signs up `--learners` people through the API, then replays a mix of traffic from this
 * process with autocannon over loopback:
 * - anonymous browsing: home, search (a word from a title), episode detail and the transcript when
 *   the server has a transcript endpoint (each request another episode or word);
 * - signed-in learners saving their player position every 10 s each (a fixed overall rate);
 * - signed-in learners taking quizzes and reviewing: open the quiz, start or resume the attempt,
 *   serve and answer each question (a random choice, so some are missed), finish, list the due
 *   review cards and rate each, then the next episode.
 * - one connection asks GET /api/health (one `select 1`): the reference, whose latency is mostly
 *   waiting for the event loop, the pool and the machine (other processes load it too); each route's
 *   p50 is printed as a ratio to it.
 * It prints errors (goal 0; non-2xx by route and status) and p50/p95/p99 by route for the main run
 * (`--duration` seconds) and again for the soak (`--soak-minutes`, 0 skips it), and the server's
 * memory (RSS from /proc, V8 heap, heap after a full GC) before the run, after it and after the
 * soak. Bounded in time (each phase, plus a hard stop) and in requests (`--max-requests` per
 * phase). Asserts nothing.
 */
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    "soak-minutes": { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    learners: { type: "string", default: "100" },
    "max-requests": { type: "string", default: "3000000" },
  },
});
const DURATION = Number(values.duration);
const SOAK_SECONDS = Math.round(Number(values["soak-minutes"]) * 60);
const CONNECTIONS = Number(values.connections);
const LEARNERS = Number(values.learners);
const MAX_REQUESTS = Number(values["max-requests"]);
if (![DURATION, SOAK_SECONDS, CONNECTIONS, LEARNERS, MAX_REQUESTS].every((n) => Number.isFinite(n) && n >= 0))
  throw new Error("--duration, --soak-minutes, --connections, --learners and --max-requests take numbers");
if (CONNECTIONS < 10) throw new Error("--connections must be at least 10 (each kind of traffic needs one)");

const log = (line = "") => process.stdout.write(`${line}\n`);
const dataDir = path.join(os.tmpdir(), `earmark-bench-load-${process.pid}`);
const port = await getFreePort();
const base = `http://127.0.0.1:${port}`;

// A hard stop whatever happens: the phases, set-up (the demo catalog) and a margin.
const hardStop = setTimeout(
  () => {
    log("bench:load: hard time limit reached, stopping");
    server.kill("SIGTERM");
    process.exit(1);
  },
  (DURATION + SOAK_SECONDS + 600) * 1000,
);
hardStop.unref();

// ---------------------------------------------------------------------------------------------
// The server, in its own process

const server: ChildProcess = spawn(
  process.execPath,
  [...API_NODE_FLAGS, "--expose-gc", "--import", "tsx", path.resolve(import.meta.dirname, "load-server.ts")],
  {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      LOG_FORMAT: "json",
      SEED_DEMO: "true",
      // One address signs up and signs in every learner.
      SIGN_IN_LIMIT_PER_IP: "1000000",
      SIGN_IN_LIMIT_PER_EMAIL: "1000000",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  },
);
const serverExited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));

function nextMessage<T>(type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== type) return;
      server.off("message", onMessage);
      server.off("exit", onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before "${type}"`));
    server.on("message", onMessage);
    server.once("exit", onExit);
  });
}

type Memory = { rss: number; hwm: number; heapUsed: number; heapAfterGc: number; external: number };

/** The server process's memory: RSS from the kernel, the heap from V8 (before and after a full GC). */
async function readMemory(): Promise<Memory> {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  const asked = nextMessage<{ usage: NodeJS.MemoryUsage }>("memory");
  server.send("memory");
  const { usage } = await asked;
  const collected = nextMessage<{ usage: NodeJS.MemoryUsage }>("memory-after-gc");
  server.send("memory-after-gc");
  const after = (await collected).usage;
  return {
    rss: kb("VmRSS"),
    hwm: kb("VmHWM"),
    heapUsed: usage.heapUsed,
    heapAfterGc: after.heapUsed,
    external: after.external,
  };
}

// ---------------------------------------------------------------------------------------------
// Set-up through the API: episodes, quizzes, search words, learners

type Question = { id: string; choices: string[] };
type QuizEpisode = { id: string; questions: Question[] };

async function getJson<T>(pathname: string, cookie?: string): Promise<{ status: number; data: T }> {
  const response = await fetch(`${base}${pathname}`, { headers: cookie ? { cookie } : {} });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : null) as T };
}

async function prepare() {
  const home = await getJson<{ recent: { id: string; title: string }[] }>("/api/v1/catalog/home");
  const episodes = home.data.recent;
  if (!episodes.length) throw new Error("the demo catalog has no episodes");
  const words = [
    ...new Set(
      episodes.flatMap((episode) =>
        episode.title
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((word) => word.length >= 4),
      ),
    ),
  ].slice(0, 40);
  const quizzes: QuizEpisode[] = [];
  for (const episode of episodes) {
    const quiz = await getJson<{ quizStatus: string; questions: Question[] }>(
      `/api/v1/episodes/${episode.id}/quiz`,
    );
    if (quiz.data.quizStatus === "complete" && quiz.data.questions.length)
      quizzes.push({ id: episode.id, questions: quiz.data.questions });
  }
  if (!quizzes.length) throw new Error("no demo episode has a quiz");
  const transcript = await fetch(`${base}/api/v1/episodes/${episodes[0]?.id}/transcript`);
  await transcript.arrayBuffer();

  const cookies: string[] = [];
  const stamp = Date.now();
  for (let start = 0; start < LEARNERS; start += 8) {
    const batch = Array.from({ length: Math.min(8, LEARNERS - start) }, (_, i) => start + i);
    cookies.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const response = await fetch(`${base}/api/v1/auth/sign-up`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              name: `Load Learner ${n}`,
              email: `load-${stamp}-${n}@bench.example`,
              password: "bench-password-1",
            }),
          });
          if (response.status !== 201)
            throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
          return response.headers
            .getSetCookie()
            .map((cookie) => cookie.split(";")[0])
            .join("; ");
        }),
      )),
    );
  }
  return { episodes, words, quizzes, cookies, hasTranscript: transcript.status === 200 };
}

/**
 * Waits until the server's background jobs (the rest of the demo pipeline: mind maps, categories…)
 * have finished, so they do not share the measured minutes; at most 5 minutes.
 */
async function waitForIdleJobs() {
  const url = readFileSync(path.join(dataDir, "postgres.url"), "utf8").trim();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ count: number }>(
        "select count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active') and name not like '\\_\\_pgboss%'",
      );
      const waiting = rows[0]?.count ?? 0;
      if (waiting === 0 || performance.now() - started > 300_000) {
        log(
          `background jobs: ${waiting} left after ${((performance.now() - started) / 1000).toFixed(0)} s of waiting`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The traffic

type Fixture = Awaited<ReturnType<typeof prepare>>;
type RouteStats = { latencies: number[]; statuses: Map<number, number> };
type Request = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: Request, context: Context) => Request;
  onResponse?: (status: number, body: string, context: Context) => void;
};
type Context = { route?: string; learner?: number };

type Step = "quiz" | "start" | "serve" | "answer" | "finish" | "cards" | "rate";
type Learner = {
  cookie: string;
  isBusy: boolean;
  step: Step;
  quiz: number;
  attemptId: string;
  questionIndex: number;
  cards: string[];
  positionSeconds: number;
};

const pick = <T>(items: T[], n: number) => items[n % items.length] as T;
const json = (cookie: string) => ({ cookie, "content-type": "application/json" });

/** The learner's next request in the quiz-and-review flow, and what its answer moves them to. */
function quizFlow(fixture: Fixture, learners: Learner[]) {
  // The first free learner: each connection keeps taking one learner through the whole flow, as a
  // person at a quiz does (a rotation would start every learner's quiz before anyone answered).
  const checkOut = (): number | null => {
    const index = learners.findIndex((learner) => !learner.isBusy);
    return index < 0 ? null : index;
  };
  const nextEpisode = (learner: Learner) => {
    learner.quiz = (learner.quiz + 1) % fixture.quizzes.length;
    learner.step = "quiz";
  };
  const request = (learner: Learner): Request & { route: string } => {
    const quiz = pick(fixture.quizzes, learner.quiz);
    const question = quiz.questions[learner.questionIndex];
    const headers = json(learner.cookie);
    switch (learner.step) {
      case "quiz":
        return { route: "GET quiz", method: "GET", path: `/api/v1/episodes/${quiz.id}/quiz`, headers };
      case "start":
        return {
          route: "POST quiz attempt",
          method: "POST",
          path: `/api/v1/episodes/${quiz.id}/quiz/attempts`,
          headers,
        };
      case "serve":
        return {
          route: "POST serve question",
          method: "POST",
          path: `/api/v1/quiz-attempts/${learner.attemptId}/questions/${question?.id}/serve`,
          headers,
        };
      case "answer":
        return {
          route: "POST answer",
          method: "POST",
          path: `/api/v1/quiz-attempts/${learner.attemptId}/answers`,
          headers,
          body: JSON.stringify({
            questionId: question?.id,
            choice: pick(question?.choices ?? [""], Math.floor(Math.random() * 4)),
            confidence: 1 + Math.floor(Math.random() * 5),
            timeMs: 2000 + Math.floor(Math.random() * 12_000),
          }),
        };
      case "finish":
        return {
          route: "POST finish quiz",
          method: "POST",
          path: `/api/v1/quiz-attempts/${learner.attemptId}/finish`,
          headers,
        };
      case "cards":
        return { route: "GET review cards", method: "GET", path: "/api/v1/me/review/cards", headers };
      case "rate":
        return {
          route: "POST rate card",
          method: "POST",
          path: `/api/v1/me/review/cards/${learner.cards[0]}/rating`,
          headers,
          body: JSON.stringify({ grade: pick([1, 3, 5], Math.floor(Math.random() * 3)) }),
        };
    }
  };
  const advance = (learner: Learner, status: number, body: string) => {
    if (status < 200 || status >= 300) return nextEpisode(learner);
    const quiz = pick(fixture.quizzes, learner.quiz);
    const data = JSON.parse(body);
    switch (learner.step) {
      case "quiz":
        learner.step = "start";
        break;
      case "start":
        learner.attemptId = data.attemptId;
        learner.questionIndex = data.answeredCount;
        learner.step = data.answeredCount < quiz.questions.length ? "serve" : "finish";
        break;
      case "serve":
        learner.step = "answer";
        break;
      case "answer":
        learner.questionIndex++;
        learner.step = learner.questionIndex < quiz.questions.length ? "serve" : "finish";
        break;
      case "finish":
        learner.step = "cards";
        break;
      case "cards":
        learner.cards = (data.cards as { id: string }[]).map((card) => card.id);
        if (learner.cards.length) learner.step = "rate";
        else nextEpisode(learner);
        break;
      case "rate":
        learner.cards.shift();
        if (!learner.cards.length) nextEpisode(learner);
        break;
    }
  };
  return {
    setupRequest: (defaults: Request, context: Context): Request => {
      const index = checkOut();
      // Fewer learners than connections: the spare connection reads a badge instead (autocannon
      // stops a connection whose request cannot be built).
      if (index === null) {
        context.route = "GET due count";
        return { ...defaults, path: "/api/v1/me/review/due-count", headers: json(pick(learners, 0).cookie) };
      }
      const learner = learners[index] as Learner;
      learner.isBusy = true;
      const { route, ...next } = request(learner);
      context.route = route;
      context.learner = index;
      return { ...defaults, ...next };
    },
    onResponse: (status: number, body: string, context: Context) => {
      const learner = learners[context.learner ?? -1];
      if (!learner) return;
      try {
        advance(learner, status, body);
      } catch {
        nextEpisode(learner);
      } finally {
        learner.isBusy = false;
      }
    },
  };
}

type Kind = {
  name: string;
  connections: number;
  overallRate?: number;
  request: Request;
  /** The route of a kind that sends one route only; flows set context.route per request. */
  route?: string;
};

function trafficMix(fixture: Fixture, learners: Learner[]): Kind[] {
  const share = (fraction: number) => Math.max(1, Math.round(CONNECTIONS * fraction));
  let n = 0;
  const kinds: Kind[] = [
    // The reference: the cheapest request that reaches PostgreSQL (one `select 1`), so its latency
    // is mostly waiting for the server's event loop, the pool and the machine; routes read next to it.
    { name: "health", route: "GET health (reference)", connections: 1, request: { path: "/api/health" } },
    { name: "home", route: "GET home", connections: share(0.16), request: { path: "/api/v1/catalog/home" } },
    {
      name: "search",
      route: "GET search",
      connections: share(0.16),
      request: {
        setupRequest: (request) => ({
          ...request,
          path: `/api/v1/catalog/search?q=${encodeURIComponent(pick(fixture.words, n++))}`,
        }),
      },
    },
    {
      name: "episode",
      route: "GET episode",
      connections: share(fixture.hasTranscript ? 0.24 : 0.36),
      request: {
        setupRequest: (request) => ({
          ...request,
          path: `/api/v1/episodes/${pick(fixture.episodes, n++).id}`,
        }),
      },
    },
  ];
  if (fixture.hasTranscript)
    kinds.push({
      name: "transcript",
      route: "GET transcript",
      connections: share(0.12),
      request: {
        setupRequest: (request) => ({
          ...request,
          path: `/api/v1/episodes/${pick(fixture.episodes, n++).id}/transcript`,
        }),
      },
    });
  kinds.push({
    name: "positions",
    route: "PUT position",
    connections: share(0.08),
    // Each learner saves every 10 s.
    overallRate: Math.max(1, Math.round(LEARNERS / 10)),
    request: {
      setupRequest: (request) => {
        const learner = pick(learners, n++);
        learner.positionSeconds += 10;
        return {
          ...request,
          method: "PUT",
          path: `/api/v1/me/positions/${pick(fixture.episodes, learner.quiz).id}`,
          headers: json(learner.cookie),
          body: JSON.stringify({ positionSeconds: learner.positionSeconds }),
        };
      },
    },
  });
  const used = kinds.reduce((sum, kind) => sum + kind.connections, 0);
  // The rest of the connections are learners taking quizzes and reviewing, one request at a time each.
  kinds.push({
    name: "quiz and review",
    connections: Math.max(1, CONNECTIONS - used),
    request: quizFlow(fixture, learners),
  });
  return kinds;
}

type PhaseResult = { stats: Map<string, RouteStats>; errors: number; timeouts: number; seconds: number };

async function runPhase(
  label: string,
  seconds: number,
  fixture: Fixture,
  learners: Learner[],
): Promise<PhaseResult> {
  const stats = new Map<string, RouteStats>();
  const record = (route: string, status: number, ms: number) => {
    let entry = stats.get(route);
    if (!entry) {
      entry = { latencies: [], statuses: new Map() };
      stats.set(route, entry);
    }
    entry.latencies.push(ms);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  };
  const kinds = trafficMix(fixture, learners);
  log(
    `\n${label}: ${seconds} s, ${kinds.reduce((sum, kind) => sum + kind.connections, 0)} connections (${kinds
      .map(
        (kind) =>
          `${kind.name} ${kind.connections}${kind.overallRate ? ` at ${kind.overallRate} req/s` : ""}`,
      )
      .join(", ")}), ${LEARNERS} learners`,
  );
  let total = 0;
  const started = performance.now();
  const instances = kinds.map((kind) => {
    const instance = autocannon({
      url: base,
      connections: kind.connections,
      duration: seconds,
      ...(kind.overallRate ? { overallRate: kind.overallRate } : {}),
      requests: [kind.request],
      timeout: 30,
    });
    instance.on(
      "response",
      (client: { requestIterator: { context: Context } }, status: number, _bytes: number, ms: number) => {
        record(kind.route ?? client.requestIterator.context.route ?? kind.name, status, ms);
        if (++total === MAX_REQUESTS) {
          log(`  --max-requests ${MAX_REQUESTS} reached: stopping the phase early`);
          for (const other of instances) other.stop();
        }
      },
    );
    return instance;
  });
  const results = (await Promise.all(instances)) as { errors: number; timeouts: number }[];
  return {
    stats,
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function printPhase({ stats, errors, timeouts, seconds }: PhaseResult) {
  const ms = (n: number) => `${n.toFixed(1)}`.padStart(8);
  const reference = stats.get("GET health (reference)")?.latencies.toSorted((a, b) => a - b) ?? [];
  const referenceP50 = percentile(reference, 50);
  log(
    `${"route".padEnd(22)} ${"requests".padStart(9)} ${"req/s".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"p50/ref".padStart(8)}  non-2xx`,
  );
  let requests = 0;
  let failed = 0;
  for (const [route, entry] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = Float64Array.from(entry.latencies).sort();
    const latencies = Array.from(sorted);
    const non2xx = [...entry.statuses].filter(([status]) => status < 200 || status >= 300);
    requests += latencies.length;
    failed += non2xx.reduce((sum, [, count]) => sum + count, 0);
    log(
      `${route.padEnd(22)} ${String(latencies.length).padStart(9)} ${(latencies.length / seconds).toFixed(0).padStart(7)} ${ms(percentile(latencies, 50))} ${ms(percentile(latencies, 95))} ${ms(percentile(latencies, 99))} ${(referenceP50 ? `${(percentile(latencies, 50) / referenceP50).toFixed(2)}×` : "—").padStart(8)}  ${
        non2xx.length ? non2xx.map(([status, count]) => `${count} × ${status}`).join(", ") : "0"
      }`,
    );
  }
  log(
    `${"all".padEnd(22)} ${String(requests).padStart(9)} ${(requests / seconds).toFixed(0).padStart(7)}   errors: ${failed} non-2xx, ${errors} connection errors, ${timeouts} timeouts`,
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`.padStart(10);
function printMemory(rows: [string, Memory][]) {
  log("\nServer process memory (RSS and its peak from /proc; V8 heap used, then after a full GC):");
  log(
    `${"when".padEnd(22)} ${"RSS".padStart(10)} ${"RSS peak".padStart(10)} ${"heap".padStart(10)} ${"heap (GC)".padStart(10)} ${"external".padStart(10)}`,
  );
  for (const [when, memory] of rows)
    log(
      `${when.padEnd(22)} ${mb(memory.rss)} ${mb(memory.hwm)} ${mb(memory.heapUsed)} ${mb(memory.heapAfterGc)} ${mb(memory.external)}`,
    );
}

// ---------------------------------------------------------------------------------------------

try {
  log(`bench:load — the server starts in its own process on ${base} (demo catalog on a fresh database)…`);
  await nextMessage("ready");
  const fixture = await prepare();
  await waitForIdleJobs();
  log(
    `${fixture.episodes.length} episodes, ${fixture.quizzes.length} with a quiz, ${fixture.cookies.length} learners signed up; transcript endpoint: ${fixture.hasTranscript ? "yes" : "no (the episode detail carries the transcript)"}`,
  );
  log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (shared)`,
  );
  const learners: Learner[] = fixture.cookies.map((cookie, i) => ({
    cookie,
    isBusy: false,
    step: "quiz",
    quiz: i % fixture.quizzes.length,
    attemptId: "",
    questionIndex: 0,
    cards: [],
    positionSeconds: 0,
  }));

  const memory: [string, Memory][] = [["before", await readMemory()]];
  printPhase(await runPhase("Main run", DURATION, fixture, learners));
  memory.push(["after the main run", await readMemory()]);
  if (SOAK_SECONDS > 0) {
    printPhase(await runPhase("Soak", SOAK_SECONDS, fixture, learners));
    memory.push(["after the soak", await readMemory()]);
  }
  printMemory(memory);
  log(
    `load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
} finally {
  if (server.exitCode === null) server.kill("SIGTERM");
  await serverExited;
  rmSync(dataDir, { recursive: true, force: true });
}
