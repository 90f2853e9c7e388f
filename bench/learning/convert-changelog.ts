import { readFileSync, writeFileSync } from "node:fs";

/**
 * One-off converter (kept so the fixtures can be rebuilt and checked): a Changelog transcript in
 * Markdown (github.com/thechangelog/transcripts, CC BY-SA 4.0) into the benchmark's timed JSON.
 *
 * The Markdown has a speaker per paragraph (`**Name:** text`) and, every few minutes, an inline
 * timestamp `\[MM:SS\]` or `\[HH:MM:SS.ff\]` at the start of a paragraph. Each paragraph is cut into
 * cues of whole sentences (about 30 words at most); a cue's start is interpolated linearly by word
 * count between the two surrounding timestamps (0 s at the first word; past the last timestamp the
 * rate of the last stretch continues). `end` is the next cue's start.
 *
 * Usage: tsx bench/learning/convert-changelog.ts <in.md> <out.json> '<metadata JSON>'
 */

type Cue = { start: number; end: number; speaker: string; text: string };
const CUE_WORDS = 30;

function seconds(stamp: string): number {
  const parts = stamp.split(":").map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", nbsp: " " };

function clean(text: string): string {
  return (
    text
      .replace(
        /\\\[(laughs?|laughter|laughing|inaudible|unintelligible|crosstalk|sighs?|music|pause|applause)[^\]]*\\\]/gi,
        " ",
      )
      .replace(/\\\[\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\\\]\s*/g, "")
      .replace(/\\\[/g, "[")
      .replace(/\\\]/g, "]")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, "$1")
      // Some files keep HTML entities ("You&#39;re").
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&(amp|quot|lt|gt|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
      .replace(/\s+/g, " ")
      .trim()
  );
}

export function cuesOf(text: string): string[] {
  const sentences = text.split(/(?<=[.!?…])\s+(?=\S)/u);
  const cues: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    const words = (current ? `${current} ${sentence}` : sentence).split(" ").length;
    if (current && words > CUE_WORDS) {
      cues.push(current);
      current = sentence;
    } else current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) cues.push(current);
  return cues;
}

export function convertChangelog(markdown: string): { cues: Cue[]; anchors: number } {
  const pieces: { speaker: string; text: string; anchor: number | null; wordsBefore: number }[] = [];
  let words = 0;
  let speaker = "";
  for (const raw of markdown.split(/\n\s*\n/)) {
    const paragraph = raw.trim();
    if (!paragraph || paragraph.startsWith("#")) continue;
    // "**Name:**", and "**Break**:" in later files.
    const head = /^\*\*([^*]+?)(?::\*\*|\*\*:)\s*(.*)$/s.exec(paragraph);
    let body = paragraph;
    if (head) {
      speaker = (head[1] ?? "").trim();
      body = head[2] ?? "";
    }
    const stamp = /^\\\[(\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?)\\\]\s*/.exec(body);
    let anchor: number | null = null;
    if (stamp) {
      anchor = seconds(stamp[1] ?? "0");
      body = body.slice(stamp[0].length);
    }
    const text = clean(body);
    if (!text) continue;
    cuesOf(text).forEach((cue, i) => {
      pieces.push({ speaker, text: cue, anchor: i === 0 ? anchor : null, wordsBefore: words });
      words += cue.split(" ").length;
    });
  }
  const anchors = [{ words: 0, time: 0 }];
  for (const piece of pieces)
    if (piece.anchor !== null && piece.anchor > (anchors.at(-1)?.time ?? 0))
      anchors.push({ words: piece.wordsBefore, time: piece.anchor });
  const timeAt = (w: number) => {
    // No timestamp at all: a constant 150 words a minute.
    if (anchors.length < 2) return (w * 60) / 150;
    let i = anchors.findIndex((a) => a.words > w);
    if (i === -1) i = anchors.length - 1;
    if (i === 0) i = 1;
    const a = anchors[i - 1] as { words: number; time: number };
    const b = anchors[i] as { words: number; time: number };
    const rate = (b.time - a.time) / Math.max(1, b.words - a.words);
    return a.time + (w - a.words) * rate;
  };
  const cues = pieces.map((piece, i) => {
    const start = Math.round(timeAt(piece.wordsBefore) * 10) / 10;
    const next = pieces[i + 1];
    const end = Math.round(timeAt(next ? next.wordsBefore : words) * 10) / 10;
    return { start, end: Math.max(end, start), speaker: piece.speaker, text: piece.text };
  });
  return { cues, anchors: anchors.length - 1 };
}

if (process.argv[1]?.endsWith("convert-changelog.ts")) {
  const [input, output, metadata] = process.argv.slice(2);
  if (!input || !output) throw new Error("usage: convert-changelog.ts <in.md> <out.json> '<metadata>'");
  const { cues, anchors } = convertChangelog(readFileSync(input, "utf8"));
  const meta = metadata ? (JSON.parse(metadata) as Record<string, unknown>) : {};
  const duration = Math.ceil(cues.at(-1)?.end ?? 0);
  writeFileSync(
    output,
    `${JSON.stringify({ ...meta, duration, timing: `interpolated between ${anchors} inline timestamps`, segments: cues }, null, 0).replace(/\},\{"start"/g, '},\n{"start"')}\n`,
  );
  console.log(`${output}: ${cues.length} cues, ${anchors} anchors, ${duration} s`);
}
