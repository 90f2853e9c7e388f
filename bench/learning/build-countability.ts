import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import {
  BARE_BEFORE_WORDS,
  COUNT_BEFORE_WORDS,
  HEAD_AFTER_WORDS,
} from "../../src/server/ai/offline/countability.ts";
import { convertChangelog } from "./convert-changelog.ts";

/**
 * Rebuilds `src/server/ai/offline/data/countability.tsv` (decision 059): for each word, how often
 * the Changelog transcripts (github.com/thechangelog/transcripts, CC BY-SA 4.0, Changelog Media)
 * say it as a noun's head after "a"/"an"/"another"/"every"/"each", and how often bare after a word
 * that takes a bare noun ("of", "with", "is", "more"…). Only counts, no text, are kept.
 *
 * Usage: tsx bench/learning/build-countability.ts <git dir of the transcripts> [exclude list]
 * The exclude list (default `countability-excluded.txt` beside this file) names transcripts
 * (`show_file.md`, one per line) that a benchmark set or a reading sample (decisions 055–059) uses,
 * so no measurement reads counts taken from its own text.
 */
const [gitDir, excludeFile = new URL("./countability-excluded.txt", import.meta.url).pathname] =
  process.argv.slice(2);
if (!gitDir) throw new Error("usage: build-countability.ts <git dir> [exclude list]");
const git = (...args: string[]) =>
  execFileSync("git", ["-C", gitDir, ...args], { maxBuffer: 1 << 30 }).toString();
const excluded = new Set(readFileSync(excludeFile, "utf8").split("\n").filter(Boolean));
const files = git("ls-tree", "-r", "--name-only", "HEAD")
  .split("\n")
  .filter((file) => /^[a-z]+\/[^/]+\.md$/.test(file) && !file.startsWith("_") && !/readme/i.test(file))
  .filter((file) => !excluded.has(file.replace("/", "_")));

/**
 * Fixed phrases where a countable noun stands bare ("for example", "in place", "in school"): not
 * counted, or "example" would read as a noun that takes no "a".
 */
const IDIOMS = new Set(
  `for example|for instance|of course|in fact|in case|in place|in person|on purpose|in turn|in time|on time|
in order|in charge|in touch|in mind|in line|on board|in front|on top|in school|in college|in class|in bed|
in hospital|in jail|in prison|in office|on stage|in public|in private|on air|in theory|in practice|in general|
in particular|on average|in advance|in return|in response|in addition|in common|in total|of sorts|in short`
    .split("|")
    .map((idiom) => idiom.trim()),
);

const counted = new Map<string, [number, number]>();
const TOKEN = /[a-z]+(?:['’][a-z]+)*|[.,!?;:()"—–]|\s-\s/g;
let read = 0;
for (const file of files) {
  const text = git("show", `HEAD:${file}`);
  let cues: string[];
  try {
    cues = convertChangelog(text).cues.map((cue) => cue.text);
  } catch {
    continue;
  }
  read++;
  for (const cue of cues) {
    const tokens = cue.toLowerCase().match(TOKEN) ?? [];
    for (let i = 1; i < tokens.length; i++) {
      const word = tokens[i] as string;
      if (!/^[a-z]{3,}$/.test(word)) continue;
      const next = tokens[i + 1];
      // Only a head: the next token ends the phrase ("a chaos." yes, "a software engineer" no).
      if (next !== undefined && /^[a-z]/.test(next) && !HEAD_AFTER_WORDS.has(next)) continue;
      const before = tokens[i - 1] as string;
      if (IDIOMS.has(`${before} ${word}`)) continue;
      const isCount = COUNT_BEFORE_WORDS.has(before);
      if (!isCount && !BARE_BEFORE_WORDS.has(before)) continue;
      const counts = counted.get(word) ?? [0, 0];
      counts[isCount ? 0 : 1]++;
      counted.set(word, counts);
    }
  }
}
const lines = [...counted]
  .filter(([, [withA, bare]]) => withA + bare >= 8)
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([word, [withA, bare]]) => `${word}\t${withA}\t${bare}`);
writeFileSync(
  new URL("../../src/server/ai/offline/data/countability.tsv", import.meta.url),
  `${lines.join("\n")}\n`,
);
console.log(`${read} transcripts read (${excluded.size} excluded), ${lines.length} words kept`);
