import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";
import {
  completedIdiom,
  isSameKind,
  type PhraseKind,
  takesAn,
  WORD_CLASS,
  type WordClass,
} from "../../src/server/ai/offline/answer-fit.ts";
import { completesCollocation } from "../../src/server/ai/offline/collocations.ts";

/**
 * The benchmark's first checkers for generated quiz questions and summaries. Their rules resemble
 * the engine's (src/server/ai/offline), and where they were copies they now use the engine's own
 * (kinds, idioms, "a"/"an"): they catch regressions of the engine's rules. The check that shares no
 * rule with the engine is independent-check.ts.
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

export type FillShape = { head: string; wordClass: WordClass; plural: boolean | null };

/** The head (last word) of a filler in its blank: its word class and, for common nouns, its number. */
export function fillShape(stem: string, filler: string): FillShape {
  const tokens = fillerTokens(stem, filler);
  const head = tokens.at(-1);
  if (!head) return { head: "", wordClass: "other", plural: null };
  const wordClass = WORD_CLASS[head.pos] ?? "other";
  // A word the tagger's lexicon lacks ("structs") comes back as its own lemma: when it ends like a
  // plural, its number is unknown rather than singular.
  const isUnknownPlural =
    head.lemma.toLowerCase() === head.lower &&
    /[^su]s$/.test(head.lower) &&
    !/(?:ics|ss|is|us)$/.test(head.lower);
  const plural =
    head.pos === "NOUN" && /^\p{Ll}/u.test(head.value) && !isUnknownPlural
      ? head.lemma.toLowerCase() !== head.lower && head.lower.endsWith("s")
      : null;
  return { head: head.value, wordClass, plural };
}

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
    if ((article === "an") !== takesAn(distractor)) return `"${article}" before "${distractor}"`;
  }
  return null;
}

/*
 * The engine's own rules, used rather than copied (decision 039): the kind of a phrase (phraseKind
 * from answer-fit.ts), which kinds may stand together, and the idioms an answer must not complete.
 * Checked with them, the engine can only fail its own rules (a consistency check); the independent
 * check is independent-check.ts.
 */

/** Kinds that cannot both be true of a question's answer and its distractors (the engine's rule). */
export function kindsClash(a: PhraseKind, b: PhraseKind): boolean {
  return !isSameKind(a, b) && !isSameKind(b, a);
}

/**
 * The fixed phrase the answer merely completes in the filled stem, by both of the engine's rules:
 * its list of idioms (the idiom is returned) and its counted word pairs (decision 059), or null.
 */
export function idiomAnswer(stem: string, answer: string): string | null {
  const match = BLANK_PATTERN.exec(stem);
  if (!match) return null;
  const before = stem.slice(0, match.index);
  const after = stem.slice(match.index + match[0].length);
  return (
    completedIdiom(before, answer, after) ??
    (completesCollocation(before, answer, after) ? "a counted word pair" : null)
  );
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
  return (
    text
      // Not after an initial or a title ("Mireille B. Reece", "Erik St. Martin", "Dr. Lind").
      .split(
        /(?<!\b(?:\p{Lu}|Mr|Mrs|Ms|Dr|St|Jr|Sr|Prof|vs)\.)(?<=[.!?…]["')\]”’]?)\s+(?=["'“‘(]?[\p{Lu}\p{N}])/u,
      )
      .map((sentence) => sentence.trim())
      .filter(Boolean)
  );
}
