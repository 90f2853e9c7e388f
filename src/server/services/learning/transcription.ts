import { and, eq, isNull, sql } from "drizzle-orm";
import type { TranscriptionState, TranscriptSegment } from "../../../domain/contract/episodes.ts";
import { splitAudio } from "../../ai/transcribe/audio-chunks.ts";
import { createTranscriber, type Transcriber } from "../../ai/transcribe/transcriber.ts";
import { formatVtt } from "../../ai/transcribe/vtt.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { episodes } from "../../db/schema/catalog.ts";
import { type FetchPolicy, safeFetch } from "../../ingest/safe-fetch.ts";
import { parseTranscript } from "../../ingest/transcripts.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";

/**
 * Transcripts for episodes whose feed has none: the audio goes through the safe fetcher to an
 * OpenAI-compatible `/audio/transcriptions` service, in chunks when it is over the service's upload
 * limit, and the timed segments come back as the episode's transcript (decision 026).
 */

/** The largest audio file we download (a three-hour episode at 128 kbit/s is ~170 MB). */
export const MAX_AUDIO_BYTES = 400 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

export type TranscriptionDeps = {
  db: Database;
  logger: Logger;
  policy: FetchPolicy;
  transcriber: Transcriber;
  maxUploadBytes: number;
};

/** The configured service, or null when TRANSCRIBE_BASE_URL is not set. */
export function createTranscriptionDeps(
  deps: { db: Database; logger: Logger; config: Config },
  policy: FetchPolicy,
): TranscriptionDeps | null {
  const { config } = deps;
  if (!config.TRANSCRIBE_BASE_URL) return null;
  return {
    db: deps.db,
    logger: deps.logger,
    policy,
    maxUploadBytes: config.TRANSCRIBE_MAX_UPLOAD_BYTES,
    transcriber: createTranscriber({
      baseUrl: config.TRANSCRIBE_BASE_URL,
      apiKey: config.TRANSCRIBE_API_KEY,
      model: config.TRANSCRIBE_MODEL,
      timeoutMs: config.TRANSCRIBE_TIMEOUT_MS,
    }),
  };
}

export const TRANSCRIPTION_NOT_CONFIGURED =
  "Transcription is not set up on this server (TRANSCRIBE_BASE_URL is not set).";

type Progress = (progress: Record<string, number | string>) => Promise<void>;

const AUDIO_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
  webm: "audio/webm",
};

/** A file name the service can read the format from: the URL's extension, else the content type. */
export function audioFileName(
  url: string,
  contentType: string | null,
): { fileName: string; mimeType: string } {
  const extension = new URL(url).pathname.split(".").at(-1)?.toLowerCase() ?? "";
  const declared = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  // Own keys only: a URL ending ".constructor" or ".__proto__" must not find Object.prototype's members.
  const known = Object.hasOwn(AUDIO_TYPES, extension) ? AUDIO_TYPES[extension] : undefined;
  if (known) return { fileName: `episode.${extension}`, mimeType: known };
  const byType = Object.entries(AUDIO_TYPES).find(([, type]) => type === declared);
  return byType
    ? { fileName: `episode.${byType[0]}`, mimeType: byType[1] }
    : { fileName: "episode.mp3", mimeType: declared.startsWith("audio/") ? declared : "audio/mpeg" };
}

/** Segments of consecutive chunks on the episode's clock, in order. */
export function offsetSegments(
  chunks: { offset: number; segments: TranscriptSegment[] }[],
): TranscriptSegment[] {
  return chunks.flatMap(({ offset, segments }) =>
    segments.map((segment) => ({
      ...segment,
      start: Math.round((segment.start + offset) * 1000) / 1000,
      end: Math.round((segment.end + offset) * 1000) / 1000,
    })),
  );
}

/** The episode's transcription state (null: nothing under way) and, when it failed, why. */
async function setState(
  db: Database,
  episodeId: string,
  state: TranscriptionState | null,
  error: string | null = null,
) {
  await db
    .update(episodes)
    .set({ transcriptionState: state, transcriptionError: error })
    .where(eq(episodes.id, episodeId));
}

export type TranscriptionResult = {
  episodeId: string;
  status: "transcribed" | "skipped";
  chunks: number;
  segments: number;
};

/**
 * learning.transcribe: download, split when needed, transcribe chunk by chunk, store the transcript
 * (only if the episode still has none: a feed transcript that arrived meanwhile wins). Failures set
 * the episode's transcription state to failed with the reason, then rethrow so the job is retried.
 */
export async function transcribeEpisode(
  deps: TranscriptionDeps,
  episodeId: string,
  reportProgress: Progress = async () => {},
): Promise<TranscriptionResult> {
  const [episode] = await deps.db
    .select({
      audioUrl: episodes.audioUrl,
      hasTranscript: sql<boolean>`${episodes.transcriptText} is not null`,
    })
    .from(episodes)
    .where(eq(episodes.id, episodeId))
    .limit(1);
  if (!episode) throw notFound("Episode not found");
  if (episode.hasTranscript) {
    await setState(deps.db, episodeId, null);
    return { episodeId, status: "skipped", chunks: 0, segments: 0 };
  }
  await setState(deps.db, episodeId, "running");
  try {
    if (!episode.audioUrl) throw new Error("The episode has no audio file to transcribe.");
    await reportProgress({ phase: "downloading" });
    const download = await safeFetch(episode.audioUrl, {
      policy: {
        ...deps.policy,
        maxBytes: MAX_AUDIO_BYTES,
        maxDecompressedBytes: MAX_AUDIO_BYTES,
        timeoutMs: DOWNLOAD_TIMEOUT_MS,
      },
      accept: "audio/*, video/*;q=0.5, */*;q=0.1",
    });
    if (download.status !== "ok") throw new Error("The audio server sent no file.");
    await reportProgress({ phase: "splitting" });
    const chunks = await splitAudio(download.body, {
      ...audioFileName(download.finalUrl, download.contentType),
      maxBytes: deps.maxUploadBytes,
    });
    const transcribed: { offset: number; segments: TranscriptSegment[] }[] = [];
    for (const [index, chunk] of chunks.entries()) {
      await reportProgress({ phase: "transcribing", done: index, total: chunks.length });
      transcribed.push({ offset: chunk.offset, segments: await deps.transcriber.transcribe(chunk) });
    }
    // Through the same VTT reader as a feed's transcript, so both kinds are stored alike.
    const { text, segments } = parseTranscript(formatVtt(offsetSegments(transcribed)), "text/vtt");
    if (!text.trim()) throw new Error("The transcription service found no speech in the audio.");
    await deps.db
      .update(episodes)
      .set({
        transcriptText: text,
        transcriptSegments: segments,
        transcribedAt: sql`now()`,
        transcriptionState: null,
        transcriptionError: null,
      })
      .where(and(eq(episodes.id, episodeId), isNull(episodes.transcriptText)));
    await reportProgress({ phase: "done", done: chunks.length, total: chunks.length });
    return { episodeId, status: "transcribed", chunks: chunks.length, segments: segments.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn({ episodeId, err: message }, "transcription failed");
    await setState(deps.db, episodeId, "failed", message.slice(0, 500));
    throw error;
  }
}

/** Marks the episode queued and sends the job; 404 for an unknown episode, 409 when it has a transcript. */
export async function queueTranscription(
  deps: { db: Database; config: Config },
  send: (episodeId: string) => Promise<string>,
  episodeId: string,
): Promise<{ jobId: string; queue: "learning.transcribe" }> {
  if (!deps.config.TRANSCRIBE_BASE_URL) throw new AppError("NOT_CONFIGURED", TRANSCRIPTION_NOT_CONFIGURED);
  const [episode] = await deps.db
    .select({ hasTranscript: sql<boolean>`${episodes.transcriptText} is not null` })
    .from(episodes)
    .where(eq(episodes.id, episodeId))
    .limit(1);
  if (!episode) throw notFound("Episode not found");
  if (episode.hasTranscript) throw new AppError("CONFLICT", "This episode already has a transcript.");
  // Marked before it is sent: a worker that starts at once sets "running", which must not be
  // overwritten by a late "queued".
  await setState(deps.db, episodeId, "queued");
  try {
    return { jobId: await send(episodeId), queue: "learning.transcribe" };
  } catch (error) {
    await setState(deps.db, episodeId, null);
    throw error;
  }
}

/** Episodes one auto-enrich run queues for transcription at most (each is a long, possibly paid job). */
export const AUTO_TRANSCRIBE_BATCH = 50;

/**
 * With TRANSCRIBE_AUTO: queues learning.transcribe for episodes that have audio, no transcript (their
 * feed's details were fetched, or they never had a transcript link) and nothing under way or failed.
 */
export async function queueMissingTranscriptions(
  db: Database,
  queue: (episodeId: string) => Promise<void>,
  options: { podcastId?: string; limit?: number } = {},
): Promise<number> {
  const rows = await db
    .select({ id: episodes.id })
    .from(episodes)
    .where(
      and(
        options.podcastId ? eq(episodes.podcastId, options.podcastId) : undefined,
        isNull(episodes.transcriptText),
        isNull(episodes.transcriptionState),
        sql`${episodes.audioUrl} is not null`,
        sql`(${episodes.transcriptUrl} is null or ${episodes.detailsCheckedAt} is not null)`,
      ),
    )
    .orderBy(sql`${episodes.pubDate} desc`)
    .limit(options.limit ?? AUTO_TRANSCRIBE_BATCH);
  for (const row of rows) {
    await setState(db, row.id, "queued");
    await queue(row.id).catch(async (error) => {
      await setState(db, row.id, null);
      throw error;
    });
  }
  return rows.length;
}
