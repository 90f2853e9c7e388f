/**
 * Ask diagnostics on the DEV set only: for every question, what retrieval returned, the gate's
 * signals and the winning sentence, so failures can be classified. Never run on held-out.
 * `npx tsx bench/learning/diagnose-ask.ts`
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { answerFromOverview, detectEpisodeIntent } from "../../src/server/ai/episode-intent.ts";
import { scorePassages } from "../../src/server/ai/offline/answer.ts";
import { createOfflineProvider } from "../../src/server/ai/offline/offline-provider.ts";
import { retrievePassages } from "../../src/server/ai/retrieval.ts";
import { createDatabase } from "../../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import { loadSet } from "./sets.ts";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "earmark-diag-ask-"));
const postgres = await startEmbeddedPostgres({ dataDir, database: "diag_ask", isPersistent: false });
const db = createDatabase(postgres.url, { max: 2 });
const provider = createOfflineProvider();
const only = process.argv[2];
try {
  for (const item of loadSet("dev", process.env.PROBE_SET)) {
    for (const q of item.questions) {
      if (only && `${item.transcript.slug}:${q.id}` !== only && q.id !== only) continue;
      const intent = detectEpisodeIntent(q.question);
      const passages = await retrievePassages(db, item.episode, q.question);
      const inMoment = (t: number, end = t) => q.moments.some((m) => end >= m.from - 30 && t <= m.to + 30);
      const reply =
        (await answerFromOverview(q.question, async () => ({
          title: item.episode.title,
          podcastName: item.episode.podcastName ?? null,
          summary: "(summary)",
          insights: [],
          guests: [],
          hosts: [],
          topics: [],
          transcriptSegments: item.episode.transcriptSegments,
        }))) ?? (await provider.answer(item.episode, q.question, [], passages));
      const top = reply.sources[0]?.timecode ?? null;
      const ok = q.kind === "offtopic" ? !reply.sources.length : top !== null && inMoment(top);
      const s = scorePassages(q.question, [], passages);
      const fmt = (n: number) => n.toFixed(2);
      console.log(
        `${ok ? "✓" : "✗"} ${item.transcript.slug.slice(0, 4)} ${q.id} [${q.kind}] intent=${intent ?? "-"} "${q.question}"`,
      );
      console.log(
        `   expected ${q.moments.map((m) => `${Math.floor(m.from)}–${Math.ceil(m.to)}`).join(", ") || "-"} top=${top ?? "refused"}`,
      );
      console.log(
        `   terms ${s.terms.map((t) => `${t}(w${fmt(s.weight.get(t) ?? 0)})`).join(" ")} | coverage=${fmt(s.bestCoverage)}`,
      );
      if (!intent)
        console.log(
          `TAB ${ok ? 1 : 0} ${q.kind} ${item.transcript.slug.slice(0, 4)}-${q.id} refused=${!reply.sources.length} coverage=${fmt(s.bestCoverage)}`,
        );
      console.log(
        `   passages ${passages
          .map(
            (p, i) =>
              `${inMoment(p.start, p.end) ? "*" : ""}${p.start}:${fmt(p.rank)}/${fmt(s.coverage[i] ?? 0)}`,
          )
          .join(" ")}`,
      );
      console.log(`   answer: ${reply.answer.slice(0, 180).replace(/\n/g, " ")}`);
      if (process.env.DIAG_SENTENCES)
        for (const sentence of [...s.sentences].sort((a, b) => b.score - a.score).slice(0, 6))
          console.log(
            `     ${fmt(sentence.score)} (words ${fmt(sentence.wordScore)}) @${Math.round(sentence.start)} [${[...sentence.matched].join(",")}] ${sentence.text.slice(0, 110)}`,
          );
    }
  }
} finally {
  await db.$client.end();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
}
