import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";

/**
 * An independent check of quiz distractors (issue 18 §5, decision 039). It shares no code and no
 * rule with the engine (src/server/ai/offline) nor with the older bench checks (checks.ts), which
 * resemble the engine's own rules: it fills the question with the answer and with each distractor,
 * re-reads both whole sentences with wink-nlp, and flags a distractor when the sentence reads
 * differently around it — the words next to the blank change part of speech, the filler's head
 * changes word class, a present-tense verb after it stops agreeing, "a"/"an" stops fitting — or when
 * wink's entity recogniser gives it another type than the answer (a date for a count, nothing for a
 * date), or a name stands for a common noun.
 */

let engine: ReturnType<typeof winkNLP> | null = null;
function nlp() {
  engine ??= winkNLP(model);
  return engine;
}

type Word = { value: string; lower: string; pos: string; lemma: string; entity: string | null; at: number };

/** Every token of a text with its part of speech, lemma, entity type and character offset. */
function read(text: string): Word[] {
  const { its } = nlp();
  const doc = nlp().readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  const pos = tokens.out(its.pos) as string[];
  const lemmas = tokens.out(its.lemma as Parameters<typeof tokens.out>[0]) as string[];
  const entityOf: (string | null)[] = values.map(() => null);
  const spans = doc.entities().out(its.span) as unknown as [number, number][];
  const types = doc.entities().out(its.type) as string[];
  for (const [i, [from, to]] of spans.entries())
    for (let t = from; t <= to; t++) entityOf[t] = types[i] ?? null;
  const words: Word[] = [];
  let cursor = 0;
  for (const [i, value] of values.entries()) {
    const found = text.indexOf(value, cursor);
    const at = found === -1 ? cursor : found;
    if (found !== -1) cursor = found + value.length;
    words.push({
      value,
      lower: value.toLowerCase(),
      pos: pos[i] ?? "X",
      lemma: (lemmas[i] ?? value).toLowerCase(),
      entity: entityOf[i] ?? null,
      at,
    });
  }
  return words;
}

type Filled = { words: Word[]; inside: Word[]; before: Word[]; after: Word[] };

const BLANK = /_{3,}/;
/** Stems the engine rewrote from the sentence ("How many…?"): the choices are answers, not fillers. */
const ASKING = /^(?:In what year|How many|How much|Why|When|Where|What)\b/;
const CONTEXT = 3;

/** The question with `choice` in its place, read whole; null for a stem that is not a fill-in. */
function fill(stem: string, choice: string): Filled | null {
  let text: string;
  let from: number;
  const blank = BLANK.exec(stem);
  if (blank) {
    text = `${stem.slice(0, blank.index)}${choice}${stem.slice(blank.index + blank[0].length)}`;
    from = blank.index;
  } else {
    // "Who founded it?" asks for the sentence's subject: the choice takes the question word's place.
    const asked = /^(?:Who|Which \p{L}+)\s+(.*)\?$/u.exec(stem);
    if (!asked) return null;
    text = `${choice} ${asked[1]}.`;
    from = 0;
  }
  const to = from + choice.length;
  const words = read(text).filter((word) => word.pos !== "SPACE");
  const inside = words.filter((word) => word.at >= from && word.at < to && word.pos !== "PUNCT");
  const before = words.filter((word) => word.at < from && word.pos !== "PUNCT").slice(-CONTEXT);
  const after = words.filter((word) => word.at >= to && word.pos !== "PUNCT").slice(0, CONTEXT);
  return { words, inside, before, after };
}

const NOMINAL = new Set(["NOUN", "PROPN", "PRON"]);
const classOf = (pos: string) => (NOMINAL.has(pos) ? "nominal" : pos === "AUX" ? "VERB" : pos);
/** A noun head's number from its lemma: "studies" (lemma "study") is plural, "physics" is not. */
const isPlural = (word: Word) => word.pos === "NOUN" && word.lemma !== word.lower && /s$/.test(word.lower);

const SINGULAR_VERB = new Set(["is", "was", "has", "does", "isn't", "wasn't", "hasn't", "doesn't"]);
const PLURAL_VERB = new Set(["are", "were", "have", "do", "aren't", "weren't", "haven't", "don't"]);
/** The number a present-tense verb right after the filler asks of it, or null. */
function verbNumber(next: Word | undefined): "singular" | "plural" | null {
  if (!next) return null;
  if (SINGULAR_VERB.has(next.lower)) return "singular";
  if (PLURAL_VERB.has(next.lower)) return "plural";
  return null;
}

/** Whether a word is said starting with a vowel sound, read from its spelling. */
function startsWithVowelSound(word: string): boolean {
  // Read letter by letter: an initialism ("an MBA") or a letter and number ("an M4 mini").
  if (/^[A-Z][A-Z\d]+\b/.test(word)) return /^[AEFHILMNORSX]/.test(word);
  const lower = word.toLowerCase();
  if (/^(?:hour|honou?r|honest|heir)/.test(lower)) return true;
  if (/^(?:uni|use|usu|uti|ure|eu|ewe|one\b|once)/.test(lower)) return false;
  return /^[aeiou]/.test(lower);
}

export type IndependentFinding = { distractor: string; why: string };

/**
 * Why `distractor` does not read like `answer` once put in the question, or null. Only what the
 * re-reading shows counts: a difference the answer's own reading shares is no break.
 */
export function grammarBreak(
  stem: string,
  answer: string,
  distractor: string,
  others: readonly string[] = [],
): string | null {
  const right = fill(stem, answer);
  const wrong = fill(stem, distractor);
  if (!right || !wrong) return null;
  const rightHead = right.inside.at(-1);
  const wrongHead = wrong.inside.at(-1);
  if (!rightHead || !wrongHead) return null;
  if (classOf(rightHead.pos) !== classOf(wrongHead.pos))
    return `head "${wrongHead.value}" read as ${wrongHead.pos}, the answer's as ${rightHead.pos}`;
  for (const [side, a, b] of [
    ["before", right.before, wrong.before],
    ["after", right.after, wrong.after],
  ] as const) {
    for (const [i, word] of a.entries()) {
      const other = b[i];
      if (!other || classOf(other.pos) === classOf(word.pos)) continue;
      // When most other choices are read this way too, the answer's own reading is the odd one
      // ("really small square view", "small" read as an adverb): that is no break of the distractor.
      const alike = others.filter((choice) => {
        const near = side === "before" ? fill(stem, choice)?.before : fill(stem, choice)?.after;
        const token = near?.[i];
        return token !== undefined && classOf(token.pos) === classOf(other.pos);
      }).length;
      if (others.length && alike * 2 >= others.length) continue;
      return `"${word.value}" ${side} the blank read as ${other.pos} instead of ${word.pos}`;
    }
  }
  const wanted = verbNumber(right.after[0]);
  if (wanted && rightHead.pos === "NOUN" && wrongHead.pos === "NOUN") {
    const answerAgrees = isPlural(rightHead) === (wanted === "plural");
    if (answerAgrees && isPlural(wrongHead) !== isPlural(rightHead))
      return `"${wrongHead.value} ${right.after[0]?.value}" does not agree`;
  }
  const article = right.before.at(-1)?.lower;
  if ((article === "a" || article === "an") && startsWithVowelSound(answer) === (article === "an")) {
    if (startsWithVowelSound(distractor) !== (article === "an")) return `"${article} ${distractor}"`;
  }
  return null;
}

/** A choice's kind as wink reads it in the question: an entity type, else a name or a common noun. */
function kindIn(stem: string, choice: string): string {
  const filled = fill(stem, choice);
  // An answer to "In what year…?" is read as the sentence said it: "in 2001".
  const carrier = /^In what year\b/.test(stem) ? "in " : "";
  const inside = filled
    ? filled.inside
    : read(`${carrier}${choice}`).filter((word) => word.pos !== "PUNCT" && word.at >= carrier.length);
  const entity = inside.find((word) => word.entity)?.entity;
  if (entity) return entity;
  const head = inside.at(-1);
  if (!head) return "none";
  if (head.pos === "PROPN" || /^\p{Lu}/u.test(head.value)) return "name";
  return head.pos === "NOUN" ? "noun" : head.pos;
}

/** Entity types that name the same kind of thing for a quiz ("400" and "four hundred"). */
const SAME_KIND: Record<string, string> = {
  CARDINAL: "number",
  ORDINAL: "number",
  DURATION: "time",
  TIME: "time",
};
const kindGroup = (kind: string) => SAME_KIND[kind] ?? kind;

/** Why `distractor` is another kind of thing than `answer` (a date for a count, a name for a noun), or null. */
export function kindBreak(stem: string, answer: string, distractor: string): string | null {
  if (/^Because\b/.test(answer)) {
    const clause = read(distractor);
    if (!/^Because\b/.test(distractor) || !clause.some((word) => word.pos === "VERB" || word.pos === "AUX"))
      return `"${distractor}" is no cause`;
    return null;
  }
  const a = kindIn(stem, answer);
  const b = kindIn(stem, distractor);
  if (kindGroup(a) === kindGroup(b)) return null;
  // A common noun and a multi-word name can both be concepts ("deep learning" / "Deep Learning").
  return `${b} where the answer is ${a}`;
}

/** The independent findings for one question: grammar breaks and kind breaks. */
export function checkQuestion(question: { stem: string; answer: string; choices: string[] }) {
  const grammar: IndependentFinding[] = [];
  const kind: IndependentFinding[] = [];
  const isRewritten = ASKING.test(question.stem);
  const distractors = question.choices.filter((choice) => choice !== question.answer);
  for (const distractor of distractors) {
    const others = distractors.filter((choice) => choice !== distractor);
    const why = isRewritten ? null : grammarBreak(question.stem, question.answer, distractor, others);
    if (why) grammar.push({ distractor, why });
    const other = kindBreak(question.stem, question.answer, distractor);
    if (other) kind.push({ distractor, why: other });
  }
  return { grammar, kind };
}

/** Pronouns that stand for something said before when no noun precedes them in the sentence. */
const POINTING_BACK = new Set(
  "it its they them their he she him his her that this these those then there one".split(" "),
);
const INDEFINITE = /^(?:every|some|any|no)(?:one|body|thing)$/;
const VERB_POS = new Set(["VERB", "AUX"]);

const SPOKEN_FORMS: [RegExp, string][] = [
  [/\bgonna\b/gi, "going to"],
  [/\bwanna\b/gi, "want to"],
  [/\bgotta\b/gi, "got to"],
];

/** Speech's contractions in their written form: wink reads "gonna repeat" as two nouns. */
function writtenForms(sentence: string): string {
  return SPOKEN_FORMS.reduce((text, [spoken, written]) => text.replace(spoken, written), sentence);
}

const OPENS_CLAUSE = /^(?:if|when|whenever|because|although|though|while|unless|once|since|whereas)$/;
const SUBJECT_POS = new Set(["PRON", "PROPN", "NOUN"]);
const RELATIVE = /^(?:that|which|who|whom|whose)$/;

/** How many times a subject (a pronoun or noun, not a relative) is followed right away by a verb. */
function subjectVerbPairs(content: Word[]): number {
  let pairs = 0;
  for (let i = 1; i < content.length; i++) {
    const subject = content[i - 1];
    const verb = content[i];
    if (
      subject &&
      verb &&
      SUBJECT_POS.has(subject.pos) &&
      !RELATIVE.test(subject.lower) &&
      VERB_POS.has(verb.pos)
    )
      pairs++;
  }
  return pairs;
}

/**
 * Why a summary or insight sentence does not stand on its own, from wink's reading of it alone, or
 * null: no verb (a fragment); it opens with a conjunction or an interjection ("And…", "Versus…",
 * "Hallelujah"), or with a subordinate clause that never reaches a main one; it addresses someone
 * ("Daniel, …"); or a pronoun or "then"/"there" comes before any noun, so it points back.
 */
export function standaloneProblem(sentence: string): string | null {
  const words = read(writtenForms(sentence)).filter((word) => word.pos !== "SPACE");
  const content = words.filter((word) => word.pos !== "PUNCT");
  const first = content[0];
  if (!first) return "empty";
  if (!content.some((word) => VERB_POS.has(word.pos))) return "no verb";
  if (first.pos === "CCONJ" || first.pos === "INTJ") return `opens with ${first.pos} "${first.value}"`;
  if (first.pos === "PROPN" && words[1]?.value === ",") return `addresses "${first.value}"`;
  if (first.pos === "VERB" && first.lemma !== first.lower) return `no subject before "${first.value}"`;
  if (first.pos === "SCONJ") {
    const comma = words.findIndex((word) => word.value === ",");
    // Without a comma, the main clause shows as one more subject and verb than the subordinate
    // clause has ("If we're talking about workloads you must use GPU"); "For testing Expo hasn't…"
    // opens with a phrase, so one is enough. A relative "that/which/who" starts no main clause.
    const hasMain =
      comma < 0
        ? subjectVerbPairs(content) >= (OPENS_CLAUSE.test(first.lower) ? 2 : 1)
        : words.slice(comma + 1).some((word) => VERB_POS.has(word.pos));
    if (!hasMain) return `a "${first.value}" clause without a main clause`;
  }
  for (const word of content) {
    // A noun, or an indefinite pronoun ("Everyone … their lives"), gives what follows its referent.
    if (word.pos === "NOUN" || word.pos === "PROPN" || INDEFINITE.test(word.lower)) break;
    // "It's important to…" is a dummy "it": followed by "is" and an adjective, it points nowhere.
    if (word.lower === "it" && /^(?:'s|is|was)$/.test(words[words.indexOf(word) + 1]?.lower ?? "")) continue;
    if (POINTING_BACK.has(word.lower) && (word.pos === "PRON" || word.pos === "ADV" || word.pos === "DET"))
      return `"${word.value}" points back`;
  }
  return null;
}

const CAUSE_LEMMAS = new Set(["because", "since", "cause", "lead", "reason", "mean", "result", "why", "due"]);
const ADVICE_LEMMAS = new Set(["should", "must", "need", "recommend", "avoid", "try"]);

/**
 * What an insight carries, from wink's reading: a number (a number or date entity), a cause, a
 * recommendation (a modal of advice or an imperative), or a definition ("X is a …"); empty when none.
 */
export function insightContent(sentence: string): string[] {
  const words = read(sentence).filter((word) => word.pos !== "PUNCT" && word.pos !== "SPACE");
  const found: string[] = [];
  if (words.some((word) => word.entity && word.entity !== "TIME") || words.some((word) => word.pos === "NUM"))
    found.push("number");
  if (words.some((word) => CAUSE_LEMMAS.has(word.lemma))) found.push("cause");
  const first = words[0];
  const isImperative = first?.pos === "VERB" && first.lemma === first.lower;
  if (isImperative || words.some((word) => ADVICE_LEMMAS.has(word.lemma) && word.pos !== "NOUN"))
    found.push("recommendation");
  const isDefinition = words.some(
    (word, i) =>
      word.lemma === "be" &&
      words[i + 1]?.pos === "DET" &&
      words.slice(0, i).some((before) => before.pos === "NOUN" || before.pos === "PROPN"),
  );
  if (isDefinition) found.push("definition");
  return found;
}

/** Whether a summary's first sentence names who talks (a name) about what (a noun after "about"). */
export function namesWhoAndWhat(sentence: string): boolean {
  const words = read(sentence).filter((word) => word.pos !== "PUNCT" && word.pos !== "SPACE");
  const about = words.findIndex((word) => word.lower === "about");
  return (
    about > 0 &&
    words.slice(0, about).some((word) => word.pos === "PROPN") &&
    words.slice(about + 1).some((word) => word.pos === "NOUN" || word.pos === "PROPN")
  );
}
