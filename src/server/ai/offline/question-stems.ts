import { type LemmaToken, tagText, tagWithLemmas } from "./nlp.ts";
import { isDisfluent } from "./sentence-quality.ts";
import { hasNameShape } from "./text.ts";

/**
 * Questions that read as questions where a cloze would be awkward (issue 18 §2): "In what year…?"
 * for a year, "How many…?" for a count and its noun, "Why…?" for a sentence that states a cause.
 * The stem is the sentence rewritten (subject–auxiliary inversion, "do" support from the verb's
 * lemma); a sentence the rewrite cannot parse safely keeps its cloze.
 */

const UNITS =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };
const NUMBER_WORD = `(?:${[...UNITS, ...TENS.slice(2), ...Object.keys(SCALES)].join("|")})`;

export type CountForm = "digits" | "commas" | "words";
export type ParsedCount = { value: number; form: CountForm };

/** A whole number as written: "400", "2,800", "sixty-five", "one hundred and twenty"; else null. */
export function parseCount(text: string): ParsedCount | null {
  const trimmed = text.trim().toLowerCase();
  if (/^\d{1,3}(?:,\d{3})+$/.test(trimmed))
    return { value: Number(trimmed.replace(/,/g, "")), form: "commas" };
  if (/^\d+$/.test(trimmed)) return { value: Number(trimmed), form: "digits" };
  const words = trimmed.split(/[\s-]+/).filter((word) => word !== "and");
  if (!words.length) return null;
  let total = 0;
  let current = 0;
  for (const word of words) {
    const unit = UNITS.indexOf(word);
    const ten = TENS.indexOf(word);
    if (unit >= 0) current += unit;
    else if (ten >= 2) current += ten * 10;
    else if (word === "hundred") current = (current || 1) * 100;
    else if (word === "thousand" || word === "million") {
      total += (current || 1) * (SCALES[word] ?? 1);
      current = 0;
    } else return null;
  }
  return { value: total + current, form: "words" };
}

function wordsOf(value: number): string {
  if (value < 20) return UNITS[value] ?? String(value);
  if (value < 100) {
    const unit = value % 10;
    return `${TENS[Math.floor(value / 10)]}${unit ? `-${UNITS[unit]}` : ""}`;
  }
  if (value < 1000) {
    const rest = value % 100;
    return `${UNITS[Math.floor(value / 100)]} hundred${rest ? ` ${wordsOf(rest)}` : ""}`;
  }
  const rest = value % 1000;
  return `${wordsOf(Math.floor(value / 1000))} thousand${rest ? ` ${wordsOf(rest)}` : ""}`;
}

/** A number written the way the answer writes its own: digits, digits with commas, or words. */
export function formatCount(value: number, form: CountForm): string {
  if (form === "words" && value < 1_000_000) return wordsOf(value);
  return form === "commas" ? value.toLocaleString("en-US") : String(value);
}

/** Rounded to the answer's precision: counts like 400 get neighbours like 200 or 600, not 397. */
function roundLike(value: number, answer: number): number {
  if (answer < 20) return Math.round(value);
  const zeros = /0*$/.exec(String(answer))?.[0].length ?? 0;
  const step = 10 ** Math.max(zeros, Math.floor(Math.log10(value)) - 1);
  return Math.max(1, Math.round(value / step) * step);
}

/**
 * Three wrong numbers of the answer's magnitude (within a factor of four; years within 40 years):
 * numbers the episode itself says first (`episodeValues`, best first), then neighbours of the answer
 * at its precision. None equals the answer or another choice; `isFree` rejects ones used elsewhere.
 */
export function numberDistractors(
  answer: number,
  kind: "year" | "count",
  episodeValues: readonly number[],
  isFree: (value: number) => boolean = () => true,
): number[] {
  const isPlausible = (value: number) =>
    Number.isInteger(value) &&
    value !== answer &&
    (kind === "year"
      ? Math.abs(value - answer) <= 40 && value >= 1000 && value <= 2100
      : value >= 2 && value <= answer * 4 && value >= answer / 4);
  const synthetic =
    kind === "year"
      ? [-4, 3, -9, 7, -2, 12, 5].map((delta) => answer + delta)
      : answer <= 12
        ? [answer + 2, answer - 1, answer + 1, answer * 2, answer - 2, answer + 4]
        : [0.5, 2, 1.5, 0.75, 3, 0.25, 1.25].map((factor) => roundLike(answer * factor, answer));
  const chosen: number[] = [];
  for (const value of [...episodeValues, ...synthetic]) {
    if (chosen.length >= 3) break;
    if (isPlausible(value) && !chosen.includes(value) && isFree(value)) chosen.push(value);
  }
  return chosen;
}

/** Words a clause's subject is made of: a noun phrase, not a pronoun that points back. */
const SUBJECT_POS = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM", "ADP", "CCONJ", "PART", "ADV"]);
const RELATIVE = new Set(["that", "which", "who", "whom", "whose", "where", "when", "like"]);
const BE = new Set(["is", "are", "was", "were"]);
const MODALS = new Set(
  "has have had can could will would should may might must does do did isn't aren't wasn't weren't".split(
    " ",
  ),
);

const CONTRACTED_PRONOUN = /^(?:i|you|we|they|he|she|it|that|there|what|who)['’]\p{L}+$/iu;
const NEGATION = /^(?:n['’]t|not|never)$/i;
const MAX_SUBJECT_WORDS = 6;
const GENERIC_SUBJECTS = new Set(["you"]);
const CONTRACTED: Record<string, string> = {
  "'re": "are",
  "'s": "is",
  "'ve": "have",
  "'ll": "will",
  "'d": "would",
};

/**
 * Without the episode's names, a sentence's capitalised first word is taken for a name when it is an
 * acronym or the tagger reads it as one in lower case.
 */
function looksLikeName(word: string): boolean {
  if (hasNameShape(word)) return true;
  if (!/^\p{Lu}/u.test(word)) return false;
  return tagWithLemmas(`the ${word.toLowerCase()} is`)[1]?.pos === "PROPN";
}

/**
 * Where the verb is when the tagger read it as a noun ("Smokers drink more coffee": "drink" tagged
 * NOUN after a capitalised plural): the first noun after a noun that reads as a verb once the
 * subject before it is replaced by "they". -1 when there is none. Its token is retagged in place.
 */
function homographVerbAt(text: string, tokens: LemmaToken[]): number {
  for (let i = 1; i < Math.min(tokens.length, MAX_SUBJECT_WORDS); i++) {
    const token = tokens[i] as LemmaToken;
    if (token.pos !== "NOUN") continue;
    if (!tokens.slice(0, i).some((before) => before.pos === "NOUN" || before.pos === "PROPN")) continue;
    const probe = tagWithLemmas(`they ${text.slice(token.offset)}`)[1];
    if (probe?.pos !== "VERB") continue;
    tokens[i] = { ...token, pos: "VERB", lemma: probe.lemma };
    return i;
  }
  return -1;
}

/**
 * A declarative clause as the rest of a question: "NASA landed on the moon" → "did NASA land on the
 * moon"; "the limit is 400 mg" → "is the limit 400 mg"; "there were studies" → "were there studies".
 * Null when the clause does not start with a noun-phrase subject and its verb (a pronoun subject
 * would point back to talk the quiz-taker did not hear).
 */
export function invertClause(
  clause: string,
  {
    isName = looksLikeName,
    allowsGeneric = false,
  }: { isName?: (word: string) => boolean; allowsGeneric?: boolean } = {},
): string | null {
  const text = clause.trim().replace(/[\s,;:.!?…]+$/u, "");
  const tokens = tagWithLemmas(text).filter((token) => token.pos !== "PUNCT" || token.value === "'s");
  if (tokens.length < 3 || /[,;:"“”()]/.test(text)) return null;
  const restFrom = (token: LemmaToken | undefined) => (token ? text.slice(token.offset) : "");
  const first = tokens[0] as LemmaToken;
  if (first.lower === "there" && BE.has(tokens[1]?.lower ?? "")) {
    const rest = restFrom(tokens[2]);
    return rest ? `${tokens[1]?.lower} there ${rest.replace(/^like\s+/i, "")}` : null;
  }
  let verbAt = tokens.findIndex((token) => token.pos === "VERB" || token.pos === "AUX");
  if (verbAt < 0 || verbAt > MAX_SUBJECT_WORDS) {
    verbAt = homographVerbAt(text, tokens);
    if (verbAt < 0) return null;
    // "The average response time for the last 24 hours is…": a noun read as the verb, the real one later.
    if (tokens.slice(verbAt + 1).some((token) => BE.has(token.lower))) return null;
  }
  if (verbAt < 1) return null;
  // "A great chance to catch up on things": a verb after "to" is an infinitive, not the clause's verb.
  if (tokens[verbAt - 1]?.lower === "to") return null;
  const subjectTokens = tokens.slice(0, verbAt);
  // "In Latin-American countries people have…": a clause opening on a preposition has its subject later.
  if (subjectTokens[0]?.pos === "ADP") return null;
  // "The way Spielberg used AR…": a noun phrase with a clause inside, no main verb of its own.
  if (
    /^(?:the|that|this) (?:way|reason|time|moment|day|thing|part|place)$/i.test(
      subjectTokens
        .slice(0, 2)
        .map((token) => token.value)
        .join(" "),
    ) &&
    subjectTokens.length > 2
  )
    return null;
  // "I'm not willing…" read as one name-like token: a contracted pronoun is no subject.
  if (subjectTokens.some((token) => CONTRACTED_PRONOUN.test(token.value))) return null;
  // A generic "you" reads as a general question ("Why do you forget?"); other pronouns point back ("we" is often the guests).
  const isGeneric = allowsGeneric && subjectTokens.length === 1 && GENERIC_SUBJECTS.has(first.lower);
  if (
    !isGeneric &&
    (!subjectTokens.every((token) => SUBJECT_POS.has(token.pos) && !RELATIVE.has(token.lower)) ||
      !subjectTokens.some((token) => token.pos === "NOUN" || token.pos === "PROPN"))
  )
    return null;
  const verb = tokens[verbAt] as LemmaToken;
  const next = tokens[verbAt + 1];
  const isAuxiliary = verb.pos === "AUX" || BE.has(verb.lower) || MODALS.has(verb.lower);
  const isNegated = Boolean(next && NEGATION.test(next.value));
  if (isNegated && !isAuxiliary) return null;
  const subjectText = text.slice(0, verb.offset).trim();
  const subject = isName(first.value) ? subjectText : lowerFirst(subjectText);
  const afterVerb = restFrom(next);
  // "You don't want…" → "don't you want…" ("ca" + "n't" → "can't"); "can never explain" → "can you never explain".
  if (isNegated && /^n['’]t$/i.test(next?.value ?? "")) {
    const rest = restFrom(tokens[verbAt + 2]);
    return rest ? `${verb.lower}n't ${subject} ${rest}` : null;
  }
  const contracted = verb.lower.replace("’", "'");
  // Own keys only: a verb such as "constructor" must not find Object.prototype's members.
  const auxiliary =
    (Object.hasOwn(CONTRACTED, contracted) ? CONTRACTED[contracted] : undefined) ?? verb.lower;
  // An adverb between the auxiliary and its verb stays after the subject ("can you really tell").
  // "can have": the tagger reads "have" after a modal as an auxiliary.
  const isVerb = (token: LemmaToken | undefined) => token?.pos === "VERB" || token?.pos === "AUX";
  const isAdverbThenVerb = next?.pos === "ADV" && isVerb(tokens[verbAt + 2]);
  if (BE.has(auxiliary) || (MODALS.has(auxiliary) && (isVerb(next) || isNegated || isAdverbThenVerb))) {
    // "You're probably been on…": the speaker's slip stays a cloze.
    if (BE.has(auxiliary) && /^(?:\p{L}+\s+)?been\b/iu.test(afterVerb)) return null;
    return afterVerb ? `${auxiliary} ${subject} ${afterVerb}` : null;
  }
  if (verb.lemma === "be" || verb.value.startsWith("'") || verb.value.startsWith("’")) return null;
  if (verb.lower.endsWith("ing") || verb.lower.endsWith("n't")) return null;
  // "One of the opinions shared there was…": an -ed form followed by "was" belongs to the subject.
  if (/ed$/.test(verb.lower) && /\b(?:was|were|is|are)\b/i.test(afterVerb)) return null;
  // "do" support: the verb's tense goes to "do", the verb to its lemma.
  const isPast = verb.lower !== verb.lemma && !/s$/.test(verb.lower);
  const isThird = !isPast && verb.lower !== verb.lemma;
  const support = isPast ? "did" : isThird ? "does" : "do";
  return `${support} ${subject} ${verb.lemma}${afterVerb ? ` ${afterVerb}` : ""}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const asQuestion = (text: string) => `${text.replace(/[\s,;:.!?…]+$/u, "")}?`;

export type RewrittenQuestion = {
  kind: "year" | "count" | "why";
  stem: string;
  answer: string;
};

const YEAR_AT = /\b(?:back\s+)?in\s+((?:1[5-9]|20)\d\d)\b(?![s'’])/i;

/** "NASA landed on the moon in 1969." → "In what year did NASA land on the moon?" (answer "1969"). */
export function yearQuestion(
  sentence: string,
  isName?: (word: string) => boolean,
): (RewrittenQuestion & { year: number }) | null {
  const match = YEAR_AT.exec(sentence);
  if (!match?.[1]) return null;
  const clause =
    `${sentence.slice(0, match.index).replace(/\s+like\s*$/i, "")} ${sentence.slice(match.index + match[0].length).replace(/^\s*,/, "")}`
      .replace(/\s+/g, " ")
      .trim();
  const inverted = invertClause(upperFirst(clause), { isName });
  if (!inverted) return null;
  return {
    kind: "year",
    stem: asQuestion(`In what year ${inverted}`),
    answer: match[1],
    year: Number(match[1]),
  };
}

const COUNT_AT = new RegExp(
  `(?<![$€£\\d.,\\p{L}-])\\b(\\d{1,3}(?:,\\d{3})+|\\d+|${NUMBER_WORD}(?:[\\s-]+(?:${NUMBER_WORD}|and(?=[\\s-]+${NUMBER_WORD})))*)\\s+(?=[a-z])`,
  "giu",
);
/** Nouns after a number that do not count things ("three times as much", "two ways"). */
const NOT_COUNTS = new Set(["times", "ways", "guys", "folks", "things", "cents"]);
const QUANTIFIER = /(?:\b(?:about|around|roughly|over|nearly|almost|like|maybe)\s+)$/i;
/** "two thousands": a number word is no thing counted. */
const COUNT_WORD_HEAD = /^(?:hundreds|thousands|millions|billions|dozens)$/i;
/** "and and", "the the": a false start, which a rewritten question must not keep. */
const hasRepeatedWord = (text: string) => /\b(\p{L}+)\s+\1\b/iu.test(text);
const DEFINITE_BEFORE =
  /\b(?:the|these|those|my|our|their|his|her|its|your|both|all|first|last|next|other)\s+$/i;

/** The count at `from` and the noun phrase it counts ("six different studies"), from the tagger. */
function countedNoun(
  sentence: string,
  numberText: string,
  from: number,
): { noun: string; head: string; to: number } | null {
  const tokens = tagWithLemmas(sentence.slice(from + numberText.length));
  const nounTokens: LemmaToken[] = [];
  for (const token of tokens) {
    if (nounTokens.length >= 3 || !(token.pos === "ADJ" || token.pos === "NOUN")) break;
    nounTokens.push(token);
  }
  // The head: the last noun, plural ("milligrams", "countries").
  while (nounTokens.length && nounTokens.at(-1)?.pos !== "NOUN") nounTokens.pop();
  const head = nounTokens.at(-1);
  if (!head || head.lemma === head.lower || !head.lower.endsWith("s")) return null;
  let end = head.offset + head.value.length;
  // "milligrams of caffeine": the unit with what it measures.
  const ofNoun = /^\s+of\s+([a-z]+)\b/i.exec(sentence.slice(from + numberText.length + end));
  const afterOf = ofNoun
    ? tokens.find((token) => token.offset > end && token.lower === ofNoun[1]?.toLowerCase())
    : undefined;
  if (ofNoun && afterOf?.pos === "NOUN") end += ofNoun[0].length;
  const base = from + numberText.length;
  return {
    noun: sentence.slice(base, base + end).trim(),
    // The answer says the counted words as the sentence does ("six different studies").
    head: sentence.slice(base, base + head.offset + head.value.length).trim(),
    to: base + end,
  };
}

const CLAUSE_OPENER = /\b(?:that|which|who|whom|whose|if|whether|because|when|where)\s/i;

/**
 * "The safe limit for adults is 400 milligrams a day." → "How many milligrams a day is the safe
 * limit for adults?" (answer "400 milligrams"). The count starts the sentence, follows "there is",
 * or is the object of the sentence's first verb; anything else keeps its cloze.
 */
export function countQuestion(
  sentence: string,
  isName?: (word: string) => boolean,
): (RewrittenQuestion & { count: ParsedCount; head: string }) | null {
  for (const match of sentence.matchAll(COUNT_AT)) {
    const numberText = match[1] ?? "";
    const count = parseCount(numberText);
    if (!count || count.value < 2 || (count.form === "digits" && /^(?:1[5-9]|20)\d\d$/.test(numberText)))
      continue;
    const counted = countedNoun(sentence, numberText, match.index);
    if (!counted) continue;
    const before = sentence.slice(0, match.index).replace(QUANTIFIER, "");
    // "These two projects", "the two packages": a definite group, not a count the sentence gives.
    // "People see a kind of link - three letters and a number -": an aside.
    if (DEFINITE_BEFORE.test(before) || /\s[-–—]\s/.test(before)) continue;
    // "…Wirth's Law states that two particles…": a count inside a clause that a word before it opens
    // cannot lead the question.
    if (CLAUSE_OPENER.test(before)) continue;
    // The clause that holds the count: a second clause after ", and" is cut off.
    const rest = sentence
      .slice(counted.to)
      .replace(/(?:,\s*(?:and|but|so|which|because)\b|;|:|,\s*\p{Lu}|\s[-–—]\s).*$/u, "")
      .replace(/[\s,;:.!?…]+$/u, "");
    if (NOT_COUNTS.has(counted.head.toLowerCase()) || COUNT_WORD_HEAD.test(counted.head)) continue;
    // "25 years ago": a point in time, not a count.
    if (/^\s+(?:ago|later|earlier|old|from now)\b/i.test(rest)) continue;
    // Lower case like the distractors, also when the count opens the sentence ("Two suspects").
    const answer = `${count.form === "words" ? numberText.toLowerCase() : numberText} ${counted.head}`;
    let stem: string | null = null;
    const thereIs = /^\s*there\s+(is|are|was|were)\s+$/i.exec(before);
    if (thereIs) stem = `How many ${counted.noun} ${thereIs[1]?.toLowerCase()} there${rest}`;
    else if (before.trim() === "") {
      if (/^\s+(?:[a-z]+ed|are|were|have|had|can|could|will|would|take|make|get|come|go)\b/i.test(rest))
        stem = `How many ${counted.noun}${rest}`;
    } else if (tagText(before).some((token) => token.pos === "VERB" || token.pos === "AUX")) {
      // The count is the object of a verb before it ("So not just two months of work" has none).
      const inverted = invertClause(`${before.trim()} ${counted.noun}${rest}`, { isName });
      // The counted noun must be right after the verb (the object), not inside a prepositional phrase.
      const lastBefore = /(\S+)\s*$/.exec(before)?.[1]?.toLowerCase() ?? "";
      if (
        inverted &&
        !/^(?:of|in|at|on|for|with|within|to|from|by|about|than|per|after|before|over|under|during|into|across|through|around|between|among)$/.test(
          lastBefore,
        )
      ) {
        const verbPart = inverted.slice(0, inverted.indexOf(counted.noun)).trim();
        // "The payoff is there are two weeks…": a second verb in the subject is a second clause.
        // The subject is all after the auxiliary, but the main verb ends "does Excedrin have".
        const parts = verbPart.split(/\s+/);
        const subjectWords = BE.has(parts[0] ?? "") ? parts.slice(1) : parts.slice(1, -1);
        const isOneClause = !subjectWords.some(
          (word) => word === "there" || BE.has(word) || MODALS.has(word),
        );
        // "How many milligrams a day is the limit?" but "How many milligrams does Excedrin have in a tablet?"
        // "The limit is 400 milligrams": the count completes "is". In "This thing is not going to
        // take 10 years", "is" is an auxiliary and the count the object of "take".
        const isComplement = /\b(?:is|are|was|were)\s*$/i.test(before);
        if (verbPart && isOneClause && inverted.includes(counted.noun))
          stem = (
            BE.has(verbPart.split(" ")[0] ?? "") && isComplement
              ? `How many ${counted.noun}${rest} ${verbPart}`
              : `How many ${counted.noun} ${verbPart}${rest}`
          ).replace(/\s+/g, " ");
      }
    }
    // "…are there that, correct me on this one, one was…": an aside inside the clause stays a cloze.
    if (stem && stem.split(/\s+/).length >= 5 && !hasRepeatedWord(stem) && !stem.includes(","))
      return { kind: "count", stem: asQuestion(stem), answer, count, head: counted.head };
  }
  return null;
}

const CAUSE_AT = /,?\s+because\s+(?!of\b)/i;
/** Spoken padding that makes a cause clause no answer ("because I think", "because, you know"). */
const WEAK_CAUSE =
  /^(?:i|you|we|like|um|uh|yeah|well|that's|it's like|first off|first of all|basically|honestly)\b|\b(?:you know|i think|i mean|kind of|sort of)\b/i;
/** A clause ends on these only after a wh-word or "that": a preposition, an auxiliary, a conjunction. */
const CUT_OFF_POS = new Set(["ADP", "AUX", "DET", "CCONJ", "SCONJ"]);
/** A cause that opens with a condition or a time clause holds its main clause after a comma, if at all. */
const CONDITION_FIRST = /^(?:if|when|whenever|unless|once|while|although|though|as soon as)\b/i;
const MIN_CAUSE_WORDS = 3;
const MAX_CAUSE_WORDS = 14;

/** The "because …" clause of a sentence that can be an answer or a distractor, else null. */
export function causeClause(sentence: string): { effect: string; cause: string } | null {
  const match = CAUSE_AT.exec(sentence);
  if (!match) return null;
  // "…jump on the tool train just because…": the adverb belongs to "because".
  const effect = sentence
    .slice(0, match.index)
    .trim()
    .replace(/\s+(?:just|only|simply|mainly|partly|mostly|probably|really|largely|precisely)$/i, "");
  const cause = sentence
    .slice(match.index + match[0].length)
    .replace(/[\s,;:.!?…]+$/u, "")
    .trim();
  const words = cause.split(/\s+/).length;
  if (words < MIN_CAUSE_WORDS || words > MAX_CAUSE_WORDS || WEAK_CAUSE.test(cause) || isDisfluent(cause))
    return null;
  if (/\bbecause\b/i.test(cause) || /[,;:"“”]/.test(cause)) return null;
  // "because if you're reading data..." (trailing off): a condition without the clause it leads to.
  if (CONDITION_FIRST.test(cause)) return null;
  const tokens = tagText(cause).filter((token) => token.pos !== "PUNCT");
  // "because construction problems at Amal's house": a cause with no verb is no clause.
  if (!tokens.some((token) => token.pos === "VERB" || token.pos === "AUX")) return null;
  // "because a lot of your interactions with people are", "…goes from": a clause cut off mid-way.
  // A preposition or verb may end a clause that opened with a wh-word or "that" ("how tired they are",
  // "what it asks for"); a determiner or conjunction never does.
  const last = tokens.at(-1);
  if (!last || last.pos === "DET" || last.pos === "CCONJ") return null;
  const isStranded = CUT_OFF_POS.has(last.pos) || BE.has(last.value.toLowerCase());
  if (
    isStranded &&
    !/\b(?:how|what|who|whom|where|which|whatever|when|that)\b/i.test(cause.slice(0, last.offset))
  )
    return null;
  return { effect, cause };
}

/** The cause as a choice: "Because caffeine blocks adenosine". */
export const causeChoice = (cause: string) => `Because ${cause}`;

const POINTS_BACK_IN_QUESTION = /\b(?:it|this|that|these|those|them|there)\b/i;

/**
 * "People drink more because caffeine hides how drunk they are." → "Why do people drink more?"
 * (answer "Because caffeine hides how drunk they are").
 */
export function whyQuestion(sentence: string, isName?: (word: string) => boolean): RewrittenQuestion | null {
  const clause = causeClause(sentence);
  if (!clause || clause.effect.split(/\s+/).length < 4) return null;
  // "Alternative path - go build for the other people first": a heading and a dash, not a clause.
  if (/\s[-–—]\s|[:;]|[-–—]\s*$/.test(clause.effect) || hasRepeatedWord(clause.effect)) return null;
  const inverted = invertClause(clause.effect, { isName, allowsGeneric: true });
  // "Why did people complain about it?": a word that points back leaves the question unanswerable.
  if (!inverted || POINTS_BACK_IN_QUESTION.test(inverted)) return null;
  return { kind: "why", stem: asQuestion(`Why ${inverted}`), answer: causeChoice(clause.cause) };
}
