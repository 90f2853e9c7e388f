import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * `npm test`: unit tests, API tests on a real PostgreSQL, then browser tests on the production
 * build, with one summary at the end. Exits non-zero when anything failed.
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

const only = process.argv.slice(2);
const summary: {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  status: number;
}[] = [];
for (const layer of layers.filter((l) => only.length === 0 || only.includes(l.name))) {
  const reportFile = path.join(results, layer.report);
  rmSync(reportFile, { force: true });
  process.stdout.write(`\n━━ ${layer.name} tests ━━\n`);
  const started = performance.now();
  const run = spawnSync(process.execPath, layer.command, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
  });
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
