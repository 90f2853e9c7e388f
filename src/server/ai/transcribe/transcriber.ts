import OpenAI, { toFile } from "openai";
import { z } from "zod";
import type { TranscriptSegment } from "../../../domain/contract/episodes.ts";

/** One piece of audio a speech-to-text service turns into timed segments (times from its start). */
export type Transcriber = {
  name: string;
  transcribe(audio: { data: Buffer; fileName: string; mimeType: string }): Promise<TranscriptSegment[]>;
};

export type TranscriberOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Per request (an hour-long chunk can take minutes on a CPU whisper server). */
  timeoutMs: number;
  /** Further attempts after a transport error, 408, 409, 429 or 5xx, with the SDK's backoff. */
  maxRetries?: number;
};

export class TranscriptionError extends Error {
  override name = "TranscriptionError";
}

/**
 * The part of `verbose_json` we rely on. OpenAI, Groq, faster-whisper servers, whisper.cpp's server
 * and LocalAI all return segments with start, end and text; everything else is optional.
 */
const verboseReply = z.object({
  text: z.string().optional(),
  duration: z.coerce.number().optional(),
  segments: z
    .array(z.object({ start: z.coerce.number(), end: z.coerce.number(), text: z.string() }))
    .optional(),
});

/** Segments of a reply; a reply with text but no segments becomes one segment over its duration. */
export function segmentsFromReply(reply: unknown): TranscriptSegment[] {
  const parsed = verboseReply.safeParse(reply);
  if (!parsed.success) throw new TranscriptionError("The transcription service sent a reply we cannot read.");
  const { segments, text, duration } = parsed.data;
  if (segments?.length) {
    return segments
      .map((segment) => ({
        start: Math.max(0, segment.start),
        end: Math.max(segment.start, segment.end),
        text: segment.text.trim(),
        speaker: null,
      }))
      .filter((segment) => segment.text);
  }
  const whole = text?.trim();
  return whole ? [{ start: 0, end: Math.max(0, duration ?? 0), text: whole, speaker: null }] : [];
}

/**
 * A client of any OpenAI-compatible `POST /v1/audio/transcriptions` (multipart upload, `verbose_json`
 * with segment timestamps), through the openai SDK, which also retries what is worth retrying.
 */
export function createTranscriber(options: TranscriberOptions): Transcriber {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers need no key; the SDK insists on one.
    apiKey: options.apiKey || "not-needed",
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 3,
  });
  return {
    name: `openai-compatible:${options.model}`,
    async transcribe(audio) {
      try {
        const reply = await client.audio.transcriptions.create({
          file: await toFile(audio.data, audio.fileName, { type: audio.mimeType }),
          model: options.model,
          response_format: "verbose_json",
          timestamp_granularities: ["segment"],
        });
        return segmentsFromReply(reply);
      } catch (error) {
        if (error instanceof TranscriptionError) throw error;
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        throw new TranscriptionError(
          `The transcription service failed${status ? ` with HTTP ${status}` : ""}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
