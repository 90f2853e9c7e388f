import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { forgetCorpusStats } from "../../ai/corpus.ts";
import { type EpisodeInput, enrichmentSchema } from "../../ai/provider.ts";
import { episodes } from "../../db/schema/catalog.ts";
import { episodeMindmaps } from "../../db/schema/learning.ts";
import { findThemes } from "./categorize.ts";
import type { LearningDeps } from "./engine.ts";
import { loadEpisodeInput, loadEpisodeInputs, loadShowTopics } from "./episode-input.ts";
import { generateEpisodeMindmap } from "./mindmaps.ts";
import { generateEpisodeQuestions } from "./questions.ts";

/**
 * Enrichment (spec 2 §7 trigger-episode-enrichment, spec 3 §7 auto-enrich-episodes) and the
 * learning pipeline that follows every catalog ingest: summary, insights, topics and themes, then
 * the quiz questions and the mind map of each episode that lacks them.
 */

/**
 * Writes the engine's summary, insights (timecodes inside the episode), topics and themes with
 * enriched_at in one statement. With a transcript the summary is the engine's (what was actually
 * said, not the show's promotional description), and later feed syncs leave it alone (ingestion
 * checks enriched_at); without one the feed's description stays, and the engine's only fills a
 * missing one. Either way the episode has a summary afterwards. Returns the input as the next steps
 * should see it.
 */
export async function enrichEpisode(
  deps: LearningDeps,
  episode: string | EpisodeInput,
): Promise<EpisodeInput> {
  const input =
    typeof episode === "string"
      ? await loadEpisodeInput(deps.db, episode, { hasShowSpeakers: true })
      : episode;
  const context = await deps.loadContext();
  const enrichment = enrichmentSchema.parse(await deps.provider.enrich(input, context));
  const hasTranscript = Boolean(input.transcriptSegments?.length || input.transcriptText?.trim());
  const summary = hasTranscript ? enrichment.summary : input.summary?.trim() || enrichment.summary;
  const enriched: EpisodeInput = { ...input, summary, topics: enrichment.topics };
  const themes = await findThemes(deps, enriched, context);
  const insights = enrichment.insights.map((insight) => ({
    key_point: insight.key_point,
    timecode: input.duration ? Math.min(insight.timecode, Math.floor(input.duration)) : insight.timecode,
  }));
  await deps.db
    .update(episodes)
    .set({
      // Without a transcript this is decided in SQL, so a feed summary written meanwhile stays.
      summary: hasTranscript
        ? enrichment.summary
        : sql`coalesce(nullif(btrim(${episodes.summary}), ''), ${enrichment.summary})`,
      insights,
      topics: enrichment.topics,
      themes,
      enrichedAt: sql`now()`,
    })
    .where(eq(episodes.id, input.id));
  return enriched;
}

export type PipelineResult = {
  enriched: number;
  skipped: number;
  questionsGenerated: number;
  mindmapsGenerated: number;
};

const PAGE_SIZE = 50;

/**
 * One episode through the pipeline: enrichment (a failure throws), then its questions when the quiz
 * is not complete, then its mind map when it has none or the episode was re-enriched. Questions of a
 * complete quiz are never replaced here: learners' answers and review cards hang on them (the admin
 * lab can force a regeneration).
 */
export async function prepareEpisode(
  deps: LearningDeps,
  episode: string | EpisodeInput,
  options: { needsMindmap?: boolean } = {},
): Promise<LearnedSteps> {
  return learnFromEpisode(deps, await enrichEpisode(deps, episode), options);
}

type LearnedSteps = { isQuestionsGenerated: boolean; isMindmapGenerated: boolean };

/** The steps after enrichment: the questions when the quiz is not complete, then the mind map. */
async function learnFromEpisode(
  deps: LearningDeps,
  input: EpisodeInput,
  options: { needsMindmap?: boolean },
): Promise<LearnedSteps> {
  let isQuestionsGenerated = false;
  let isMindmapGenerated = false;
  try {
    isQuestionsGenerated = (await generateEpisodeQuestions(deps, input.id, { input })).isGenerated;
  } catch {
    // Logged, and quiz_status is 'failed': the quiz screen offers Retry.
  }
  const needsMindmap =
    options.needsMindmap ??
    !(
      await deps.db
        .select({ id: episodeMindmaps.id })
        .from(episodeMindmaps)
        .where(eq(episodeMindmaps.episodeId, input.id))
        .limit(1)
    ).length;
  if (needsMindmap) {
    try {
      await generateEpisodeMindmap(deps, input.id, { input });
      isMindmapGenerated = true;
    } catch {
      // Logged; the admin lab lists episodes still missing a mind map.
    }
  }
  return { isQuestionsGenerated, isMindmapGenerated };
}

/** A page of episodes through the pipeline; a failing episode is logged and counted, never fatal. */
async function runPipeline(
  deps: LearningDeps,
  rows: { id: string; wasEnriched: boolean }[],
  result: PipelineResult,
) {
  const ids = rows.map((row) => row.id);
  const [inputs, mindmaps] = await Promise.all([
    loadEpisodeInputs(deps.db, ids, { hasShowSpeakers: true }),
    deps.db
      .select({ episodeId: episodeMindmaps.episodeId })
      .from(episodeMindmaps)
      .where(inArray(episodeMindmaps.episodeId, ids)),
  ]);
  const hasMindmap = new Set(mindmaps.map((row) => row.episodeId));
  const wasEnriched = new Set(rows.filter((row) => row.wasEnriched).map((row) => row.id));
  const warn = (episodeId: string, error: unknown, message: string) =>
    deps.logger.warn({ episodeId, err: error instanceof Error ? error.message : error }, message);
  const enriched: EpisodeInput[] = [];
  for (const input of inputs) {
    try {
      enriched.push(await enrichEpisode(deps, input));
      result.enriched++;
    } catch (error) {
      result.skipped++;
      warn(input.id, error, "enrichment failed");
    }
  }
  // The page's topics join the catalog's statistics and its shows' topics before its quizzes are
  // written: a new catalog's first quizzes then have the other episodes' topics to offer as choices,
  // where a short episode alone would offer the answers of its own other questions.
  if (!enriched.length) return;
  forgetCorpusStats(deps.db);
  const showTopics = await loadShowTopics(
    deps.db,
    enriched.map((input) => input.id),
  );
  for (const input of enriched) {
    try {
      const learned = await learnFromEpisode(
        deps,
        { ...input, showTopics: showTopics.get(input.id) ?? [] },
        {
          needsMindmap: wasEnriched.has(input.id) || !hasMindmap.has(input.id),
        },
      );
      if (learned.isQuestionsGenerated) result.questionsGenerated++;
      if (learned.isMindmapGenerated) result.mindmapsGenerated++;
    } catch (error) {
      warn(input.id, error, "questions or mind map failed");
    }
  }
}

/**
 * auto-enrich-episodes → {enriched, skipped}: every episode never enriched; for one podcast (after
 * its feed was ingested) also those whose transcript arrived after their enrichment. Only episodes
 * with something to learn from count: visible ones (ready) and any with a transcript. Episodes whose
 * details are still to be fetched wait for them: catalog.fetch-details queues this job when done.
 */
export async function autoEnrichEpisodes(
  deps: LearningDeps,
  options: { podcastId?: string; onProgress?: (done: number) => Promise<void> } = {},
): Promise<PipelineResult> {
  const detailsPending = and(
    isNull(episodes.detailsCheckedAt),
    or(sql`${episodes.transcriptUrl} is not null`, sql`${episodes.chaptersUrl} is not null`),
  );
  const needsEnrichment = options.podcastId
    ? and(
        eq(episodes.podcastId, options.podcastId),
        or(
          isNull(episodes.enrichedAt),
          and(isNotNull(episodes.transcriptText), lt(episodes.enrichedAt, episodes.detailsCheckedAt)),
        ),
      )
    : isNull(episodes.enrichedAt);
  const result: PipelineResult = { enriched: 0, skipped: 0, questionsGenerated: 0, mindmapsGenerated: 0 };
  // Keyset pages in creation order (the partial index episodes_not_enriched_idx), so an episode
  // that fails is not picked up again within the same run.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows: { id: string; createdAt: string; wasEnriched: boolean }[] = await deps.db
      .select({
        id: episodes.id,
        // As text: a JavaScript Date would drop the microseconds and repeat the last row.
        createdAt: sql<string>`${episodes.createdAt}::text`,
        wasEnriched: sql<boolean>`${episodes.enrichedAt} is not null`,
      })
      .from(episodes)
      .where(
        and(
          needsEnrichment,
          or(episodes.ready, isNotNull(episodes.transcriptText)),
          sql`not (${detailsPending})`,
          after
            ? sql`(${episodes.createdAt}, ${episodes.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(episodes.createdAt), asc(episodes.id))
      .limit(PAGE_SIZE);
    if (!rows.length) break;
    after = rows.at(-1) ?? null;
    await runPipeline(deps, rows, result);
    await options.onProgress?.(result.enriched + result.skipped);
  }
  return result;
}
