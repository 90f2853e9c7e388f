import { headWord } from "./answer-fit.ts";
import { DETERMINERS } from "./text.ts";
import { readUsageTable } from "./usage-table.ts";

/**
 * Whether a noun takes "a", from how speakers use it (decision 059). WordNet does not say which nouns
 * are countable, and readers of our quizzes found "a _chaos_", "a _good stuff_" and, the other way
 * round, "evidence of _caveat_", "emotions are _marathon_": a choice that cannot stand where the
 * answer stands. `data/countability.tsv` holds, per word, how often transcripts of conversations say
 * it as a phrase's last word after "a" (and its kin) and how often bare after a word that takes a
 * bare noun; `bench/learning/build-usage-tables.ts` rebuilds it.
 */

/** Words before a noun that ask for a countable singular. */
export const COUNT_BEFORE_WORDS: ReadonlySet<string> = new Set(["a", "an", "another", "every", "each"]);

/**
 * Words after which a singular noun stands bare only when it is uncountable ("of software", "more
 * code", "is fun"): prepositions, forms of "be" and "have", "more", "much", "less", "some", "and".
 * Not "any" or "no", which take both ("no idea").
 */
export const BARE_BEFORE_WORDS: ReadonlySet<string> = new Set(
  `of about with without for in on into from through like is was are were be been it's that's
there's what's has have had need needs more much less some and or`.split(/\s+/),
);

/** Words that end a noun phrase when they follow its head ("a chaos _and_…", "of software _that_…"). */
export const HEAD_AFTER_WORDS: ReadonlySet<string> = new Set(
  `the a an of and or but to that which who is was are were in on at for with from by as it i you we
they he she so because if when then there this these those right yeah like about into than has had
have will would can could should just too also now is it's that's not all my your our their his her`.split(
    /\s+/,
  ),
);

/** Adverbs that may stand between the word that decides and the blank ("it's _probably_ a story"). */
const ADVERBS = new Set(
  "really just actually basically probably definitely totally also still maybe literally truly".split(" "),
);

/** Determiners, and the words that stand before a noun as they do ("another", "many", "own"…). */
const NOUN_DETERMINERS: ReadonlySet<string> = new Set([
  ...DETERMINERS,
  ...`another one what which whose either neither such many much more most few less several all both half
own`.split(/\s+/),
]);

/** Counts below this say nothing. */
const MIN_USES = 8;
/** "a X" in at most this share of its uses: X takes no "a" ("chaos", "stuff"). */
const MAX_COUNT_SHARE_OF_MASS = 0.05;
/** "a X" in at least this share: a bare X reads wrong ("caveat", "story", "marathon"). */
const MIN_COUNT_SHARE_OF_COUNTABLE = 0.6;

let table: Map<string, readonly [number, number]> | null = null;

function uses(word: string): readonly [number, number] | undefined {
  table ??= new Map(
    readUsageTable("countability.tsv").map(
      ([key = "", withA, bare]) => [key, [Number(withA), Number(bare)] as const] as const,
    ),
  );
  return table.get(word);
}

/** Share of a word's counted uses that follow "a" (or its kin), or null when it is rarely said so. */
function countShare(phrase: string): number | null {
  // A phrase agrees in its last word: "a _good stuff_" as "stuff".
  const counts = uses(headWord(phrase).toLowerCase());
  if (!counts) return null;
  const [withA, bare] = counts;
  return withA + bare >= MIN_USES ? withA / (withA + bare) : null;
}

/** Speakers almost never put "a" before it ("chaos", "stuff", "feedback"): no choice after "a". */
export function isMostlyUncountable(phrase: string): boolean {
  const share = countShare(phrase);
  return share !== null && share <= MAX_COUNT_SHARE_OF_MASS;
}

/** Speakers mostly put "a" before it ("caveat", "story"): no choice for a bare singular blank. */
export function isMostlyCountable(phrase: string): boolean {
  const share = countShare(phrase);
  return share !== null && share >= MIN_COUNT_SHARE_OF_COUNTABLE;
}

/**
 * Whether the text before a blank leaves a singular noun bare: it ends with a word of
 * BARE_BEFORE_WORDS, perhaps followed by adverbs ("it's probably _open source_", "evidence of
 * _anxiety_", "emotions are _a marathon_" would need the "a").
 */
export function isBareNounSlot(before: string, answer = ""): boolean {
  const words = before.toLowerCase().match(/[a-z]+(?:['’][a-z]+)*|[^\sa-z]/g) ?? [];
  // A mass-noun answer with no determiner in the two words before it stands bare wherever it is:
  // "want to give _money_ to", "doing _research_" (sample N: "give _platform_", "doing _issue tracker_").
  const lastTwo = words.slice(-2);
  if (
    answer &&
    lastTwo.length === 2 &&
    lastTwo.every((word) => /^[a-z]/.test(word) && !NOUN_DETERMINERS.has(word) && !/['’]s$/.test(word)) &&
    isMostlyUncountable(answer)
  )
    return true;
  let index = words.length - 1;
  while (index >= 0 && ADVERBS.has(words[index] as string)) index--;
  const word = words[index];
  // "a kind of _prerequisite_": a countable noun stands bare after "kind of", "sort of", "type of".
  if (word === "of" && /^(?:kind|kinds|sort|sorts|type|types|form|forms)$/.test(words[index - 1] ?? ""))
    return false;
  return word !== undefined && BARE_BEFORE_WORDS.has(word.replace("’", "'"));
}
