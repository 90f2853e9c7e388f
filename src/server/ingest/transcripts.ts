import type { TranscriptSegment } from "../db/schema/catalog.ts";
import { collapseToLine, collapseWhitespace, decodeHtmlEntities, htmlToText } from "./html-text.ts";

export type { TranscriptSegment };
export type ParsedTranscript = { text: string; segments: TranscriptSegment[] };
export type TranscriptFormat = "vtt" | "srt" | "json" | "html" | "text";

export class TranscriptParseError extends Error {
  override name = "TranscriptParseError";
}

/** hh:mm:ss.mmm or mm:ss.mmm (comma or dot before the fraction, fraction optional). */
const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;
const TIMING_LINE = /^\s*(\S+)\s+-->\s+(\S+)(?:\s+.*)?$/;

function parseTimestamp(value: string): number | null {
  const match = TIMESTAMP.exec(value.trim());
  if (!match) return null;
  const [, h, m = "0", s = "0", ms] = match;
  const seconds =
    Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + (ms ? Number(ms.padEnd(3, "0")) / 1000 : 0);
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) / 1000 : null;
}

/** Cue payload → plain text and the voice (`<v Speaker>`) if any. */
function cuePayload(lines: string[]): { text: string; speaker?: string } {
  let speaker: string | undefined;
  const joined = lines.join("\n");
  // <v Speaker>, <v.class Speaker Name>, <v Speaker> ... </v>
  const withoutVoices = joined.replace(
    /<v(?:\.[^\s>]*)?(?:\s+([^>]*))?>/gi,
    (_tag, name: string | undefined) => {
      if (!speaker && name?.trim()) speaker = collapseToLine(decodeHtmlEntities(name));
      return "";
    },
  );
  const text = decodeHtmlEntities(
    withoutVoices
      .replace(/<\/?[a-z][^>]*>/gi, "") // <c>, <i>, <b>, <u>, <ruby>, <rt>, <lang>, </v>
      .replace(/<\d[\d:.]*>/g, "") // karaoke timestamps <00:00:01.000>
      .replace(/\{\\[^}]*\}/g, ""), // SRT/ASS positioning {\an8}
  )
    .replace(/[\u200e\u200f]/g, "")
    .replace(/\u00a0/g, " ");
  return speaker ? { text: collapseToLine(text), speaker } : { text: collapseToLine(text) };
}

/** WebVTT and SRT share the cue layout: [id]\n start --> end [settings]\n payload… */
function parseCues(body: string, format: "vtt" | "srt"): TranscriptSegment[] {
  const blocks = body
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/);
  const segments: TranscriptSegment[] = [];
  for (const [index, block] of blocks.entries()) {
    const lines = block.split("\n").filter((line, i) => i > 0 || line.trim() !== "");
    if (!lines.length) continue;
    const first = lines[0]?.trim() ?? "";
    if (format === "vtt" && index === 0 && /^WEBVTT\b/.test(first) && !lines.some((l) => l.includes("-->")))
      continue;
    if (format === "vtt" && /^(NOTE|STYLE|REGION)\b/.test(first)) continue;
    const timingIndex = lines.findIndex((line) => line.includes("-->"));
    // The timing line is the first or second line (after an optional cue identifier / SRT index).
    if (timingIndex === -1 || timingIndex > 1) continue;
    const timing = TIMING_LINE.exec(lines[timingIndex] ?? "");
    if (!timing) continue;
    const start = parseTimestamp(timing[1] ?? "");
    const end = parseTimestamp(timing[2] ?? "");
    if (start === null || end === null) continue;
    const payload = cuePayload(lines.slice(timingIndex + 1));
    if (!payload.text) continue;
    const previous = segments.at(-1);
    // Rolling captions repeat the previous cue's text; extend it instead of duplicating.
    if (previous && previous.text === payload.text && previous.speaker === payload.speaker) {
      previous.end = Math.max(previous.end, end);
      continue;
    }
    segments.push({
      start,
      end: Math.max(start, end),
      text: payload.text,
      ...(payload.speaker ? { speaker: payload.speaker } : {}),
    });
  }
  return segments;
}

/** Seconds, to the millisecond, from a number, a numeric string or a clock time. */
function toSeconds(value: unknown): number | null {
  const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? ms(value) : null;
  if (typeof value === "string" && value.trim()) {
    if (/^\d+(\.\d+)?$/.test(value.trim())) return ms(Number(value.trim()));
    return parseTimestamp(value);
  }
  return null;
}

/** Joins word-level pieces: "Hello" + "," + "world" → "Hello, world". */
function joinPieces(a: string, b: string): string {
  if (!a) return b;
  if (/^[,.!?;:%)\]}…]/.test(b) || /^['’](s|t|re|ve|ll|d|m)\b/i.test(b)) return `${a}${b}`;
  return `${a} ${b}`;
}

/** Podcasting 2.0 JSON: {version, segments: [{speaker, startTime, endTime, body}]}. */
function parseJsonTranscript(body: string): TranscriptSegment[] {
  let data: unknown;
  try {
    data = JSON.parse(body.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new TranscriptParseError(`The transcript is not valid JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === "object" && Array.isArray((data as { segments?: unknown }).segments)
      ? (data as { segments: unknown[] }).segments
      : null;
  if (!list) throw new TranscriptParseError("The transcript JSON has no segments list.");

  const raw: TranscriptSegment[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const entry = item as Record<string, unknown>;
    const text =
      typeof entry.body === "string" ? entry.body : typeof entry.text === "string" ? entry.text : "";
    const clean = collapseToLine(decodeHtmlEntities(text));
    const start = toSeconds(entry.startTime ?? entry.start);
    if (!clean || start === null) continue;
    const end = toSeconds(entry.endTime ?? entry.end) ?? start;
    const speaker =
      typeof entry.speaker === "string" && entry.speaker.trim() ? collapseToLine(entry.speaker) : undefined;
    raw.push({ start, end: Math.max(start, end), text: clean, ...(speaker ? { speaker } : {}) });
  }
  raw.sort((a, b) => a.start - b.start);

  // Word-level files (one word per segment) are merged into sentence-sized segments of one speaker.
  const averageWords = raw.reduce((sum, s) => sum + s.text.split(" ").length, 0) / (raw.length || 1);
  if (averageWords >= 3) return raw;
  const merged: TranscriptSegment[] = [];
  for (const segment of raw) {
    const last = merged.at(-1);
    const sentenceEnded = last ? /[.!?…]["'’”)]*$/.test(last.text) : true;
    if (last && last.speaker === segment.speaker && !sentenceEnded && segment.end - last.start < 30) {
      last.text = joinPieces(last.text, segment.text);
      last.end = Math.max(last.end, segment.end);
    } else {
      merged.push({ ...segment });
    }
  }
  return merged;
}

/** Plain text for the whole transcript: one paragraph per speaker turn ("Speaker: …"), else one block. */
function segmentsToText(segments: TranscriptSegment[]): string {
  const paragraphs: string[] = [];
  let current: { speaker: string | undefined; parts: string[] } | null = null;
  for (const segment of segments) {
    if (!current || segment.speaker !== current.speaker) {
      if (current)
        paragraphs.push(`${current.speaker ? `${current.speaker}: ` : ""}${current.parts.join(" ")}`);
      current = { speaker: segment.speaker, parts: [] };
    }
    current.parts.push(segment.text);
  }
  if (current) paragraphs.push(`${current.speaker ? `${current.speaker}: ` : ""}${current.parts.join(" ")}`);
  return paragraphs.join("\n\n");
}

/** Which format a transcript is in: a clear signature in the body wins, then the content type, then the URL. */
export function detectTranscriptFormat(
  body: string,
  contentType: string | null,
  url?: string,
): TranscriptFormat {
  const head = body
    .replace(/^\uFEFF/, "")
    .trimStart()
    .slice(0, 512);
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return "vtt";
  if (/^\d+[ \t]*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s+-->/.test(head)) return "srt";
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.includes("vtt")) return "vtt";
  if (type.includes("srt") || type.includes("subrip")) return "srt";
  if (type.includes("json")) return "json";
  if (type.includes("html")) return "html";
  const path = (() => {
    try {
      return url ? new URL(url, "http://x").pathname.toLowerCase() : "";
    } catch {
      return "";
    }
  })();
  if (path.endsWith(".vtt")) return "vtt";
  if (path.endsWith(".srt")) return "srt";
  if (path.endsWith(".json")) return "json";
  if (path.endsWith(".html") || path.endsWith(".htm")) return "html";
  if (/^[[{]/.test(head)) return "json";
  if (/^<(?:!doctype|html|body|p|div|cite|time|span|section|article)\b/i.test(head)) return "html";
  if (/-->/.test(head) && /\d:\d{2}[.,]\d{3}/.test(head)) return "vtt";
  return "text";
}

/**
 * Reads a transcript in any Podcasting 2.0 format: WebVTT (cue settings, `<v Speaker>` voices),
 * SRT, JSON ({segments: [{startTime, endTime, body, speaker}]}), HTML and plain text (text only).
 * Unusable cues are skipped; invalid JSON throws TranscriptParseError. Times are in seconds.
 */
export function parseTranscript(body: string, contentType: string | null, url?: string): ParsedTranscript {
  if (!body?.trim()) return { text: "", segments: [] };
  const format = detectTranscriptFormat(body, contentType, url);
  switch (format) {
    case "vtt":
    case "srt": {
      const segments = parseCues(body, format);
      return { text: segmentsToText(segments), segments };
    }
    case "json": {
      const segments = parseJsonTranscript(body);
      return { text: segmentsToText(segments), segments };
    }
    case "html":
      return { text: htmlToText(body), segments: [] };
    default:
      return { text: collapseWhitespace(body.replace(/^\uFEFF/, "")), segments: [] };
  }
}
