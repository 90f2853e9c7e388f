import type { TranscriptSegment } from "../../../domain/contract/episodes.ts";

/** hh:mm:ss.mmm, the WebVTT timestamp. */
export function formatVttTimestamp(seconds: number): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(millis % 1000, 3)}`;
}

/** Cue text on one line, with the characters WebVTT reserves escaped and no "-->" to end the cue. */
function cueText(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A WebVTT document of the segments (speakers as <v> voices), in the order given. */
export function formatVtt(segments: TranscriptSegment[]): string {
  const cues = segments
    .map((segment) => ({ ...segment, text: cueText(segment.text) }))
    .filter((segment) => segment.text)
    .map((segment) => {
      const voice = segment.speaker ? `<v ${cueText(segment.speaker)}>` : "";
      const end = Math.max(segment.start, segment.end);
      return `${formatVttTimestamp(segment.start)} --> ${formatVttTimestamp(end)}\n${voice}${segment.text}`;
    });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}
