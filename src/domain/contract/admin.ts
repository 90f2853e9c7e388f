import { z } from "zod";

/**
 * Response bodies of the admin lab (src/server/routes/admin.ts): queued jobs and their state,
 * podcast stats and the YouTube import.
 */

export const queuedJobSchema = z
  .object({
    jobId: z.string(),
    queue: z.string().meta({ description: "The job's queue", example: "catalog.ingest-feed" }),
  })
  .meta({ id: "QueuedJob" });
export type QueuedJob = z.infer<typeof queuedJobSchema>;

export const jobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    state: z.string().meta({ description: "created, retry, active, completed, cancelled or failed" }),
    data: z.unknown(),
    progress: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "Live counts while running, e.g. {phase, done, total}" }),
    output: z.unknown().meta({ description: "The result (completed) or the error (failed)" }),
    createdOn: z.string().meta({ format: "date-time" }),
    startedOn: z.string().nullable().meta({ format: "date-time" }),
    completedOn: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Job" });
export type Job = z.infer<typeof jobSchema>;

export const podcastStatsSchema = z
  .object({
    stats: z.array(
      z.object({ podcast_id: z.uuid(), name: z.string(), total: z.int(), ready: z.int(), pending: z.int() }),
    ),
  })
  .meta({ id: "PodcastStats" });
export type PodcastStats = z.infer<typeof podcastStatsSchema>;

export const youtubeImportSchema = z
  .object({ success: z.literal(true), episode: z.object({ id: z.uuid(), title: z.string() }) })
  .meta({ id: "YoutubeImport" });
export type YoutubeImport = z.infer<typeof youtubeImportSchema>;
