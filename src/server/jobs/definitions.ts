import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { enrichEpisodes } from "../ingest/ingest-feed.ts";
import type { Logger } from "../lib/logger.ts";
import { deleteExpiredRateLimits } from "../services/account/rate-limit.ts";
import { runPodcastAddition } from "../services/catalog/additions.ts";
import { trimSearchTier } from "../services/catalog/discovery.ts";
import {
  autoIngestAll,
  backfillAll,
  cleanupAndReingest,
  createIngestContext,
  getFetchPolicy,
  ingestLargeFeed,
  ingestPodcastFeed,
  runQaCheck,
  syncDeltas,
} from "../services/catalog/ingestion.ts";
import { matchYoutubeEpisodes, populateYoutubeUrls } from "../services/catalog/youtube.ts";
import { categorizeEpisodes } from "../services/learning/categorize.ts";
import { createLearningDeps } from "../services/learning/engine.ts";
import { autoEnrichEpisodes, prepareEpisode } from "../services/learning/enrichment.ts";
import { generateEpisodeMindmap, generateMissingMindmaps } from "../services/learning/mindmaps.ts";
import { generateEpisodeQuestions } from "../services/learning/questions.ts";
import {
  createTranscriptionDeps,
  queueMissingTranscriptions,
  TRANSCRIPTION_NOT_CONFIGURED,
  transcribeEpisode,
} from "../services/learning/transcription.ts";

export type JobContext = {
  db: Database;
  logger: Logger;
  config: Config;
  /** Stores live counts for GET /admin/jobs/{queue}/{id}. */
  reportProgress: (progress: Record<string, number | string>) => Promise<void>;
  /** Queues a follow-up job once (an identical job already waiting is not queued again). */
  queueJob: (name: string, data: object) => Promise<void>;
};

export type JobDefinition<Input extends z.ZodType = z.ZodType> = {
  name: string;
  /** Validates the job's data, so a malformed job fails with a clear message before doing anything. */
  input: Input;
  /** Cron expression (UTC), or a function of the configuration, when the job also runs on a schedule. */
  cron?: string | ((config: Config) => string);
  /** Seconds before a running job is presumed dead and retried (a crashed worker). */
  expireInSeconds?: number;
  /** Jobs of this queue one process runs at once (default 1): for work that mostly waits on others. */
  concurrency?: number;
  run: (context: JobContext, data: z.infer<Input>) => Promise<Record<string, unknown>>;
};

const defineJob = <Input extends z.ZodType>(definition: JobDefinition<Input>) => definition;

const ingestContext = (context: JobContext) =>
  createIngestContext(context, context.reportProgress, (podcastId) =>
    context.queueJob("catalog.fetch-details", { podcastId }),
  );
const empty = z.object({}).strict();

/**
 * Catalog jobs that may bring episodes or their transcripts hand over to the learning pipeline
 * (summary, insights, topics, themes, questions, mind map) for what they brought.
 */
const thenLearn =
  (context: JobContext, podcastId?: (result: Record<string, unknown>) => string | undefined) =>
  async <Result extends Record<string, unknown>>(result: Result): Promise<Result> => {
    const id = podcastId?.(result);
    await context.queueJob("learning.auto-enrich", id ? { podcastId: id } : {});
    return result;
  };
const episodeInput = z.object({ episodeId: z.uuid() });

/**
 * Every queue the system knows. Handlers must be idempotent: a job may run again after a crash,
 * and the second run converges to the same rows.
 */
export const jobDefinitions = {
  "maintenance.cleanup": defineJob({
    name: "maintenance.cleanup",
    input: empty,
    cron: "17 * * * *",
    async run({ db }) {
      const sessions = await db.execute(sql`delete from sessions where expires_at < now()`);
      const verifications = await db.execute(sql`delete from verifications where expires_at < now()`);
      const rateLimits = await deleteExpiredRateLimits(db, 24 * 60 * 60);
      const progress = await db.execute(
        sql`delete from job_progress where updated_at < now() - interval '7 days'`,
      );
      // Stripe retries an event for 3 days; a later redelivery would only re-read the same truth.
      const billingEvents = await db.execute(
        sql`delete from billing_events where processed_at < now() - interval '30 days'`,
      );
      const searchTierSize = await trimSearchTier({ db });
      return {
        sessionsDeleted: sessions.rowCount ?? 0,
        verificationsDeleted: verifications.rowCount ?? 0,
        rateLimitsDeleted: rateLimits,
        jobProgressDeleted: progress.rowCount ?? 0,
        billingEventsDeleted: billingEvents.rowCount ?? 0,
        searchTierSize,
      };
    },
  }),
  "catalog.ingest-feed": defineJob({
    name: "catalog.ingest-feed",
    input: z
      .object({ feedUrl: z.string().min(1).optional(), podcastId: z.uuid().optional() })
      .refine((data) => data.feedUrl || data.podcastId, "Give a feedUrl or a podcastId."),
    expireInSeconds: 30 * 60,
    // Also a listener's Enrich Data request (services/catalog/episodes.ts): one slow host in the lab
    // must not hold it up. Two reads of one feed at once store it once (decision 064).
    concurrency: 4,
    run: (context, data) =>
      ingestPodcastFeed(ingestContext(context), data).then(thenLearn(context, (r) => r.podcastId as string)),
  }),
  /** A feed a listener added from the Library (services/catalog/additions.ts). */
  "catalog.add-feed": defineJob({
    name: "catalog.add-feed",
    input: z.object({ additionId: z.uuid() }),
    expireInSeconds: 30 * 60,
    // Mostly waiting on other people's hosts: one slow host must not hold up everyone's additions.
    concurrency: 4,
    run: async (context, data) => {
      const result = await runPodcastAddition(ingestContext(context), data.additionId);
      const podcastId = result.failed ? undefined : (result.podcastId as string | undefined);
      return podcastId ? thenLearn(context, () => podcastId)(result) : result;
    },
  }),
  "catalog.fetch-details": defineJob({
    name: "catalog.fetch-details",
    input: z.object({ podcastId: z.uuid() }),
    expireInSeconds: 2 * 60 * 60,
    run: (context, data) =>
      enrichEpisodes(ingestContext(context), data.podcastId).then(thenLearn(context, () => data.podcastId)),
  }),
  "catalog.enhanced-ingest": defineJob({
    name: "catalog.enhanced-ingest",
    input: z.object({ podcastId: z.uuid(), batchSize: z.int().min(50).max(5000).default(1000) }),
    expireInSeconds: 2 * 60 * 60,
    run: (context, data) =>
      ingestLargeFeed(ingestContext(context), data).then(thenLearn(context, () => data.podcastId)),
  }),
  "catalog.backfill": defineJob({
    name: "catalog.backfill",
    input: empty,
    expireInSeconds: 2 * 60 * 60,
    run: (context) => backfillAll(ingestContext(context)).then(thenLearn(context)),
  }),
  "catalog.sync-deltas": defineJob({
    name: "catalog.sync-deltas",
    input: empty,
    cron: (config) => config.INGEST_SYNC_CRON,
    expireInSeconds: 60 * 60,
    run: (context) => syncDeltas(ingestContext(context)).then(thenLearn(context)),
  }),
  "catalog.auto-ingest": defineJob({
    name: "catalog.auto-ingest",
    input: empty,
    expireInSeconds: 60 * 60,
    run: (context) =>
      autoIngestAll(ingestContext(context), context.config.ingestFeeds).then(thenLearn(context)),
  }),
  "catalog.qa": defineJob({
    name: "catalog.qa",
    input: z.object({ checkAll: z.boolean().default(true), autoFix: z.boolean().default(false) }),
    run: ({ db }, data) => runQaCheck(db, data),
  }),
  "catalog.cleanup-and-reingest": defineJob({
    name: "catalog.cleanup-and-reingest",
    input: empty,
    expireInSeconds: 2 * 60 * 60,
    run: (context) => cleanupAndReingest(ingestContext(context)).then(thenLearn(context)),
  }),
  "catalog.match-youtube": defineJob({
    name: "catalog.match-youtube",
    input: z.object({ podcastId: z.uuid().optional(), batchSize: z.int().min(1).max(1000).default(100) }),
    run: ({ db, config }, data) => matchYoutubeEpisodes({ db, config, policy: getFetchPolicy(config) }, data),
  }),
  "catalog.populate-youtube-urls": defineJob({
    name: "catalog.populate-youtube-urls",
    input: empty,
    run: ({ db }) => populateYoutubeUrls(db),
  }),
  "learning.enrich-episode": defineJob({
    name: "learning.enrich-episode",
    input: episodeInput,
    run: async (context, data) => ({
      episodeId: data.episodeId,
      ...(await prepareEpisode(createLearningDeps(context), data.episodeId)),
    }),
  }),
  "learning.auto-enrich": defineJob({
    name: "learning.auto-enrich",
    input: z.object({ podcastId: z.uuid().optional() }),
    expireInSeconds: 2 * 60 * 60,
    async run(context, data) {
      const result = await autoEnrichEpisodes(createLearningDeps(context), {
        podcastId: data.podcastId,
        onProgress: (done) => context.reportProgress({ phase: "episodes", done }),
      });
      const { config } = context;
      if (!config.TRANSCRIBE_AUTO || !config.TRANSCRIBE_BASE_URL) return result;
      const transcriptionsQueued = await queueMissingTranscriptions(
        context.db,
        (episodeId) => context.queueJob("learning.transcribe", { episodeId }),
        { podcastId: data.podcastId },
      );
      return { ...result, transcriptionsQueued };
    },
  }),
  "learning.transcribe": defineJob({
    name: "learning.transcribe",
    input: episodeInput,
    // Downloading, re-encoding and transcribing three hours of audio on a CPU server takes a while.
    expireInSeconds: 3 * 60 * 60,
    async run(context, data) {
      const deps = createTranscriptionDeps(context, getFetchPolicy(context.config));
      if (!deps) throw new Error(TRANSCRIPTION_NOT_CONFIGURED);
      const result = await transcribeEpisode(deps, data.episodeId, context.reportProgress);
      if (result.status !== "transcribed") return result;
      // The new transcript replaces what was drawn from the show notes (a complete quiz stays).
      await context.reportProgress({ phase: "learning" });
      const prepared = await prepareEpisode(createLearningDeps(context), data.episodeId, {
        needsMindmap: true,
      });
      return { ...result, ...prepared };
    },
  }),
  "learning.generate-questions": defineJob({
    name: "learning.generate-questions",
    input: episodeInput.extend({ force: z.boolean().default(false) }),
    expireInSeconds: 30 * 60,
    async run(context, data) {
      const result = await generateEpisodeQuestions(createLearningDeps(context), data.episodeId, {
        isForced: data.force,
      });
      return { success: result.quizStatus === "complete", ...result };
    },
  }),
  "learning.generate-mindmap": defineJob({
    name: "learning.generate-mindmap",
    input: episodeInput,
    async run(context, data) {
      const { mindmap } = await generateEpisodeMindmap(createLearningDeps(context), data.episodeId);
      return { episodeId: data.episodeId, nodes: mindmap.nodes.length };
    },
  }),
  "learning.generate-missing-mindmaps": defineJob({
    name: "learning.generate-missing-mindmaps",
    input: z.object({ limit: z.int().min(1).max(1000).default(100) }),
    expireInSeconds: 2 * 60 * 60,
    run: (context, data) =>
      generateMissingMindmaps(createLearningDeps(context), {
        limit: data.limit,
        onProgress: (done, total) => context.reportProgress({ phase: "mindmaps", done, total }),
      }),
  }),
  "learning.categorize": defineJob({
    name: "learning.categorize",
    input: z.object({ episodeId: z.uuid().optional() }),
    expireInSeconds: 2 * 60 * 60,
    run: (context, data) =>
      categorizeEpisodes(createLearningDeps(context), {
        episodeId: data.episodeId,
        onProgress: (done, total) => context.reportProgress({ phase: "episodes", done, total }),
      }),
  }),
} satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof jobDefinitions;
export type JobInput<Name extends JobName> = z.input<(typeof jobDefinitions)[Name]["input"]>;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobDefinitions, name);
}
