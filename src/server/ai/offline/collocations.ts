import { DETERMINERS } from "./text.ts";
import { readUsageTable } from "./usage-table.ts";

/**
 * Words said as a pair (decision 059). An answer whose word is mostly said beside the word before
 * or after the blank completes a fixed phrase, and a quiz on it teaches nothing: "of _course_",
 * "little _bit_", "for _lack_ of", "a _variety_ of", "under the _hood_", "early _adopters_". A hand
 * list (`completedIdiom`) held the ones readers had found; `data/collocations.tsv` holds every pair
 * that conversations say at least 10 times where one word is beside the other in at least half of
 * its uses, so idioms nobody listed are found too. `bench/learning/build-usage-tables.ts` rebuilds it.
 */

/** Share of a word's uses beside its neighbour that makes the pair fixed. */
const MIN_SHARE = 0.5;
/** "the _internet_", "a _lot_": after a determiner, only a near-certain pair counts ("the _hood_", "a _nutshell_"). */
const MIN_SHARE_AFTER_DETERMINER = 0.85;

/** Per pair "first second": share of second's uses after first, share of first's uses before second. */
let pairs: Map<string, readonly [number, number]> | null = null;

function pairShares(first: string, second: string): readonly [number, number] | undefined {
  pairs ??= new Map(
    readUsageTable("collocations.tsv").map(([a, b, , afterFirst, beforeSecond]) => [
      `${a} ${b}`,
      [Number(afterFirst), Number(beforeSecond)] as const,
    ]),
  );
  return pairs.get(`${first} ${second}`);
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .match(/[a-z]+(?:'[a-z]+)*/g) ?? [];

/**
 * Whether the answer completes a pair with the word right before or after the blank (no mark
 * between): its first word mostly follows the word before, or its last word mostly precedes the
 * word after.
 */
export function completesCollocation(before: string, answer: string, after: string): boolean {
  const answerWords = words(answer);
  const first = answerWords[0];
  const last = answerWords.at(-1);
  if (!first || !last) return false;
  const left = /([\p{L}'’]+)\s+$/u.exec(before)?.[1];
  if (left) {
    const neighbour = words(left)[0] ?? "";
    const share = pairShares(neighbour, first)?.[0] ?? 0;
    // "the _United States_": a name's own article is no phrase it completes.
    const isAfterDeterminer = DETERMINERS.has(neighbour);
    if (
      !(isAfterDeterminer && /^\p{Lu}/u.test(answer.trim())) &&
      share >= (isAfterDeterminer ? MIN_SHARE_AFTER_DETERMINER : MIN_SHARE)
    )
      return true;
  }
  const right = /^\s+([\p{L}'’]+)/u.exec(after)?.[1];
  if (right) {
    const neighbour = words(right)[0] ?? "";
    if ((pairShares(last, neighbour)?.[1] ?? 0) >= MIN_SHARE) return true;
  }
  return false;
}
