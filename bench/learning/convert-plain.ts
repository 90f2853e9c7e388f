import { readFileSync, writeFileSync } from "node:fs";
import { cuesOf } from "./convert-changelog.ts";

/**
 * One-off converter for a transcript that has no timestamps at all: paragraphs `Speaker: text`
 * (blank-line separated) into the benchmark's timed JSON. Cues are runs of whole sentences (about 30
 * words at most, as for the Changelog files); every cue's start is its word offset at a constant
 * speaking rate of 150 words a minute, so the expected answer moments, derived from the same cues, are
 * on the same clock. `--alias Host="Gary Jordan (Host)"` renames a speaker label.
 *
 * Usage: tsx bench/learning/convert-plain.ts <in.txt> <out.json> '<metadata JSON>' [--alias A=B]
 */

export const WORDS_PER_MINUTE = 150;

type Cue = { start: number; end: number; speaker: string; text: string };

export function convertPlain(text: string, aliases: Record<string, string> = {}): Cue[] {
  const cues: Cue[] = [];
  let words = 0;
  const at = (count: number) => Math.round((count * 600) / WORDS_PER_MINUTE) / 10;
  for (const raw of text.split(/\n\s*\n/)) {
    const head = /^([^:]{2,60}):\s+(.*)$/s.exec(raw.trim());
    if (!head) continue;
    const label = (head[1] ?? "").trim();
    const speaker = aliases[label] ?? label;
    const body = (head[2] ?? "").replace(/\s+/g, " ").trim();
    for (const cue of cuesOf(body)) {
      const count = cue.split(" ").length;
      cues.push({ start: at(words), end: at(words + count), speaker, text: cue });
      words += count;
    }
  }
  return cues;
}

if (process.argv[1]?.endsWith("convert-plain.ts")) {
  const args = process.argv.slice(2);
  const aliases: Record<string, string> = {};
  for (let i = args.indexOf("--alias"); i !== -1; i = args.indexOf("--alias", i + 1)) {
    const [from, to] = (args[i + 1] ?? "").split("=");
    if (from && to) aliases[from] = to;
  }
  const [input, output, metadata] = args;
  if (!input || !output) throw new Error("usage: convert-plain.ts <in.txt> <out.json> '<metadata>'");
  const cues = convertPlain(readFileSync(input, "utf8"), aliases);
  const meta = metadata ? (JSON.parse(metadata) as Record<string, unknown>) : {};
  const duration = Math.ceil(cues.at(-1)?.end ?? 0);
  const body = JSON.stringify({
    ...meta,
    duration,
    timing: `no timestamps in the source: constant ${WORDS_PER_MINUTE} words per minute`,
    segments: cues,
  });
  writeFileSync(output, `${body.replace(/\},\{"start"/g, '},\n{"start"')}\n`);
  console.log(`${output}: ${cues.length} cues, ${duration} s`);
}
