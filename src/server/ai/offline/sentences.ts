import type { EpisodeInput, TimedSegment } from "../provider.ts";

/** A sentence of the episode with the second it starts at (from the timed transcript). */
export type TimedSentence = { text: string; start: number; end: number; speaker?: string };

const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "jr",
  "sr",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "u.s",
  "u.k",
  "no",
  "approx",
]);
const TERMINAL = /[.!?…]["')\]’”]*$/;
/** Words a sentence may hold before it is cut even without punctuation (run-on captions). */
const MAX_SENTENCE_WORDS = 80;

/** Sentence boundaries in one piece of text: character offsets where a new sentence starts. */
function sentenceStarts(text: string): number[] {
  const starts = [0];
  const boundary = /([.!?…]+)["')\]’”]*\s+(?=["'([‘“]?[\p{Lu}\p{N}])/gu;
  for (const match of text.matchAll(boundary)) {
    const end = match.index ?? 0;
    if (match[1] === "." && isAbbreviationAt(text, end)) continue;
    starts.push(end + match[0].length);
  }
  return starts;
}

/** Whether the full stop at `end` closes an abbreviation or an initial, not a sentence. */
function isAbbreviationAt(text: string, end: number): boolean {
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, end - 12), end))?.[1]?.toLowerCase() ?? "";
  // "Dr. Lind", "e.g. this", and initials ("J. R. R.") are not sentence ends.
  return ABBREVIATIONS.has(before) || /^\p{L}$/u.test(before);
}

/** A text that ends like a sentence: not on "Dr." or an initial, where a caption cue may cut a name. */
function endsSentence(text: string): boolean {
  if (!TERMINAL.test(text)) return false;
  const trimmed = text.trimEnd();
  return !(trimmed.endsWith(".") && !trimmed.endsWith("..") && isAbbreviationAt(trimmed, trimmed.length - 1));
}

/** Splits a text into sentences, each with its character offset. */
export function splitSentences(text: string): { text: string; offset: number }[] {
  const starts = sentenceStarts(text);
  return starts
    .map((start, i) => ({ text: text.slice(start, starts[i + 1] ?? text.length).trim(), offset: start }))
    .filter((sentence) => sentence.text.length > 0);
}

/**
 * Sentences of a timed transcript. A cue may hold several sentences (each gets a start time
 * interpolated by its position in the cue) and a sentence may run over several cues (it keeps the
 * start of its first cue); a change of speaker always ends a sentence.
 */
export function segmentTimedTranscript(segments: TimedSegment[]): TimedSentence[] {
  const sentences: TimedSentence[] = [];
  let pending: TimedSentence | null = null;
  const flush = () => {
    if (pending?.text.trim()) sentences.push({ ...pending, text: pending.text.trim() });
    pending = null;
  };
  for (const segment of segments) {
    const text = segment.text.replace(/\s+/g, " ").trim();
    if (!text) continue;
    if (pending && (pending as TimedSentence).speaker !== segment.speaker) flush();
    const span = Math.max(0, segment.end - segment.start);
    const pieces = splitSentences(text);
    for (const [i, piece] of pieces.entries()) {
      const pieceStart = segment.start + (span * piece.offset) / text.length;
      const nextOffset = pieces[i + 1]?.offset ?? text.length;
      const pieceEnd = segment.start + (span * nextOffset) / text.length;
      if (pending && i === 0) {
        const current: TimedSentence = pending;
        current.text = `${current.text} ${piece.text}`;
        current.end = pieceEnd;
      } else {
        flush();
        pending = { text: piece.text, start: pieceStart, end: pieceEnd, speaker: segment.speaker };
      }
      const current = pending as TimedSentence | null;
      const isComplete = endsSentence(piece.text);
      const isTooLong = (current?.text.split(" ").length ?? 0) >= MAX_SENTENCE_WORDS;
      if (i < pieces.length - 1 || isComplete || isTooLong) flush();
    }
  }
  flush();
  return sentences;
}

/**
 * The episode as timed sentences: the timed transcript when there is one; else the plain transcript
 * with times estimated from the position in the text over the duration (speech runs at a roughly even
 * pace); else the summary, all at 0 s.
 */
export function episodeSentences(episode: EpisodeInput): { sentences: TimedSentence[]; isTimed: boolean } {
  if (episode.transcriptSegments?.length) {
    const sentences = segmentTimedTranscript(episode.transcriptSegments);
    if (sentences.length) return { sentences, isTimed: true };
  }
  const transcript = episode.transcriptText?.replace(/\s+/g, " ").trim();
  if (transcript) {
    const duration = episode.duration ?? 0;
    const pieces = splitSentences(transcript);
    return {
      sentences: pieces.map((piece, i) => ({
        text: piece.text,
        start: (duration * piece.offset) / transcript.length,
        end: (duration * (pieces[i + 1]?.offset ?? transcript.length)) / transcript.length,
      })),
      isTimed: duration > 0,
    };
  }
  const summary = episode.summary?.replace(/\s+/g, " ").trim();
  return {
    sentences: summary
      ? splitSentences(summary).map((piece) => ({ text: piece.text, start: 0, end: 0 }))
      : [],
    isTimed: false,
  };
}
