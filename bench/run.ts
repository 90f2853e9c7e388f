import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * `npm run bench`: every benchmark that needs no prepared data, one after the other (each prints its
 * own figures). The search benchmarks need `npm run bench:catalog` first and run on their own.
 */
const benches = ["api.ts", "feed-parse.ts", "ingest.ts", "learning-quality.ts", "landing-js.ts"];
let failed = false;
for (const bench of benches) {
  process.stdout.write(`\n━━ ${bench} ━━\n`);
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, bench)], {
    stdio: "inherit",
  });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
