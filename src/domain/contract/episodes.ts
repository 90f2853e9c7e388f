import { z } from "zod";
import { podcastSummarySchema } from "./catalog.ts";

/**
 * Response bodies of episode detail (src/server/routes/episodes.ts, spec 2 §2) and its Enrich Data
 * action. Guests and hosts share the person shape with their own pages (./people.ts).
 */

export const personSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    bio: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    twitterHandle: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
  })
  .meta({ id: "Person" });
export type Person = z.infer<typeof personSchema>;

export const chapterSchema = z
  .object({ startTime: z.int().meta({ description: "Seconds" }), title: z.string() })
  .meta({ id: "Chapter" });
export type Chapter = z.infer<typeof chapterSchema>;

export const transcriptSegmentSchema = z
  .object({
    start: z.number().meta({ description: "Seconds from the start" }),
    end: z.number().meta({ description: "Seconds from the start" }),
    text: z.string(),
    speaker: z.string().nullable(),
  })
  .meta({ id: "TranscriptSegment" });
export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;

/** Where learning.transcribe stands for an episode: null when nothing is under way. */
export const transcriptionStates = ["queued", "running", "failed"] as const;
export type TranscriptionState = (typeof transcriptionStates)[number];

export const transcriptionSchema = z
  .object({
    source: z.enum(["feed", "service"]).nullable().meta({
      description: "Who made the transcript: the feed, or the transcription service; null when none",
    }),
    state: z.enum(transcriptionStates).nullable(),
    isServiceConfigured: z.boolean().meta({ description: "Whether this server can transcribe episodes" }),
  })
  .meta({ id: "Transcription" });
export type Transcription = z.infer<typeof transcriptionSchema>;

export const episodeDetailSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    summary: z.string().nullable(),
    insights: z.array(
      z.object({
        keyPoint: z.string(),
        timecode: z.int().nullable().meta({ description: "Seconds from the start" }),
      }),
    ),
    keyInsights: z.array(z.string()).meta({ description: "Legacy key points without timecodes" }),
    topics: z.array(z.string()),
    hasTranscript: z.boolean().meta({
      description: "Whether the episode has transcript text (fetched from /episodes/{id}/transcript)",
    }),
    transcriptUrl: z.string().nullable(),
    transcription: transcriptionSchema,
    audioUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    duration: z.int().nullable().meta({ description: "Seconds" }),
    pubDate: z.string().meta({ format: "date-time" }),
    publishedAt: z.string().nullable().meta({ format: "date-time" }),
    quizStatus: z.string(),
    podcast: podcastSummarySchema,
    chapters: z.array(chapterSchema),
    links: z.array(
      z.object({ url: z.string(), title: z.string().nullable(), category: z.string().nullable() }),
    ),
    guests: z.array(personSchema),
    hosts: z.array(personSchema),
    counts: z.object({ people: z.int(), chapters: z.int(), links: z.int(), transcriptSegments: z.int() }),
  })
  .meta({ id: "EpisodeDetail" });
export type EpisodeDetail = z.infer<typeof episodeDetailSchema>;

/**
 * The heavy part of an episode, kept out of the detail (an hour's transcript is ~100 KB): fetched
 * when the Transcript tab opens, cached long by browsers (decision 034).
 */
export const episodeTranscriptSchema = z
  .object({
    text: z.string().nullable(),
    url: z.string().nullable(),
    segments: z.array(transcriptSegmentSchema),
  })
  .meta({ id: "EpisodeTranscript" });
export type EpisodeTranscript = z.infer<typeof episodeTranscriptSchema>;

export const enrichmentQueuedSchema = z
  .object({ jobId: z.string(), podcastId: z.uuid() })
  .meta({ id: "EnrichmentQueued" });
export type EnrichmentQueued = z.infer<typeof enrichmentQueuedSchema>;
