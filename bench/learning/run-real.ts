import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadDemoEpisodes } from "../../src/server/ai/demo-episodes.ts";
import { createOfflineProvider } from "../../src/server/ai/offline/offline-provider.ts";
import type { EpisodeInput, LearningProvider } from "../../src/server/ai/provider.ts";
import { createDatabase, type Database } from "../../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";
import {
  measureQuizSample,
  measureSet,
  printQuizSample,
  printSet,
  type SampleFigures,
  type SetFigures,
  writeFigures,
} from "./real-sets.ts";
import {
  benchCatalog,
  loadQuizSample,
  loadSet,
  QUIZ_SAMPLE_NAMES,
  type QuizSampleName,
  SET_NAMES,
  type SetName,
} from "./sets.ts";

export const FIGURES_FILE = path.resolve(import.meta.dirname, "../../test-results/learning-bench.json");

/**
 * Measures the engine on the real-transcript sets and prints a table per set. The catalog statistics
 * (corpus) are built from the demo episodes and every benchmark transcript, whichever sets are run, so
 * a set's figures do not depend on which other sets were asked for. Failed questions are listed for
 * the dev set only: the held-out set is for reporting, not tuning.
 */
export async function runRealSets(
  db: Database,
  provider: LearningProvider,
  sets: readonly SetName[],
  demoEpisodes: EpisodeInput[],
): Promise<SetFigures[]> {
  const loaded = Object.fromEntries(SET_NAMES.map((set) => [set, loadSet(set)])) as Record<
    SetName,
    ReturnType<typeof loadSet>
  >;
  const all = [...demoEpisodes, ...SET_NAMES.flatMap((set) => loaded[set].map((item) => item.episode))];
  const { corpus, withShowTopics } = await benchCatalog(all, provider);
  const figures: SetFigures[] = [];
  for (const set of sets) {
    const items = loaded[set].map((item) => ({ ...item, episode: withShowTopics(item.episode) }));
    const result = await measureSet(db, provider, set, items, { corpus });
    printSet(result, set === "dev");
    figures.push(result);
  }
  return figures;
}

/**
 * Measures the quizzes and summaries of the quiz samples (decision 055) and prints a table per
 * sample. Their catalog statistics are the demo episodes and both samples, as a catalog of talk shows
 * would be. Findings are listed for quiz-dev only.
 */
export async function runQuizSamples(
  provider: LearningProvider,
  samples: readonly QuizSampleName[],
  demoEpisodes: EpisodeInput[],
): Promise<SampleFigures[]> {
  const loaded = Object.fromEntries(
    QUIZ_SAMPLE_NAMES.map((sample) => [sample, loadQuizSample(sample)]),
  ) as Record<QuizSampleName, ReturnType<typeof loadQuizSample>>;
  const all = [
    ...demoEpisodes,
    ...QUIZ_SAMPLE_NAMES.flatMap((name) => loaded[name].map((item) => item.episode)),
  ];
  const { corpus, withShowTopics } = await benchCatalog(all, provider);
  const figures: SampleFigures[] = [];
  for (const sample of samples) {
    const items = loaded[sample].map((item) => ({ ...item, episode: withShowTopics(item.episode) }));
    const result = await measureQuizSample(provider, sample, items, { corpus });
    printQuizSample(result, sample === "quiz-dev");
    figures.push(result);
  }
  return figures;
}

if (process.argv[1]?.endsWith("run-real.ts")) {
  const wanted = process.argv.includes("--set") ? process.argv[process.argv.indexOf("--set") + 1] : "all";
  const sets = SET_NAMES.filter((set) => wanted === "all" || wanted === set);
  const samples = QUIZ_SAMPLE_NAMES.filter((sample) => wanted === "all" || wanted === sample);
  if (!sets.length && !samples.length)
    throw new Error(`--set ${wanted}: expected dev, heldout, quiz-dev, quiz-heldout or all`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "earmark-bench-learning-real-"));
  const postgres = await startEmbeddedPostgres({ dataDir, database: "bench_learning", isPersistent: false });
  const db = createDatabase(postgres.url, { max: 2 });
  try {
    const provider = createOfflineProvider();
    const demo = loadDemoEpisodes();
    const figures = await runRealSets(db, provider, sets, demo);
    const sampleFigures = await runQuizSamples(provider, samples, demo);
    writeFigures(FIGURES_FILE, {
      generatedAt: new Date().toISOString(),
      demo: null,
      sets: figures,
      samples: sampleFigures,
    });
    console.log(`\nfigures written to ${path.relative(process.cwd(), FIGURES_FILE)}`);
  } finally {
    await db.$client.end();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
