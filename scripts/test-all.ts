import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * `npm test`: unit tests, API tests on a real PostgreSQL, then browser tests on the production
 * build, with one summary at the end. Exits non-zero when anything failed. When the e2e layer is to
 * run, its server (production build, demo catalog) starts with the first layer and is ready by the
 * time Playwright needs it, instead of adding its start-up to the run (decision 047).
 */
const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "test-results");
mkdirSync(results, { recursive: true });

type Counts = { passed: number; failed: number; skipped: number };
type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
};
type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; skipped?: number; flaky?: number };
};
type Layer<Report> = { name: string; command: string[]; report: string; count: (json: Report) => Counts };
type AnyLayer = Layer<VitestReport> | Layer<PlaywrightReport>;

const vitestCount = (json: VitestReport): Counts => ({
  passed: json.numPassedTests ?? 0,
  failed: json.numFailedTests ?? 0,
  skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
});

const layers: AnyLayer[] = [
  {
    name: "unit",
    command: [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--project",
      "unit",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=test-results/unit.json",
    ],
    report: "unit.json",
    count: vitestCount,
  },
  {
    name: "api",
    command: [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--project",
      "api",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=test-results/api.json",
    ],
    report: "api.json",
    count: vitestCount,
  },
  {
    name: "e2e",
    command: ["node_modules/@playwright/test/cli.js", "test"],
    report: "e2e.json",
    count: (json: PlaywrightReport): Counts => ({
      passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
      failed: json.stats?.unexpected ?? 0,
      skipped: json.stats?.skipped ?? 0,
    }),
  },
];

type E2eServer = { ready: Promise<void>; stop: () => Promise<void> };

/** tests/e2e/support/serve.ts in the background, its output prefixed; `ready` once it says so. */
function startE2eServer(): E2eServer {
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "tests/e2e/support/serve.ts"],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const forward = (stream: NodeJS.ReadableStream, onLine?: (line: string) => void) => {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          process.stdout.write(`[e2e server] ${line}\n`);
          onLine?.(line);
        }
      });
    };
    forward(child.stdout as NodeJS.ReadableStream, (line) => {
      if (line.includes("e2e server ready")) resolve();
    });
    forward(child.stderr as NodeJS.ReadableStream);
    child.once("exit", (code) => reject(new Error(`The e2e server exited (${code}) before it was ready.`)));
  });
  // The e2e layer reports a failed start; until then a rejection is not an unhandled one.
  ready.catch(() => {});
  return {
    ready,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * A layer's runner with the terminal as its output. Not spawnSync: the event loop must keep reading
 * the e2e server's output meanwhile, or a full pipe would stall the server.
 */
function runLayer(
  command: string[],
  options: { env: NodeJS.ProcessEnv },
): Promise<{ status: number | null }> {
  const child = spawn(process.execPath, command, { cwd: root, stdio: "inherit", env: options.env });
  return new Promise((resolve) => {
    child.once("error", () => resolve({ status: 1 }));
    child.once("exit", (code) => resolve({ status: code }));
  });
}

const only = process.argv.slice(2);
const summary: {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  status: number;
}[] = [];
const selected = layers.filter((l) => only.length === 0 || only.includes(l.name));
const e2eServer = selected.some((l) => l.name === "e2e") ? startE2eServer() : null;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void e2eServer?.stop().finally(() => process.exit(1)));
}
for (const layer of selected) {
  const reportFile = path.join(results, layer.report);
  rmSync(reportFile, { force: true });
  process.stdout.write(`\n━━ ${layer.name} tests ━━\n`);
  const started = performance.now();
  const isE2e = layer.name === "e2e";
  const isServerReady = isE2e && e2eServer ? await e2eServer.ready.then(() => true, reportFailedStart) : true;
  const run = isServerReady
    ? await runLayer(layer.command, {
        env: {
          ...process.env,
          FORCE_COLOR: process.env.FORCE_COLOR ?? "1",
          // playwright.config.ts then uses this server instead of starting one.
          ...(isE2e && e2eServer ? { E2E_SERVER_STARTED: "1" } : {}),
        },
      })
    : { status: 1 };
  if (isE2e) await e2eServer?.stop();
  const counts = existsSync(reportFile)
    ? layer.count(JSON.parse(readFileSync(reportFile, "utf8")))
    : { passed: 0, failed: 0, skipped: 0 };
  // A runner that crashed before reporting counts as one failure.
  if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
  summary.push({
    name: layer.name,
    ...counts,
    seconds: Math.round((performance.now() - started) / 1000),
    status: run.status ?? 1,
  });
}

function reportFailedStart(error: Error): false {
  process.stdout.write(`${error.message}\n`);
  return false;
}

process.stdout.write("\n━━ summary ━━\n");
for (const row of summary) {
  process.stdout.write(
    `  ${row.name.padEnd(5)} ${String(row.passed).padStart(4)} passed ${String(row.failed).padStart(3)} failed ${String(row.skipped).padStart(3)} skipped  ${row.seconds}s\n`,
  );
}
const total = summary.reduce(
  (sum, row) => ({ passed: sum.passed + row.passed, failed: sum.failed + row.failed }),
  { passed: 0, failed: 0 },
);
process.stdout.write(`Tests: ${total.passed} passed, ${total.failed} failed\n`);
process.exit(summary.some((row) => row.status !== 0) || total.failed > 0 ? 1 : 0);
