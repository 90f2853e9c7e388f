import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createOfflineProvider } from "../../src/server/ai/offline/offline-provider.ts";
import { retrievePassages } from "../../src/server/ai/retrieval.ts";
import { createDatabase } from "../../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import { loadSet } from "./sets.ts";

/**
 * Ask's answer time on an hour-long real transcript (the dev set's longest, cut to its first hour):
 * retrieval on PostgreSQL plus the offline answer, per question, median over the dev questions
 * asked of it; the first question (the tagger cold) reported apart.
 * Dev set only. Run: `npm run bench:ask-speed`.
 */
const item = loadSet("dev").sort((a, b) => (b.episode.duration ?? 0) - (a.episode.duration ?? 0))[0];
if (!item) throw new Error("no dev transcript");
const hour = {
  ...item.episode,
  duration: 3600,
  transcriptSegments: item.episode.transcriptSegments?.filter((segment) => segment.start < 3600) ?? null,
};
const questions = item.questions.map((question) => question.question);
const dataDir = await mkdtemp(path.join(os.tmpdir(), "earmark-ask-speed-"));
const postgres = await startEmbeddedPostgres({ dataDir, database: "ask_speed", isPersistent: false });
const db = createDatabase(postgres.url, { max: 2 });
const provider = createOfflineProvider();
try {
  const rssBefore = process.memoryUsage().rss;
  const times: { retrieval: number; answer: number }[] = [];
  for (const round of [0, 1]) {
    for (const question of questions) {
      const t0 = performance.now();
      const passages = await retrievePassages(db, hour, question);
      const t1 = performance.now();
      await provider.answer(hour, question, [], passages);
      const t2 = performance.now();
      if (round === 1 || times.length === 0) times.push({ retrieval: t1 - t0, answer: t2 - t1 });
    }
  }
  const [cold, ...warm] = times;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const total = warm.map((time) => time.retrieval + time.answer);
  console.log(`transcript: ${item.episode.title} — first hour, ${hour.transcriptSegments?.length} cues`);
  console.log(
    `first question (cold): retrieval ${cold?.retrieval.toFixed(0)} ms, answer ${cold?.answer.toFixed(0)} ms`,
  );
  console.log(
    `warm, median of ${warm.length}: retrieval ${median(warm.map((t) => t.retrieval)).toFixed(0)} ms, answer ${median(warm.map((t) => t.answer)).toFixed(0)} ms, total ${median(total).toFixed(0)} ms (max ${Math.max(...total).toFixed(0)} ms; goal ≤ 1000 ms)`,
  );
  console.log(
    `rss growth ${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await db.$client.end();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
}
