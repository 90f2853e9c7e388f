import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import {
  BARE_BEFORE_WORDS,
  COUNT_BEFORE_WORDS,
  HEAD_AFTER_WORDS,
} from "../../src/server/ai/offline/countability.ts";
import { convertChangelog } from "./convert-changelog.ts";

/**
 * Rebuilds the offline engine's usage tables (decision 059) from the Changelog transcripts
 * (github.com/thechangelog/transcripts, CC BY-SA 4.0, Changelog Media). Only counts, no text, are kept.
 * - `data/countability.tsv`: for each word, how often it is said as a noun's head after
 *   "a"/"an"/"another"/"every"/"each", and how often bare after a word that takes a bare noun
 *   ("of", "with", "is", "more"…).
 * - `data/collocations.tsv`: pairs of adjacent words said at least 10 times where one word is
 *   mostly said beside the other ("of course", "little bit", "lack of"): the pair's count, the
 *   share of the second word's uses that follow the first, and the share of the first word's uses
 *   that precede the second.
 *
 * Usage: node --max-old-space-size=3000 --import tsx bench/learning/build-usage-tables.ts
 *   <git dir of the transcripts> [exclude list]
 * The exclude list (default `usage-tables-excluded.txt` beside this file) names transcripts
 * (`show_file.md`, one per line) that a benchmark set or a reading sample (decisions 055–059) uses,
 * so no measurement reads counts taken from its own text.
 */
const [gitDir, excludeFile = new URL("./usage-tables-excluded.txt", import.meta.url).pathname] =
  process.argv.slice(2);
if (!gitDir) throw new Error("usage: build-usage-tables.ts <git dir> [exclude list]");
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
const wordCounts = new Map<string, number>();
const pairCounts = new Map<string, number>();
/** A pair is kept when said this often, and one word is beside the other in this share of its uses. */
const MIN_PAIR_COUNT = 10;
const MIN_PAIR_SHARE = 0.5;
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
    const tokens = cue.toLowerCase().replace(/’/g, "'").match(TOKEN) ?? [];
    for (const [i, token] of tokens.entries()) {
      wordCounts.set(token, (wordCounts.get(token) ?? 0) + 1);
      const previous = tokens[i - 1];
      if (previous && /^[a-z]/.test(previous) && /^[a-z]/.test(token)) {
        const pair = `${previous} ${token}`;
        pairCounts.set(pair, (pairCounts.get(pair) ?? 0) + 1);
      }
    }
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
const pairs: string[] = [];
for (const [pair, count] of pairCounts) {
  if (count < MIN_PAIR_COUNT) continue;
  const [first, second] = pair.split(" ") as [string, string];
  const afterFirst = count / (wordCounts.get(second) ?? count);
  const beforeSecond = count / (wordCounts.get(first) ?? count);
  if (afterFirst >= MIN_PAIR_SHARE || beforeSecond >= MIN_PAIR_SHARE)
    pairs.push(`${first}\t${second}\t${count}\t${afterFirst.toFixed(2)}\t${beforeSecond.toFixed(2)}`);
}
pairs.sort();
writeFileSync(
  new URL("../../src/server/ai/offline/data/collocations.tsv", import.meta.url),
  `${pairs.join("\n")}\n`,
);
console.log(
  `${read} transcripts read (${excluded.size} excluded), ${lines.length} words and ${pairs.length} pairs kept`,
);
