import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";

/**
 * The benchmark's own checkers for generated quiz questions and summaries. They are deliberately
 * independent of the engine (src/server/ai/offline): they only read its output, and use wink-nlp
 * (the tagger the engine also uses) for parts of speech.
 */

let engine: ReturnType<typeof winkNLP> | null = null;
function nlp() {
  engine ??= winkNLP(model);
  return engine;
}

type Token = { value: string; lower: string; pos: string; lemma: string; from: number; to: number };

function tag(text: string): Token[] {
  const { its } = nlp();
  const tokens = nlp().readDoc(text).tokens();
  const values = tokens.out(its.value) as string[];
  const tags = tokens.out(its.pos) as string[];
  const lemmas = tokens.out(its.lemma as Parameters<typeof tokens.out>[0]) as string[];
  const out: Token[] = [];
  let cursor = 0;
  for (const [i, value] of values.entries()) {
    const found = text.indexOf(value, cursor);
    const from = found === -1 ? cursor : found;
    if (found !== -1) cursor = found + value.length;
    out.push({
      value,
      lower: value.toLowerCase(),
      pos: tags[i] ?? "X",
      lemma: lemmas[i] ?? value,
      from,
      to: from + value.length,
    });
  }
  return out;
}

export const BLANK_PATTERN = /_{3,}/;

/** The tokens of `filler` once it is put in the stem's blank, tagged in the sentence's context. */
function fillerTokens(stem: string, filler: string): Token[] {
  const match = BLANK_PATTERN.exec(stem);
  const at = match?.index ?? 0;
  const text = match ? `${stem.slice(0, at)}${filler}${stem.slice(at + match[0].length)}` : filler;
  const from = match ? at : 0;
  const to = from + filler.length;
  return tag(text).filter((token) => token.from >= from && token.to <= to && token.pos !== "PUNCT");
}

export type WordClass = "nominal" | "verb" | "adjective" | "adverb" | "number" | "other";
const CLASS_OF: Record<string, WordClass> = {
  NOUN: "nominal",
  PROPN: "nominal",
  PRON: "nominal",
  VERB: "verb",
  AUX: "verb",
  ADJ: "adjective",
  ADV: "adverb",
  NUM: "number",
};

export type FillShape = { head: string; wordClass: WordClass; plural: boolean | null };

/** The head (last word) of a filler in its blank: its word class and, for common nouns, its number. */
export function fillShape(stem: string, filler: string): FillShape {
  const tokens = fillerTokens(stem, filler);
  const head = tokens.at(-1);
  if (!head) return { head: "", wordClass: "other", plural: null };
  const wordClass = CLASS_OF[head.pos] ?? "other";
  const plural =
    head.pos === "NOUN" && /^\p{Ll}/u.test(head.value)
      ? head.lemma.toLowerCase() !== head.lower && head.lower.endsWith("s")
      : null;
  return { head: head.value, wordClass, plural };
}

const VOWEL_SOUND = /^(?:[aeio]|u(?![nr]?i|s[eu]|ni|tr)|hour|honest|heir)/i;
/** Acronyms read letter by letter that start with a vowel sound: "an FBI agent", "an MRI". */
const VOWEL_ACRONYM = /^[AEFHILMNORSX][A-Z0-9]*(?:\s|$)/;

const SINGULAR_DETERMINERS = new Set([
  "a",
  "an",
  "one",
  "each",
  "every",
  "another",
  "either",
  "neither",
  "this",
]);
const PLURAL_DETERMINERS = new Set(
  "these those many several few both various two three four five six seven eight nine ten dozens hundreds thousands millions".split(
    " ",
  ),
);
const SINGULAR_VERBS = new Set("is was has does isn't wasn't hasn't doesn't".split(" "));
const PLURAL_VERBS = new Set("are were have do aren't weren't haven't don't".split(" "));

/**
 * The grammatical number the words around the blank force on it, or null when they allow either
 * (a mass noun like "engineering" fits "all the _____" as well as "researchers" does): a determiner
 * right before the blank ("these", "a", "each") or an agreeing verb right after it ("_____ are").
 */
export function forcedNumber(stem: string): "singular" | "plural" | null {
  const [before = "", after = ""] = stem.split(BLANK_PATTERN);
  const previous = /([\p{L}\d']+)\s*$/u.exec(before)?.[1]?.toLowerCase() ?? "";
  const next = /^\s*([\p{L}']+)/u.exec(after)?.[1]?.toLowerCase().replace(/’/g, "'") ?? "";
  if (SINGULAR_DETERMINERS.has(previous) || SINGULAR_VERBS.has(next)) return "singular";
  if (PLURAL_DETERMINERS.has(previous) || /^\d+$/.test(previous) || PLURAL_VERBS.has(next)) return "plural";
  return null;
}

/**
 * Why a distractor does not fit the blank the way the answer does, or null when it fits: a different
 * word class of the head (noun vs verb…); a common noun of the other grammatical number where the
 * words around the blank force one (see forcedNumber) and the answer has it; or an "a"/"an" right
 * before the blank that the distractor contradicts.
 */
export function grammarMismatch(stem: string, answer: string, distractor: string): string | null {
  const a = fillShape(stem, answer);
  let d = fillShape(stem, distractor);
  // A noun/verb homograph ("repairs", "issue") the tagger read as a verb in the blank still fits
  // where a noun is wanted: tagged after "the", it is a noun.
  if (a.wordClass === "nominal" && d.wordClass !== "nominal") {
    const asNoun = fillShape("the _____", distractor);
    if (asNoun.wordClass === "nominal") d = asNoun;
  }
  if (a.wordClass !== d.wordClass) return `word class ${a.wordClass} vs ${d.wordClass}`;
  const forced = forcedNumber(stem);
  if (forced && a.plural === (forced === "plural") && d.plural !== null && d.plural !== a.plural)
    return `number: the blank wants ${forced}, "${d.head}" is ${d.plural ? "plural" : "singular"}`;
  const article = /\b(a|an)\s+$/i.exec(stem.split(BLANK_PATTERN)[0] ?? "")?.[1]?.toLowerCase();
  if (article) {
    const word = distractor.trim();
    const isAcronym = /^[A-Z][A-Z0-9]+(?:\s|$)/.test(word);
    const wantsAn = isAcronym ? VOWEL_ACRONYM.test(word) : VOWEL_SOUND.test(word);
    if ((article === "an") !== wantsAn) return `"${article}" before "${distractor}"`;
  }
  return null;
}

export type PhraseKind = "person" | "place" | "org" | "number" | "date" | "proper" | "concept";

const MONTHS =
  "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
const WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const DATE = new RegExp(
  `^(?:(?:the\\s+)?(?:early\\s+|late\\s+|mid-?)?(?:1[5-9]\\d\\d|20\\d\\d)s?|(?:${MONTHS})\\b.*|(?:${WEEKDAYS})|.*\\b(?:century|decade|yesterday|today|tomorrow|last (?:year|week|month)|next (?:year|week|month)|(?:years?|months?|weeks?|days?) ago)\\b.*)$`,
  "i",
);
const NUMBER_WORDS =
  "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|trillion|half|dozen|percent|twice|double";
const NUMBER = new RegExp(
  `^(?:about |around |roughly |over |under |nearly |almost |more than |less than |the |a )?(?:[$€£]?\\d[\\d,.]*%?|(?:${NUMBER_WORDS})(?:[\\s-](?:${NUMBER_WORDS}|and))*)(?:\\s+\\S+){0,2}$`,
  "i",
);
/** Generic words that name an organisation or a place only when capitalised ("Stanford University"). */
const ORG_SUFFIX =
  /\b(?:Inc|Corp|Corporation|Company|Co|Ltd|LLC|University|College|Institute|Labs?|Laboratory|Foundation|Association|Society|Agency|Department|Ministry|Council|Committee|Bank|Group|School|Academy|Media|Studios?)\b/;
const ORG_NAMES =
  /\b(?:google|microsoft|apple|amazon|facebook|meta|nvidia|intel|ibm|openai|netflix|twitter|nasa|fda|cdc|nih|mit|stanford|harvard|caltech|github|gitlab|changelog|beachbody|red bull|starbucks|coca-cola|pepsi)\b/i;
const PLACE_SUFFIX =
  /\b(?:City|County|State|River|Valley|Islands?|Mountains?|Lake|Ocean|Sea|Street|Avenue|Park|Coast|Bay)\b/;
const PLACE_NAMES =
  /\b(?:america|africa|europe|asia|australia|antarctica|usa|united states|u\.s\.|uk|england|britain|france|germany|italy|spain|china|japan|india|canada|mexico|brazil|russia|poland|texas|california|new york|florida|washington|oregon|colorado|silicon valley|san francisco|san jose|los angeles|chicago|boston|seattle|london|paris|berlin|tokyo|beijing|houston|portland|denver)\b/i;
const TITLES = /^(?:dr|mr|mrs|ms|prof|professor|sir|saint|st)\.?\s/i;
/** A short list of common first names: enough to tell "Danielle Rath" (a person) from "Green Eyed". */
const FIRST_NAMES = new Set(
  "adam anna anima alex andrew ann anne barack ben bill bob brian carl chris christopher dan daniel danielle dave david elisha elon emily eric frank fred gary george grace greg hannah harry henry jack james jane jason jeff jennifer jerod jessica jim joe john jose josé josh julia karen kate kevin laura linda lisa mark mary matt matthew michael mike mireille nancy nick paul peter rachel richard rob robert ryan sam sara sarah scott sean steve steven susan thomas tim tom tony will william".split(
    " ",
  ),
);

/** A phrase's kind by surface cues: date, number, org, place, person, other proper name, or concept. */
export function phraseKind(phrase: string): PhraseKind {
  const text = phrase.trim();
  if (DATE.test(text)) return "date";
  if (NUMBER.test(text)) return "number";
  const words = text.split(/\s+/);
  // A lower-case head makes a concept, whatever names modify it ("Caltech email", "Docker image").
  if (/^\p{Ll}/u.test(words.at(-1) ?? "")) return "concept";
  if (ORG_SUFFIX.test(text) || ORG_NAMES.test(text)) return "org";
  if (PLACE_SUFFIX.test(text) || PLACE_NAMES.test(text)) return "place";
  const isProper = words.every((word) => /^[\p{Lu}\p{N}]/u.test(word));
  if (TITLES.test(text)) return "person";
  if (isProper && FIRST_NAMES.has((words[0] ?? "").toLowerCase())) return "person";
  if (/^[\p{Lu}]/u.test(text) && words.some((word) => /^\p{Lu}/u.test(word))) return "proper";
  return "concept";
}

/** Kinds that cannot both be true of a question's answer and its distractors ("proper" names are ambiguous). */
export function kindsClash(a: PhraseKind, b: PhraseKind): boolean {
  if (a === b) return false;
  const named = new Set<PhraseKind>(["person", "place", "org", "proper"]);
  if ((a === "proper" && named.has(b)) || (b === "proper" && named.has(a))) return false;
  return true;
}

/** Common English idioms and fixed phrases; an answer that merely completes one teaches nothing. */
export const IDIOMS = [
  "of course",
  "a little bit",
  "a lot of",
  "a bunch of",
  "at the end of the day",
  "at the same time",
  "in the first place",
  "on the other hand",
  "in other words",
  "by the way",
  "as a matter of fact",
  "for the most part",
  "all of a sudden",
  "at the moment",
  "in the long run",
  "in terms of",
  "kind of",
  "sort of",
  "you know",
  "i mean",
  "the bottom line",
  "the big picture",
  "piece of cake",
  "over and over",
  "more or less",
  "each and every",
  "first and foremost",
  "here and there",
  "back and forth",
  "the rest of",
  "at least",
  "at all",
  "in fact",
  "for example",
  "for instance",
  "as well",
  "so far",
  "right now",
  "at first",
  "in general",
  "in a way",
  "a couple of",
  "make sense",
  "makes sense",
  "take a look",
  "the same thing",
  "the whole thing",
  "all the time",
  "long story short",
  "on the same page",
  "the elephant in the room",
  "hit the ground running",
  "low-hanging fruit",
  "a good idea",
  "day to day",
  "day-to-day",
  "end of the day",
  "the real world",
  "at some point",
  "a long time",
  "a great question",
  "thank you",
];

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’]/g, "'")
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);

/**
 * The idiom the answer merely completes, or null: a listed fixed phrase that occurs in the filled
 * sentence and overlaps the answer's words (the answer is the idiom, or part of it).
 */
export function idiomAnswer(stem: string, answer: string): string | null {
  const match = BLANK_PATTERN.exec(stem);
  if (!match) return null;
  const before = words(stem.slice(0, match.index));
  const answerWords = words(answer);
  const after = words(stem.slice(match.index + match[0].length));
  const filled = [...before, ...answerWords, ...after];
  const from = before.length;
  const to = from + answerWords.length;
  for (const idiom of IDIOMS) {
    const parts = words(idiom);
    for (let i = 0; i + parts.length <= filled.length; i++) {
      if (parts.every((part, j) => filled[i + j] === part) && i < to && i + parts.length > from) return idiom;
    }
  }
  return null;
}

/** An answer made of verbs alone ("go", "think about"): a bare verb, no noun to learn. */
export function isBareVerb(stem: string, answer: string): boolean {
  // Spoken contractions the tagger splits oddly ("wan" + "na").
  if (/^(?:wanna|gonna|gotta|hafta|lemme|gimme)$/i.test(answer.trim())) return true;
  const tokens = fillerTokens(stem, answer);
  if (!tokens.length) return false;
  const head = tokens.at(-1) as Token;
  return (
    (head.pos === "VERB" || head.pos === "AUX") &&
    !tokens.some((token) => ["NOUN", "PROPN", "NUM", "PRON"].includes(token.pos))
  );
}

/** Words that make a sentence lean on what came before it (a connective or a pronoun/demonstrative). */
const LEADING =
  /^(?:and|so|but|or|because|also|then|plus|anyway|yeah|yes|well|like|um|uh|oh|okay|ok|right|that|this|these|those|it|its|it's|they|them|their|he|she|his|her|we|our|us|i|i'm|i've|you|your|which|there|here)\b/i;

/** The connective or pronoun a sentence starts with (so it does not stand on its own), or null. */
export function leadingConnective(sentence: string): string | null {
  const text = sentence
    .trim()
    .replace(/^["'“‘(\s-]+/, "")
    .replace(/[’]/g, "'");
  const match = LEADING.exec(text);
  return match ? match[0] : null;
}

const FILLER = [
  /\bwelcome\b/i,
  /\bthanks? (?:so much |very much )?for having me\b/i,
  /\bthank you\b/i,
  /\bthanks\b/i,
  /\b(?:hello|hi|hey) (?:everyone|everybody|there|and welcome)\b/i,
  /^(?:hello|hi|hey)\b/i,
  /\b(?:great|good|glad|happy|excited) to (?:be here|have you)\b/i,
  /\bgreat question\b/i,
  /\bthis (?:is|has been) (?:the|another) (?:episode|show)\b/i,
  /\bsubscribe\b/i,
  /\bslack community\b/i,
  /\bon (?:the|this) (?:podcast|show)\b/i,
];

/** The greeting, thanks or show housekeeping a sentence carries, or null. */
export function fillerPhrase(sentence: string): string | null {
  for (const pattern of FILLER) {
    const match = pattern.exec(sentence);
    if (match) return match[0];
  }
  return null;
}

/** Sentences of an engine text (summary), split at ., ! or ? before a capital or digit. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["')\]”’]?)\s+(?=["'“‘(]?[\p{Lu}\p{N}])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}
