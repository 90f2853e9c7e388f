import { normalizeTitle } from "../../../domain/episode-dedupe.ts";
import { labelName } from "../episode-intent.ts";
import { type Answer, type ChatTurn, NOT_COVERED_ANSWER, type Passage } from "../provider.ts";
import { askedTerm, DEFINES_IT, definesTerm, MEANING_WORDS } from "./definitions.ts";
import { lemmaStem, saysAsFigure, synonymStems } from "./lexicon.ts";
import { givenNamePattern, nameVariants, questionGivenNames, questionNameWords } from "./nicknames.ts";
import { normalizeNumbers } from "./numbers.ts";
import {
  answerShape,
  askedListSize,
  asksForLikeness,
  asksForName,
  listsItems,
  shapeBonus,
} from "./question-types.ts";
import { splitSentences } from "./sentences.ts";
import {
  contentStems,
  isTopicOverview,
  isViewQuestion,
  phrasalNouns,
  QUESTION_NOISE_WORDS,
  STATES_VIEW,
  STOPWORDS,
  singularAcronyms,
  TOPIC_OVERVIEW_WORDS,
  tokenize,
  truncateText,
  withoutIdioms,
} from "./text.ts";

const QUESTION_NOISE = new Set([...QUESTION_NOISE_WORDS].map(lemmaStem));

/**
 * A hyphenated compound as its content parts: a listener's "non-expert" or "off-the-shelf" rarely
 * appears as such in speech, while "expert" and "shelf" may ("big-picture" → "big", "picture").
 */
export function compoundParts(token: string): string[] {
  if (!token.includes("-")) return [token];
  return token.split("-").filter((part) => part.length > 1 && !STOPWORDS.has(part));
}

/** A token that may be a word to find: not a stopword, two letters or more, or one digit ("4"). */
const isTermToken = (token: string) => (token.length > 1 || /^\d$/.test(token)) && !STOPWORDS.has(token);

/**
 * Content words as lemma stems, numbers in one form; a compound whole when the passages say it so
 * ("retrieval-augmented"), else as its parts.
 */
function lemmaStems(text: string, known?: Set<string>): string[] {
  return tokenize(normalizeNumbers(singularAcronyms(phrasalNouns(text))))
    .flatMap((token) => (known?.has(lemmaStem(token)) ? [token] : compoundParts(token)))
    .filter(isTermToken)
    .map(lemmaStem);
}
const MAX_ANSWER_SENTENCES = 3;
const MAX_SOURCES = 3;
const SOURCE_LENGTH = 300;
/**
 * "Not covered" gate: share of the question's content-word weight (rarer words weigh more; a word
 * no retrieved sentence has weighs most) that the best passage covers. Calibrated on the dev set.
 */
export const MIN_COVERAGE = 0.45;
/**
 * The gate for a question that refers to the episode's people by pronoun ("What does she recommend…",
 * "What do they call…"): it presupposes the conversation, so the listener's own wording may share
 * little with the speaker's. Questions that share words with an episode without being about it are
 * asked of the world ("What's the best ETF for a beginner?") and do not point at the speakers.
 */
export const MIN_COVERAGE_ABOUT_SPEAKERS = 0.2;
const REFERS_TO_SPEAKERS = /\b(?:he|she|they|him|her|his|hers|their|them)\b/i;

/** Whether the question points at the episode's people by pronoun. */
export function refersToSpeakers(question: string): boolean {
  return REFERS_TO_SPEAKERS.test(question);
}
/** For a question for a list of so many things, a moment that lists that many. */
const LIST_BONUS = 0.3;
/** For a view question, a sentence where the speaker states a view of the subject (see STATES_VIEW). */
const VIEW_BONUS = 0.3;

/**
 * A sentence's stems and lemmas (compounds also as parts), so "wrote" meets "write"; and two adjacent
 * words written as one, so the listener's "OpenAI" or "timeframe" meets the speaker's "Open AI" or
 * "time frame".
 */
function sentenceStems(text: string): Set<string> {
  const normalized = normalizeNumbers(singularAcronyms(phrasalNouns(text)));
  const words = tokenize(normalized);
  const tokens = words
    .flatMap((token) => (token.includes("-") ? [token, ...compoundParts(token)] : [token]))
    .filter(isTermToken);
  const joined = words
    .slice(1)
    .map((word, index) => `${words[index]}${word}`)
    .filter((pair) => pair.length >= 6 && /^\p{L}+$/u.test(pair));
  return new Set([...contentStems(normalized), ...tokens.map(lemmaStem), ...joined.map(lemmaStem)]);
}

/**
 * The names a question calls the episode's people by, as lemma stems to the folded forms a speaker
 * label may give them ("Michael" → michael, mike).
 */
function questionNameForms(question: string): Map<string, Set<string>> {
  return new Map(
    questionNameWords(question).map((word) => [
      lemmaStem(word),
      new Set([word, ...nameVariants(word)].map(normalizeTitle)),
    ]),
  );
}

/**
 * Whether a sentence is said by the person a question names: "When does Mireille's family take
 * holidays?" is answered in Mireille's own words, which rarely say her name. The label's name part
 * ("Mireille B. Reece, Psy.D" → mireille, b, reece) holds one of the name's forms.
 */
function isSaidBy(forms: Set<string> | undefined, speaker: string | undefined): boolean {
  if (!forms || !speaker) return false;
  return normalizeTitle(labelName(speaker))
    .split(" ")
    .some((word) => word.length > 1 && forms.has(word));
}

type ScoredSentence = {
  text: string;
  start: number;
  passage: number;
  order: number;
  matched: Set<string>;
  score: number;
  /** The score from the question's words alone (no answer-shape bonus). */
  wordScore: number;
};

const TOPIC_OVERVIEW = new Set([...TOPIC_OVERVIEW_WORDS].map(lemmaStem));
const NAME_STEM = lemmaStem("name");
const YEAR_STEM = lemmaStem("year");
/** Words that ask for a likeness ("compare", "analogy"…): its kind, rarely the speaker's words. */
const LIKENESS_STEMS = new Set(
  ["compare", "comparison", "analogy", "metaphor", "liken", "simile", "image", "picture"].map(lemmaStem),
);

/**
 * Words that hedge a question ("What part of the brain is mostly in charge of…", "Roughly how many
 * people did those studies include altogether?"): the answer seldom repeats them. Removed as words,
 * before stemming, since some stems are adjectives that carry meaning ("main", "real", "current").
 */
const HEDGES =
  /\b(?:mostly|mainly|primarily|largely|chiefly|usually|generally|typically|normally|often|really|actually|exactly|precisely|basically|ever|currently|specifically|particularly|roughly|approximately|altogether|overall|in total)\b/gi;

function questionTerms(question: string, history: ChatTurn[], known?: Set<string>): string[] {
  const isOverview = isTopicOverview(question);
  // "name" in "What was the name of…" asks for the answer's kind, as "who" does: not a word to find.
  // ("title" asks for it too, but speakers say it: "My thesis title… is 'Distributed…'".)
  const isNameAsked = asksForName(question);
  const isLikenessAsked = asksForLikeness(question);
  // "What year was Gumroad founded?": the answer says "in 2011", seldom "year".
  const isYearAsked = ASKS_YEAR.test(question.trim());
  // "What does BDNF stand for?": "stand" is no word to find ("stand out" is no answer).
  const isMeaningAsked = askedTerm(question) !== null;
  const terms = [
    ...new Set(
      lemmaStems(withoutIdioms(question).replace(HEDGES, " "), known).filter(
        (term) =>
          !QUESTION_NOISE.has(term) &&
          !(isOverview && TOPIC_OVERVIEW.has(term)) &&
          !(isNameAsked && term === NAME_STEM) &&
          !(isYearAsked && term === YEAR_STEM) &&
          !(isMeaningAsked && MEANING_WORDS.has(term)) &&
          !(isLikenessAsked && LIKENESS_STEMS.has(term)),
      ),
    ),
  ];
  // A short follow-up ("and why?") borrows the subject of the previous question.
  const previous = history.at(-1)?.question;
  if (terms.length < 2 && previous && /^(and|but|so|why|how|what about|then)\b/i.test(question.trim())) {
    for (const term of lemmaStems(previous))
      if (!QUESTION_NOISE.has(term) && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

/** Suffixes that make a noun of a noun or verb without changing what it is about ("intern" → "internship"). */
const DERIVATIONAL_SUFFIX = /^(?:ship|ships|hood|ment|ments|ness|ist|ists|ism)$/;

/**
 * Stems match when equal, or when one extends the other by a short suffix ("vaccin"/"vaccinat") or a
 * derivational one ("intern"/"internship").
 */
export function termMatches(term: string, stems: Set<string>): boolean {
  if (stems.has(term)) return true;
  for (const synonym of synonymStems(term)) if (stems.has(synonym)) return true;
  if (term.length < 5) return false;
  for (const stem of stems) {
    if (stem.length < 5) continue;
    const [short, long] = stem.length <= term.length ? [stem, term] : [term, stem];
    if (!long.startsWith(short)) continue;
    if (long.length - short.length <= 3 || DERIVATIONAL_SUFFIX.test(long.slice(short.length))) return true;
  }
  return false;
}

/** Questions whose answer must hold a number or a date: "How much…", "How many…", "What year…", "When…". */
const ASKS_QUANTITY =
  /^(?:(?:and|so|but|ok(?:ay)?),? )?(?:how (?:much|many)\b|what (?:percentage|percent|proportion|share)\b|(?:what|which) (?:(?:is|was|are|were|'s) )?(?:the |a |an )?(?:\w+ )?(?:salary|salaries|price|prices|cost|costs|fee|fees|wage|wages|income|budget)\b|what (?:does|do|did) .{1,60}\b(?:cost|earn|charge|pay)$)/i;
// "When should a startup announce its funding?" asks for circumstances, not a date.
const ASKS_DATE =
  /^(?:(?:and|so|but|ok(?:ay)?),? )?(?:when\b(?! (?:should|would|could|can|do|does|must|might)\b)|(?:in )?(?:what|which) year\b)/i;
/** "What year did…": a year, not any number ("when I was 17 years old" is an age). */
const ASKS_YEAR = /^(?:(?:and|so|but|ok(?:ay)?),? )?(?:in )?(?:what|which) year\b/i;
const SAYS_YEAR =
  /\b(?:1[5-9]\d\d|20\d\d)\b|['’]?\b\d0s\b|\b(?:last|this|next|that|same) year\b|\b(?:years?|decades?) (?:ago|later|before|after)\b|\bago\b/i;
/** "How many hours did it take…?": an amount of time. */
const ASKS_TIME_AMOUNT =
  /^(?:(?:and|so|but|ok(?:ay)?),? )?how many (?:seconds|minutes|hours|days|weeks|months|years|decades)\b/i;
const SAYS_TIME_UNIT =
  /\b(?:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?|months?|years?|decades?|overnight)\b/i;
const SAYS_QUANTITY = /\d|\b(?:half|twice|double|triple|dozens?|percent|none|zero)\b/i;
const SAYS_DATE =
  /\d|\b(?:during|war|era|century|decade|ago|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|yesterday|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|when i was|as a (?:kid|child|student))\b/i;
/** What a moment must say for each kind of asked-for answer, the most specific ask first. */
const ASKED_SHAPES: [asks: RegExp, says: RegExp][] = [
  [ASKS_QUANTITY, SAYS_QUANTITY],
  [ASKS_YEAR, SAYS_YEAR],
  [ASKS_DATE, SAYS_DATE],
];

/** What a moment must say for a question that asks for a quantity or a date, if it asks for one. */
function askedShape(question: string): RegExp | undefined {
  const asked = question.trim().replace(/[?.!]+$/, "");
  return ASKED_SHAPES.find(([asks]) => asks.test(asked))?.[1];
}

/**
 * Whether a question that asks for a quantity or a date has it where the answer would be: the best
 * sentence (or one within 10% of its score and of the best score on words alone), or the one after it
 * in the same passage, says a number,
 * an amount word or a time (the shape bonus already lifts such sentences). "How much caffeine is in matcha?" answered by a sentence about green tea
 * with no amount is a shared-word match, not an answer.
 */
export function hasAskedShape(
  question: string,
  sentences: ScoredSentence[],
  ranked: ScoredSentence[],
  bestScore: number,
): boolean {
  const q = question.trim();
  const shape = askedShape(q);
  if (!shape) return true;
  // "How many hours…", "How long…": the amount must be one of time, not any number in the passage.
  const isTimeAmount = ASKS_TIME_AMOUNT.test(q);
  // A runner-up counts on its words alone: the shape bonus must not let a sentence that shares one
  // word and says "15" stand in for the answer ("How many robots…?").
  const bestWords = Math.max(0, ...ranked.map((sentence) => sentence.wordScore));
  return ranked
    .filter(
      (sentence, index) =>
        index === 0 || (sentence.score >= bestScore * 0.9 && sentence.wordScore >= bestWords * 0.9),
    )
    .some((sentence) => {
      const next = sentences[sentence.order + 1];
      const text = `${sentence.text} ${next && next.passage === sentence.passage ? next.text : ""}`;
      return shape.test(normalizeNumbers(text)) && (!isTimeAmount || SAYS_TIME_UNIT.test(text));
    });
}

/** "What's the best…", "Which … is the most reliable?", "the healthiest…": a judgement among things. */
const ASKS_JUDGEMENT =
  /(?<!\b(?:its|his|her|their|our|my|your) )\b(?:best|worst|the (?:most|least) \w+|the \w+iest)\b/i;
/** "How do I…", "How do you make…", "What … should I…": a request for instructions or advice. */
const ASKS_ADVICE = /^(?:how (?:do|can|should) (?:i|you|we|one)\b)|\bshould (?:i|we)\b/i;
const GIVES_JUDGEMENT =
  /\b(?:best|better|worst|worse|most|least|recommend\w*|suggest\w*|favou?rite|prefer\w*|ideal|go-to|top|rather)\b/i;
const GIVES_ADVICE =
  /\b(?:you (?:can|could|should|need|have to|want to|might|just|may)|I'd (?:say|suggest|recommend)|I (?:would|always) (?:say|suggest|recommend|tell)|recommend\w*|suggest\w*|advi[cs]e|make sure|try|start (?:by|with)|first,|step|should|don't|do not|avoid)\b/i;

/**
 * Whether a request for a judgement or for advice, asked of the world rather than of the speakers,
 * is met by a moment that gives one: the best sentence (or the one after it) must judge ("the best",
 * "I'd recommend") or advise ("you can", "make sure"). "Which Toyota model is the most reliable?"
 * met by "I might drive a Toyota, or a Ford" shares the name, not the answer.
 */
export function meetsAskedJudgement(
  question: string,
  sentences: ScoredSentence[],
  best: ScoredSentence,
): boolean {
  // "Why should I listen…?" asks for reasons, not instructions.
  if (refersToSpeakers(question) || /^\s*why\b/i.test(question)) return true;
  const needs = ASKS_JUDGEMENT.test(question)
    ? GIVES_JUDGEMENT
    : ASKS_ADVICE.test(question)
      ? GIVES_ADVICE
      : null;
  if (!needs) return true;
  return needs.test(momentText(sentences, best));
}

const ROMAN = new Map([
  ["ii", "2"],
  ["iii", "3"],
  ["iv", "4"],
  ["v", "5"],
  ["vi", "6"],
  ["vii", "7"],
  ["viii", "8"],
  ["ix", "9"],
  ["x", "10"],
]);
/** What tells one of a kind from another after its name: a number, a capital letter, a Roman numeral. */
const VERSION_ID = String.raw`(\d+(?:\.\d+)?|[A-Z]|[IVX]{2,4})(?![\p{L}\d])`;
/** A capitalised name and its version in a question: "Series A", "Apollo 11", "GPT-4", "World War II". */
const ASKED_VERSION = new RegExp(String.raw`\b(\p{Lu}[\p{L}]{2,})[ -]` + VERSION_ID, "gu");
const NOT_A_NAME = new Set([
  "what",
  "which",
  "who",
  "when",
  "where",
  "why",
  "how",
  "does",
  "did",
  "was",
  "were",
  "has",
  "have",
  "can",
  "will",
]);

const versionKey = (id: string) => ROMAN.get(id.toLowerCase()) ?? id.toLowerCase();

/**
 * Whether the question asks about one of a kind ("Series A", "Apollo 11") that the passages only
 * mention in another version ("Series B", "Apollo 13"): the shared name is a near miss, not an answer.
 */
export function namesAnotherVersion(question: string, passages: Passage[]): boolean {
  const asked = new Map<string, Set<string>>();
  for (const [, name = "", id = ""] of normalizeNumbers(question).matchAll(ASKED_VERSION)) {
    const key = name.toLowerCase();
    if (NOT_A_NAME.has(key) || STOPWORDS.has(key) || id === "I") continue;
    asked.set(key, (asked.get(key) ?? new Set()).add(versionKey(id)));
  }
  if (!asked.size) return false;
  const text = normalizeNumbers(passages.map((passage) => passage.text).join(" "));
  for (const [name, ids] of asked) {
    // The speaker's own case for the name ("series B"), but a letter only when it is a capital.
    const said = new Set(
      [...text.matchAll(new RegExp(String.raw`\b${name}[ -]` + VERSION_ID, "giu"))]
        .map((match) => match[1] ?? "")
        .filter((id) => !/^[a-z]+$/.test(id) && id !== "I")
        .map(versionKey),
    );
    if (said.size && ![...ids].some((id) => said.has(id))) return true;
  }
  return false;
}

/** Questions a host may add before the guest replies ("Do you sleep well?"). */
const MAX_FOLLOW_UPS = 3;
const isSaidQuestion = (text: string) => /\?["”’]?\s*$/.test(text);

/** Capitalised words that name no one: "Who was her PhD supervisor?" */
const TITLES_AND_DEGREES = /^(?:phd|msc|bsc|dr|mr|mrs|ms|prof|sir|madam)$/i;

/** The question's terms that are names it says ("Brené", "Brown", "Pinterest"), titles and degrees aside. */
function namedTerms(question: string, terms: string[]): Set<string> {
  return new Set(
    questionNameWords(question)
      .filter((word) => !TITLES_AND_DEGREES.test(word))
      .map(lemmaStem)
      .filter((term) => terms.includes(term)),
  );
}

const PERSONAL_PRONOUN = /\b(?:he|she|him|his|her|hers)\b/i;

/**
 * A person the question names is most often "she" or "he" once introduced: "I'm sure we've talked
 * about Brené Brown before…" "Once upon a time, she worked for the University of Houston…". A
 * sentence with such a pronoun and without the name takes the name's match from the sentence
 * before it in the same passage (which may have it the same way).
 */
function carryNamesToPronouns(question: string, terms: string[], sentences: ScoredSentence[]): void {
  const names = namedTerms(question, terms);
  if (!names.size) return;
  for (const [i, sentence] of sentences.entries()) {
    const before = sentences[i - 1];
    if (!before || before.passage !== sentence.passage || !PERSONAL_PRONOUN.test(sentence.text)) continue;
    for (const name of names) if (before.matched.has(name)) sentence.matched.add(name);
  }
}

/**
 * Whether a question about something named ("Who founded Pinterest?", "What's the population of
 * Houston?") meets its name with at least one of its other words, in the same sentence or the one
 * before or after it. A passage that only mentions the name ("…leaving school to go to Pinterest…")
 * does not say what is asked of it.
 */
function saysNameWithMore(question: string, terms: string[], sentences: ScoredSentence[]): boolean {
  const names = namedTerms(question, terms);
  // "the movie Inside Out", "the company Gumroad": the word before a name says what it is.
  const kinds = new Set(
    [...question.matchAll(/\b(?:the|a|an)\s+(\p{Ll}+)\s+(?=\p{Lu})/gu)].map((match) =>
      lemmaStem(match[1] ?? ""),
    ),
  );
  const others = terms.filter((term) => !names.has(term) && !kinds.has(term));
  if (!names.size || !others.length) return true;
  return sentences.some((sentence) => {
    if (![...sentence.matched].some((term) => names.has(term))) return false;
    const near = [sentences[sentence.order - 1], sentence, sentences[sentence.order + 1]].filter(
      (other) => other?.passage === sentence.passage,
    );
    return near.some((other) => others.some((term) => other?.matched.has(term)));
  });
}

/** For a sentence that says what the asked-about term is ("What is neuroplasticity?"). */
const DEFINITION_BONUS = 0.3;

/**
 * "…what we're talking about is conceptually neuroplasticity. And […] what it is is literally the
 * brain's ability to reorganize itself…": the defining line says "it"; it takes the term's words
 * from the line before, as a pronoun takes a name's. Returns the lines that define the term so.
 */
function carryTermToDefinitions(term: string, sentences: ScoredSentence[]): Set<ScoredSentence> {
  const termStems = lemmaStems(term);
  const defining = new Set<ScoredSentence>();
  for (const [i, sentence] of sentences.entries()) {
    const before = sentences[i - 1];
    if (!before || before.passage !== sentence.passage || !DEFINES_IT.test(sentence.text)) continue;
    const said = new Set(lemmaStems(before.text));
    if (!termStems.every((stem) => said.has(stem))) continue;
    for (const stem of termStems) if (before.matched.has(stem)) sentence.matched.add(stem);
    defining.add(sentence);
  }
  return defining;
}

/** Per pair of the question's words said together in a sentence ("company before Netflix"). */
const PHRASE_BONUS = 0.1;
const PHRASE_BONUS_CAP = 3;

/** The question's adjacent word pairs that hold at least one content word ("company before", "before netflix"). */
function wordPairs(question: string): string[] {
  const words = tokenize(normalizeNumbers(question));
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const [a = "", b = ""] = [words[i - 1], words[i]];
    if (STOPWORDS.has(a) && STOPWORDS.has(b)) continue;
    if (QUESTION_NOISE_WORDS.has(a) || QUESTION_NOISE_WORDS.has(b)) continue;
    pairs.push(`${a} ${b}`);
  }
  return [...new Set(pairs)];
}

/** How many of the pairs a sentence says word for word. */
function sharedPhrases(pairs: string[], text: string): number {
  if (!pairs.length) return 0;
  const said = ` ${tokenize(normalizeNumbers(text)).join(" ")} `;
  return pairs.filter((pair) => said.includes(` ${pair} `)).length;
}

/** The source's words: the answering sentence and the one after it in the same passage. */
function momentText(sentences: ScoredSentence[], sentence: ScoredSentence): string {
  const next = sentences[sentence.order + 1];
  return next && next.passage === sentence.passage ? `${sentence.text} ${next.text}` : sentence.text;
}

/**
 * The retrieved passages' sentences scored against the question: the share of the question's
 * content-word weight each holds (rarer words weigh more, over the retrieved sentences), plus a bonus
 * for the asked-for shape; and the best passage's coverage, which the "not covered" gate reads.
 */
export function scorePassages(question: string, history: ChatTurn[], passages: Passage[]) {
  const known = new Set(passages.flatMap((passage) => [...sentenceStems(passage.text)]));
  const terms = questionTerms(question, history, known);
  // A person called by another form of their name ("Michael" for the transcript's "Mike") still
  // matches, where the sentence writes it as a name.
  const namePatterns = new Map(
    questionGivenNames(question).map(({ name, variants }) => [
      lemmaStem(name),
      givenNamePattern([name, ...variants]),
    ]),
  );
  const nameForms = questionNameForms(question);
  const sentences: ScoredSentence[] = [];
  for (const [passageIndex, passage] of passages.entries()) {
    const parts: NonNullable<Passage["sentences"]> = passage.sentences?.length
      ? passage.sentences
      : splitSentences(passage.text).map((piece) => ({ text: piece.text, start: passage.start }));
    for (const part of parts) {
      const stems = sentenceStems(part.text);
      const matched = new Set(
        terms.filter(
          (term) =>
            termMatches(term, stems) ||
            namePatterns.get(term)?.test(part.text) ||
            isSaidBy(nameForms.get(term), part.speaker) ||
            saysAsFigure(term, part.text, question),
        ),
      );
      sentences.push({
        text: part.text,
        start: part.start,
        passage: passageIndex,
        order: sentences.length,
        matched,
        score: 0,
        wordScore: 0,
      });
    }
  }
  carryNamesToPronouns(question, terms, sentences);
  const definedTerm = askedTerm(question);
  const definesItAfter = definedTerm ? carryTermToDefinitions(definedTerm, sentences) : new Set();
  // Question words found in fewer sentences are more telling (IDF over the retrieved sentences).
  const weight = new Map(
    terms.map((term) => {
      const df = sentences.filter((sentence) => sentence.matched.has(term)).length;
      return [term, Math.log(1 + sentences.length / (df || 1))];
    }),
  );
  const totalWeight = terms.reduce((sum, term) => sum + (weight.get(term) ?? 0), 0) || 1;
  const isView = isViewQuestion(question);
  // A name or a likeness is often said in the line after the one that shares the question's words
  // ("my friend and I had an idea for a startup." "It was called The Price Geek.").
  const isShapeInNextLine = asksForName(question) || asksForLikeness(question);
  const shape = answerShape(question);
  const listSize = askedListSize(question);
  const pairs = wordPairs(question);
  for (const sentence of sentences) {
    const matchedWeight = [...sentence.matched].reduce((sum, term) => sum + (weight.get(term) ?? 0), 0);
    sentence.wordScore = matchedWeight / totalWeight - sentence.passage * 0.01;
    sentence.score =
      sentence.wordScore +
      (sentence.matched.size
        ? shapeBonus(shape, isShapeInNextLine ? momentText(sentences, sentence) : sentence.text) +
          (isView && STATES_VIEW.test(sentence.text) ? VIEW_BONUS : 0) +
          (listSize && listsItems(momentText(sentences, sentence), listSize) ? LIST_BONUS : 0) +
          (definedTerm && (definesItAfter.has(sentence) || definesTerm(sentence.text, definedTerm))
            ? DEFINITION_BONUS
            : 0) +
          PHRASE_BONUS * Math.min(PHRASE_BONUS_CAP, sharedPhrases(pairs, sentence.text))
        : 0);
  }
  // A word the passages lack weighs most, so "matcha" in a caffeine episode sinks a match resting on
  // "caffeine" alone.
  const coverage = passages.map((_, passageIndex) => {
    const covered = new Set(
      sentences
        .filter((sentence) => sentence.passage === passageIndex)
        .flatMap((sentence) => [...sentence.matched]),
    );
    return [...covered].reduce((sum, term) => sum + (weight.get(term) ?? 0), 0) / totalWeight;
  });
  return { terms, weight, sentences, coverage, bestCoverage: Math.max(0, ...coverage) };
}

/**
 * The offline Ask answer: the sentences of the retrieved passages that share the most question words
 * (rarer words weigh more), and the passages they come from as sources. A question whose subject the
 * passages do not share gets NOT_COVERED_ANSWER and no sources.
 */
export function answerOffline(question: string, history: ChatTurn[], passages: Passage[]): Answer {
  if (!passages.length) return { answer: NOT_COVERED_ANSWER, sources: [] };
  const { terms, sentences, bestCoverage } = scorePassages(question, history, passages);
  const minCoverage = refersToSpeakers(question) ? MIN_COVERAGE_ABOUT_SPEAKERS : MIN_COVERAGE;
  if (!terms.length || bestCoverage < minCoverage || !saysNameWithMore(question, terms, sentences))
    return { answer: NOT_COVERED_ANSWER, sources: [] };

  const ranked = sentences
    .filter((sentence) => sentence.matched.size > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const best = ranked[0];
  if (!best) return { answer: NOT_COVERED_ANSWER, sources: [] };
  if (
    !hasAskedShape(question, sentences, ranked, best.score) ||
    !meetsAskedJudgement(question, sentences, best) ||
    namesAnotherVersion(question, passages)
  )
    return { answer: NOT_COVERED_ANSWER, sources: [] };
  const chosen = [best];
  if (isSaidQuestion(best.text)) {
    // The best match is a question asked in the episode (most often the host's): the answer is the
    // reply that follows it (past the host's follow-up questions), so the reply comes with it.
    const reply = sentences
      .slice(best.order + 1)
      .filter((sentence) => sentence.passage === best.passage)
      .slice(0, MAX_FOLLOW_UPS + MAX_ANSWER_SENTENCES)
      .filter((sentence) => !isSaidQuestion(sentence.text));
    chosen.push(...reply.slice(0, MAX_ANSWER_SENTENCES - 1));
  } else if (isTopicOverview(question)) {
    // An overview reads on from the best sentence: the next ones of the same passage.
    for (const sentence of sentences.slice(best.order + 1, best.order + MAX_ANSWER_SENTENCES))
      if (sentence.passage === best.passage) chosen.push(sentence);
  } else {
    // "When was the paper written?" "…one of the key components of the proof I've found in a paper."
    // "It was written during the Second World War.": the date is in the next line; it is the answer.
    const shape = askedShape(question);
    const next = sentences[best.order + 1];
    if (
      shape &&
      next?.passage === best.passage &&
      !shape.test(normalizeNumbers(best.text)) &&
      shape.test(normalizeNumbers(next.text))
    )
      chosen.push(next);
    for (const sentence of ranked.slice(1)) {
      if (chosen.length >= MAX_ANSWER_SENTENCES) break;
      if (sentence.score >= best.score * 0.5 && !chosen.some((other) => other.text === sentence.text))
        chosen.push(sentence);
    }
  }
  const answerText = chosen
    .sort((a, b) => a.passage - b.passage || a.order - b.order)
    .map((sentence) => sentence.text)
    .join(" ");

  const sources: Answer["sources"] = [];
  const seenPassages = new Set<number>();
  for (const sentence of ranked) {
    if (sources.length >= MAX_SOURCES) break;
    if (seenPassages.has(sentence.passage)) continue;
    seenPassages.add(sentence.passage);
    sources.push({
      timecode: Math.max(0, Math.floor(sentence.start)),
      text: truncateText(momentText(sentences, sentence), SOURCE_LENGTH),
    });
  }
  return { answer: answerText, sources };
}
