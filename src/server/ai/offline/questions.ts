import { seededRandom } from "../../../domain/seeded-random.ts";
import { type EpisodeInput, type GeneratedQuestion, QUESTIONS_PER_EPISODE } from "../provider.ts";
import {
  type AnalyzedSentence,
  clampTime,
  type EpisodeAnalysis,
  type PhraseOccurrence,
  type RankedPhrase,
} from "./analysis.ts";
import {
  bringsInTime,
  completedIdiom,
  dateForm,
  fitsDegreeWord,
  fitsWordClass,
  hasContraction,
  hasIrregularHead,
  hasNonNounHead,
  isIdiomPhrase,
  isInfinitiveInBlank,
  isMassNoun,
  isModifierInBlank,
  isPluralPhrase,
  isSameKind,
  isSynonymOf,
  keepsNeighbours,
  opensInfinitive,
  type PhraseKind,
  phraseKind,
  splitsCompound,
  takesAn,
  wordClassInContext,
} from "./answer-fit.ts";
import { completesCollocation } from "./collocations.ts";
import { isBareNounSlot, isMostlyCountable, isMostlyUncountable } from "./countability.ts";
import {
  causeChoice,
  causeClause,
  countQuestion,
  formatCount,
  numberDistractors,
  parseCount,
  whyQuestion,
  yearQuestion,
} from "./question-stems.ts";
import { isDisfluent, isHousekeeping, isIndefinitePronoun, isPossessivePronoun } from "./sentence-quality.ts";
import {
  escapeRegExp,
  formatTimecode,
  hashString,
  hasNameShape,
  isInAddress,
  phraseKey,
  SPOKEN_REPLIES,
  STOPWORDS,
  tokenize,
} from "./text.ts";
import {
  areNounSynonyms,
  isPersonForThing,
  isSameNounClass,
  kindSimilarity,
  type NounClass,
  nounClasses,
  nounSynsets,
} from "./wordnet.ts";

export const BLANK = "_____";

/**
 * Talk that says nothing by itself around a blank: hedges, fillers and light verbs. "I think for me,
 * this is the _____." leaves the learner nothing to go on.
 */
const EMPTY_WORDS = new Set(
  `think really always just like lot lots things thing kind sort stuff pretty probably actually
obviously basically definitely right yeah okay know mean guess say said get got go going gonna wanna
want one way something anything everything whatever sure maybe`.split(/\s+/),
);
/** A cloze needs this many words of content outside its blank. */
const MIN_CONTEXT_WORDS = 2;

/** Whether the words around a blank say something a learner can answer from (decision 077). */
export function givesContext(blank: { before: string; after: string }): boolean {
  const words = tokenize(`${blank.before} ${blank.after}`).filter(
    (word) => word.length > 1 && !STOPWORDS.has(word) && !EMPTY_WORDS.has(word),
  );
  return words.length >= MIN_CONTEXT_WORDS;
}

const MIN_STEM_WORDS = 8;
const MIN_STEM_WORDS_RELAXED = 6;
const MAX_STEM_WORDS = 45;

type Candidate = {
  text: string;
  key: string;
  words: number;
  isProper: boolean;
  plausibility: number;
  mentions: number;
  kind: PhraseKind;
  isPlural: boolean;
  hasIrregularHead: boolean;
  takesAn: boolean;
  /** Takes no "a": a known mass noun, or a common noun speakers almost never say after "a". */
  isMass: boolean;
  /** A common noun speakers mostly say after "a": it cannot stand bare ("evidence of _caveat_"). */
  isCountable: boolean;
  isIdiom: boolean;
  hasNonNounHead: boolean;
  /** What WordNet says a common noun names (a person, a group, a thing…); null when it cannot say. */
  classes: ReadonlySet<NounClass> | null;
  synsets: ReadonlySet<string> | null;
};

/** Phrase keys (phraseKey) name "the same" phrase when one's words contain the other's. */
function isSameKey(a: string, b: string): boolean {
  const paddedA = ` ${a} `;
  const paddedB = ` ${b} `;
  return paddedA.includes(paddedB) || paddedB.includes(paddedA);
}

/** Two phrases are "the same" when one's words contain the other's (case and plural aside). */
export function isSamePhrase(a: string, b: string): boolean {
  return isSameKey(phraseKey(a), phraseKey(b));
}

/** A name run together, letters and digits only: "InfluxDB" → "influxdb". */
const gluedName = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
/** Names shorter than this run together may start another by chance ("Go", "Git"). */
const GLUED_NAME_MIN = 4;

/**
 * Whether one phrase names the start of the other once spaces and punctuation go: "Influx" and
 * "InfluxDB", "Postgres" and "PostgreSQL". As a choice beside the other it gives the answer away, as
 * a shared word does (sample D, decision 070).
 */
export function startsOneAnother(a: string, b: string): boolean {
  const [shorter, longer] = [gluedName(a), gluedName(b)].sort((x, y) => x.length - y.length);
  return Boolean(shorter && longer && shorter.length >= GLUED_NAME_MIN && longer.startsWith(shorter));
}

/** How much a candidate distractor looks like the answer: same word count, length and kind. */
function shapeDistance(answer: PhraseOccurrence, candidate: Candidate): number {
  return (
    Math.abs(answer.words - candidate.words) * 2 +
    Math.abs(answer.text.length - candidate.text.length) / 6 +
    (answer.isProper === candidate.isProper ? 0 : 3) -
    candidate.plausibility
  );
}

const AFTER_DEGREE = /\b(?:pretty|very|so|too|really|quite|super|extremely|fairly|incredibly)\s+$/i;

/** An object pronoun right after a word makes that word a verb. */
const OBJECT_AFTER = /^\s+(?:it|them|him|me|us)(?![\w'’])|^\s+you\s*(?:[,.;:!?]|$)/i;
/** "use the chance to _skill_ up": a word between "to" and a particle is a phrasal verb. */
const PHRASAL_PARTICLE = /^\s+(?:up|down|out|off|over|back|around)\b/i;

/**
 * "_Alright_, we're back…": an interjection is no answer; nor is a word an object pronoun follows,
 * which is a verb ("you can easily _self-host_ it").
 */
export function isNoAnswer(text: string, after: string, before = ""): boolean {
  return (
    SPOKEN_REPLIES.has(text.toLowerCase()) ||
    OBJECT_AFTER.test(after) ||
    (/\bto\s+$/i.test(before) && PHRASAL_PARTICLE.test(after)) ||
    // "it gets pretty _crufty_": one word after a degree adverb is an adjective, whatever the tagger says.
    (!/\s/.test(text.trim()) && AFTER_DEGREE.test(before))
  );
}

/** Nouns said as amounts ("a bunch of", "a ton of", "a handful of"): no choice for a thing. */
const AMOUNT_NOUNS = new Set([
  "bunch",
  "bunches",
  "lot",
  "lots",
  "ton",
  "tons",
  "handful",
  "couple",
  "plenty",
  "load",
  "loads",
  "heaps",
]);

/** Sounds a transcriber spells out ("mm-hm", "uh-huh", "ohhhhh", "hmm"): never a choice (sample I). */
export const SPELT_SOUND = /^(?:m+-?h?m+|u+h+-?h?u+h+|u+m+|h+m+|o+h+|a+h+|e+r+m*|\p{L}*(\p{L})\1\1\p{L}*)$/iu;

const candidateCache = new WeakMap<EpisodeAnalysis, Candidate[][]>();

/** A candidate's form, worked out once per episode rather than once per question. */
function withForm(
  candidate: Pick<Candidate, "text" | "key" | "words" | "isProper" | "plausibility" | "mentions">,
  people: ReadonlySet<string>,
): Candidate {
  const kind = phraseKind(candidate.text, people);
  return {
    ...candidate,
    kind,
    isPlural: isPluralPhrase(candidate.text),
    hasIrregularHead: hasIrregularHead(candidate.text),
    takesAn: takesAn(candidate.text),
    isMass: isMassNoun(candidate.text) || (kind === "concept" && isMostlyUncountable(candidate.text)),
    isCountable: kind === "concept" && isMostlyCountable(candidate.text),
    isIdiom: isIdiomPhrase(candidate.text),
    hasNonNounHead: hasNonNounHead(candidate.text),
    classes: kind === "concept" ? nounClasses(candidate.text) : null,
    synsets: kind === "concept" ? nounSynsets(candidate.text) : null,
  };
}

/**
 * Distractor candidates, in the order they are tried: the episode's phrases it mentions more than
 * once, then those it mentions once, then the topics of the show's other episodes (its own
 * subjects) with the rest of the catalog's.
 */
function candidatesOf(analysis: EpisodeAnalysis, people: ReadonlySet<string>): Candidate[][] {
  const cached = candidateCache.get(analysis);
  if (cached) return cached;
  const episode = analysis.phrases
    .filter(
      (phrase) =>
        !hasContraction(phrase.text) &&
        !SPOKEN_REPLIES.has(phrase.text.toLowerCase()) &&
        !SPELT_SOUND.test(phrase.text) &&
        // "none", "something": pronouns the tagger may read as nouns are a choice of no kind (sample J).
        !isIndefinitePronoun(phrase.text) &&
        // "mine" for "hardware" reads as the pronoun, not the noun (Go Time #28).
        !isPossessivePronoun(phrase.text) &&
        // "ands", "buts": a function word heard as a noun ("no ifs, ands or buts") is no distractor.
        !STOPWORDS.has(phrase.text.toLowerCase().replace(/s$/, "")) &&
        // "[community] ← bunch": a word said as an amount ("a bunch of") names no thing of its own.
        !AMOUNT_NOUNS.has(phrase.text.toLowerCase()),
    )
    .map((phrase: RankedPhrase) =>
      withForm(
        {
          text: phrase.text,
          key: phrase.key,
          words: phrase.words,
          isProper: phrase.isProper,
          plausibility: Math.min(2, phrase.score / 2),
          mentions: phrase.sentenceIds.length,
        },
        people,
      ),
    );
  const outside = (texts: string[], plausibility: number) =>
    texts.map((text) =>
      withForm(
        {
          text,
          key: phraseKey(text),
          words: tokenize(text).length,
          isProper: /^\p{Lu}/u.test(text),
          plausibility,
          mentions: 0,
        },
        people,
      ),
    );
  const candidates = [
    episode.filter((candidate) => candidate.mentions > 1),
    episode.filter((candidate) => candidate.mentions <= 1),
    // The show's own subjects are likelier than the rest of the catalog's, but not likelier than a
    // closer kind of thing: they weigh in with the catalog's, a little ahead.
    [...outside(analysis.showTopics, SHOW_TOPIC_PLAUSIBILITY), ...outside(analysis.corpus.phrasePool, 0)],
  ];
  candidateCache.set(analysis, candidates);
  return candidates;
}

/** Where the answer sits in its stem, and what the words around the blank ask of a distractor. */
type Blank = {
  before: string;
  after: string;
  answer: PhraseOccurrence;
  kind: PhraseKind;
  wordClass: string;
  isPlural: boolean;
  classes: ReadonlySet<NounClass> | null;
  synsets: ReadonlySet<string> | null;
  /** "a" or "an" right before the blank. */
  article: "a" | "an" | null;
  /** A singular common noun with no article, after "of", "is", "more"…: a choice must stand bare too. */
  isBare: boolean;
  /** "one _____", "each _____": a choice must be countable, as after "a". */
  isCounting: boolean;
};

const SINGULAR_BEFORE = /\b(?:a|an|one|each|every|another|this|that|either|neither)\s+$/i;
const PLURAL_BEFORE =
  /\b(?:these|those|many|several|few|both|various|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+$/i;

/** A demonstrative right before the blank: "this _____", "these two _____", "with that _____". */
const POINTED_AT =
  /\b(?:(?:this|these|those)(?:\s+(?:two|three|four|five|other|same|whole))?|(?:of|in|on|at|with|for|from|about|into|like|all)\s+that)\s+$/i;

/** Kinds whose grammatical number a distractor must share: common nouns and stretches of time. */
const HAS_NUMBER: ReadonlySet<PhraseKind> = new Set(["concept", "period"]);

/** Whether a common-noun answer has the number the word before the blank asks for. */
function agreesWithDeterminer(blank: Blank): boolean {
  if (!HAS_NUMBER.has(blank.kind)) return true;
  if (SINGULAR_BEFORE.test(blank.before)) return !blank.isPlural;
  if (PLURAL_BEFORE.test(blank.before)) return blank.isPlural;
  return true;
}

/**
 * The answer's grammatical number in its sentence: from its head, except for a head spelt alike in
 * both ("data", "media", "people"), whose verb after the blank tells ("all of the data is…").
 */
export function isPluralInBlank(answer: string, after: string): boolean {
  if (!hasIrregularHead(answer)) return isPluralPhrase(answer);
  if (/^\s*(?:are|were|have|do)(?:n['’]t)?\b/i.test(after)) return true;
  return !/^\s*(?:is|was|has|does)(?:n['’]t)?\b/i.test(after) && isPluralPhrase(answer);
}

/**
 * Whether text[from, to) is whole words: never half of "eight-year-old", nor a piece of a web or
 * e-mail address ("justin._____.co").
 */
export function isWholeWords(text: string, from: number, to: number): boolean {
  // A mark before the blank ("._____", "@_____") leaves a stem that reads oddly even outside an address.
  return (
    !/[\p{L}\p{N}\-./@]/u.test(text.charAt(from - 1)) &&
    !/[\p{L}\p{N}-]/u.test(text.charAt(to)) &&
    !isInAddress(text, from, to)
  );
}

function blankOf(stemText: string, answer: PhraseOccurrence, people: ReadonlySet<string>): Blank {
  const before = stemText.slice(0, answer.from);
  const after = stemText.slice(answer.to);
  const article = /\b(a|an)\s+$/i.exec(before)?.[1]?.toLowerCase() as Blank["article"] | undefined;
  const kind = phraseKind(answer.text, people);
  const isPlural = isPluralInBlank(answer.text, after);
  return {
    before,
    after,
    answer,
    kind,
    classes: kind === "concept" ? nounClasses(answer.text) : null,
    synsets: kind === "concept" ? nounSynsets(answer.text) : null,
    wordClass: wordClassInContext(before, answer.text, after),
    isPlural,
    article: article ?? null,
    isBare: kind === "concept" && !isPlural && !article && isBareNounSlot(before, answer.text),
    isCounting: isCountingSlot(before),
  };
}

/**
 * How much WordNet's likeness of a choice to the answer (0 to 1, `kindSimilarity`) weighs against
 * its shape: a likeness 0.5 higher outweighs two words more or less (decision 059).
 */
const SIMILARITY_WEIGHT = 8;
/** The likeness assumed when WordNet cannot say: about the middle of what it gives in one class. */
const UNKNOWN_SIMILARITY = 0.35;

/** The episode's repeated phrases, its other phrases, its show's and the catalog's (candidatesOf). */
const POOL_COUNT = 3;
/** A show topic's head start over the catalog's, in shape-distance units (a word of length is 1/6). */
const SHOW_TOPIC_PLAUSIBILITY = 2;

/**
 * Where a choice WordNet places stands for an answer it places: 0 the answer's class, 1 either
 * unknown to WordNet ("apps", jargon), 2 another class, 3 a person for a thing or a thing for a person.
 */
function tierOf(answer: ReadonlySet<NounClass> | null, choice: ReadonlySet<NounClass> | null): number {
  if (!answer || !choice) return 1;
  if (isSameNounClass(answer, choice)) return 0;
  return isPersonForThing(answer, choice) ? 3 : 2;
}

/**
 * Three distractors for a blank: the same kind of thing as the answer (person, place, organisation,
 * number, date, concept), of the same grammatical number, agreeing with an "a"/"an" before the blank,
 * read by the tagger as the same word class in the sentence, sharing no word with the answer or the
 * stem, and not used elsewhere in the episode's quiz. Episode phrases first, then the catalog's.
 */
function pickDistractors(
  blank: Blank,
  sentence: AnalyzedSentence,
  analysis: EpisodeAnalysis,
  used: ReadonlySet<string>,
  people: ReadonlySet<string>,
  canOfferPersonForThing: boolean,
): string[] | null {
  const { answer } = blank;
  const answerWords = new Set(answer.key.split(" "));
  const answerIsIrregular = hasIrregularHead(answer.text);
  const paddedStem = ` ${sentence.stemLine} `;
  const usedKeys = [...used];
  // Cheap checks of the precomputed form first; string comparisons last.
  const usable = (candidate: Candidate) =>
    isSameKind(blank.kind, candidate.kind) &&
    (!HAS_NUMBER.has(blank.kind) || candidate.isPlural === blank.isPlural) &&
    (!blank.article || (candidate.takesAn === (blank.article === "an") && !candidate.isMass)) &&
    (!blank.isCounting || !candidate.isMass) &&
    (!blank.isBare || !candidate.isCountable) &&
    !candidate.isIdiom &&
    (blank.wordClass !== "nominal" || !candidate.hasNonNounHead) &&
    (blank.kind !== "concept" || !bringsInTime(answer.text, candidate.text)) &&
    (blank.kind !== "date" || dateForm(answer.text) === dateForm(candidate.text)) &&
    !isSynonymOf(answer.text, candidate.text) &&
    !areNounSynonyms(blank.synsets, candidate.synsets) &&
    (!candidate.hasIrregularHead || answerIsIrregular) &&
    candidate.key.length > 0 &&
    candidate.words <= 4 &&
    // No shared word (so never the answer itself): sharing the head word ("language model" / "world model") would make the answer guessable.
    !candidate.key.split(" ").some((word) => answerWords.has(word)) &&
    !startsOneAnother(answer.text, candidate.text) &&
    !paddedStem.includes(` ${candidate.key} `) &&
    !usedKeys.some((key) => isSameKey(key, candidate.key));
  const chosen: Candidate[] = [];
  let tagged = 0;
  // Choices WordNet says are another kind of thing (a tool for a team) come only when no phrase of
  // the episode or the catalog is of the answer's kind; a person for a thing (or a thing for a
  // person) only in a quiz that cannot be made without (see generateQuestionsOffline).
  // Each pool is split once by tier; all pools of a tier are tried before the next tier (tier 3 has
  // no place when it is not allowed).
  const tierCount = canOfferPersonForThing ? 4 : 3;
  const tiers: Candidate[][] = Array.from({ length: tierCount * POOL_COUNT }, () => []);
  for (const [p, pool] of candidatesOf(analysis, people).entries())
    for (const candidate of pool)
      tiers[tierOf(blank.classes, candidate.classes) * POOL_COUNT + p]?.push(candidate);
  for (const pool of tiers) {
    if (chosen.length >= 3) break;
    const ranked = pool
      .filter(usable)
      .map((candidate) => ({
        candidate,
        // A name of exactly the answer's kind (a person for a person) before an unplaced name; a
        // common noun WordNet places near the answer ("church" for "cult") before one far from it.
        distance:
          shapeDistance(answer, candidate) +
          (candidate.kind === blank.kind ? 0 : 2) -
          (blank.classes && candidate.classes
            ? SIMILARITY_WEIGHT * (kindSimilarity(answer.text, candidate.text) ?? UNKNOWN_SIMILARITY)
            : 0),
      }))
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          (a.candidate.text < b.candidate.text ? -1 : a.candidate.text > b.candidate.text ? 1 : 0),
      );
    for (const { candidate } of ranked) {
      if (chosen.length >= 3) break;
      if (chosen.some((other) => isSameKey(other.key, candidate.key))) continue;
      // Last, as it is the costly check: the tagger reads it in the blank as it reads the answer.
      // A blank that few candidates fit is given up (another phrase or sentence makes a better question).
      if (++tagged > MAX_TAGGED_CANDIDATES) return null;
      if (!fitsWordClass(blank.wordClass, blank.before, candidate.text, blank.after)) continue;
      if (!fitsDegreeWord(blank.before, answer.text, candidate.text)) continue;
      if (opensInfinitive(blank.before, answer.text, candidate.text, blank.after)) continue;
      if (!keepsNeighbours(blank.before, answer.text, candidate.text, blank.after)) continue;
      chosen.push(candidate);
    }
  }
  return chosen.length === 3 ? chosen.map((candidate) => candidate.text) : null;
}

/** Easy when the phrase is common in the catalog or repeated in the episode, hard when it is rare in both. */
function difficultyOf(
  phrase: RankedPhrase | undefined,
  analysis: EpisodeAnalysis,
): GeneratedQuestion["difficulty"] {
  const mentions = phrase?.sentenceIds.length ?? 1;
  const { documentCount } = analysis.corpus;
  const share = documentCount > 0 ? (phrase?.documentFrequency ?? 0) / documentCount : 0;
  if (share >= 0.25 || mentions >= 4) return "easy";
  if (share <= 0.1 && mentions <= 1) return "hard";
  return "medium";
}

/** Spoken openers a question stem drops: "So, ", "And ", "But ", "Yeah, ". */
const STEM_OPENING =
  /^(?:[-–—]+\s*)?(?:(?:and|so|but|or|because|yeah|yes|well|okay|ok|oh|um|uh|now|right|like|anyway|plus|also|then|first and foremost|first of all)\b[,.!]?\s+)*/i;

/** The sentence as a stem: spoken openers dropped, first letter capitalised; `offset` chars were cut. */
export function stemSource(text: string): { text: string; offset: number } {
  const cut = STEM_OPENING.exec(text)?.[0].length ?? 0;
  const rest = text.slice(cut);
  return { text: rest.charAt(0).toUpperCase() + rest.slice(1), offset: cut };
}

/** "supporting _long-term_", "tell people to go _use Trello_" (sample H): no noun to learn. */
export function isNounlessAnswer(before: string, text: string): boolean {
  return hasNonNounHead(text) || /\bgo\s+$/i.test(before);
}

/**
 * "_Aligning_ those incentives, …", "and _post_ their opinions": a lone -ing word with its object
 * after it, or a lone word with a possessive after it, is a verb, whatever the tagger made of it
 * (sample H, decision 057).
 */
export function isGerundWithObject(text: string, after: string): boolean {
  const word = text.trim();
  if (!/^\p{Ll}+$/u.test(word) && !/^\p{L}+ing$/iu.test(word)) return false;
  // "help us out and _post_ their most unpopular opinions": a possessive after a lone word.
  if (/^\s+(?:my|your|our|their|his)\b/i.test(after)) return true;
  return (
    /^\p{L}+ing$/iu.test(word) &&
    /^\s+(?:the|a|an|this|that|these|those|my|your|our|their|his|her|its|it|them|us|me|you|him|some|every|somebody|someone|something|everybody|everyone|people)\b/i.test(
      after,
    )
  );
}

const BE_BEFORE = /(?:\b(?:am|is|are|was|were|be|been|being)|['’](?:m|re|s))\s+$/i;

/**
 * "one _function_ called main": after a determiner that counts ("one", "each", "every", "another"),
 * as after "a", a choice must be countable ("one popularity" cannot). "this"/"that" take mass nouns.
 */
export function isCountingSlot(before: string): boolean {
  return /\b(?:one|each|every|another|either|neither)\s+$/i.test(before);
}

/** Verbs a gerund continues as their object: "start _digging_ into", "keep _iterating_". */
const ASPECT_BEFORE =
  /\b(?:start|starts|started|starting|keep|keeps|kept|keeping|stop|stops|stopped|begin|begins|began|begun|finish|finishes|finished|avoid|avoids|avoided|quit)\s+$/i;

/**
 * "If I'm _____ bad" → "feeling", "start _____ into" → "digging", "until people start _feeling
 * pain_": after a form of "be" a lone -ing word, and after a verb a gerund continues any -ing phrase,
 * is the verb, not a noun.
 */
export function isProgressiveVerb(before: string, text: string): boolean {
  const answer = text.trim();
  return (
    (!/\s/.test(answer) && /ing$/i.test(answer) && BE_BEFORE.test(before)) ||
    (ASPECT_BEFORE.test(before) && /^\p{L}+ing\b/iu.test(answer))
  );
}

/**
 * A modal, a degree word or "lets us" right before the blank: "could _use AI_", "a highly _technical
 * user_", "lets us _use Azure container instances_".
 */
const MODAL_OR_DEGREE_BEFORE =
  /\b(?:could|would|should|can|will|might|must|may|highly|very|really|extremely|super|pretty|quite|so|too|incredibly|fairly|rather|(?:lets?|letting|helps?|helped|makes?|made) (?:us|me|you|them|him|her|people|everyone))\s+$/i;

/**
 * Whether the blank holds a verb or an adjective's slot, whatever the tagger read the answer as: after
 * a modal ("that could _use AI_"), after a degree word ("a highly _technical user_", where "highly"
 * reads on into the answer's adjective), or a progressive or continued verb (isProgressiveVerb). A
 * noun offered there breaks the sentence.
 */
export function isVerbSlot(before: string, text: string): boolean {
  return MODAL_OR_DEGREE_BEFORE.test(before) || isProgressiveVerb(before, text);
}

/**
 * Whether a phrase is only part of a longer name: it ends in a capitalised word and the name goes on
 * after it ("this new Wait | For It package"), or it starts with one right after another (not the
 * stem's first word). Blanking it would split the name, and no distractor reads well in the rest.
 */
export function cutsName(before: string, text: string, after: string): boolean {
  const words = text.trim().split(/\s+/);
  const isCapital = (word: string | undefined) => Boolean(word && word !== "I" && /^\p{Lu}/u.test(word));
  const next = /^\s+([\p{L}\p{N}][^\s]*)/u.exec(after)?.[1];
  if (isCapital(words.at(-1)) && isCapital(next)) return true;
  // "Code for _America_", "Weights & _Biases_": a name that joins its capitals with "for", "of" or "&".
  if (isCapital(words[0]) && /(?:^|\s)\p{Lu}[\p{L}-]*\s+(?:for|of|&)\s+$/u.test(before)) return true;
  if (isCapital(words.at(-1)) && /^\s+&\s+\p{Lu}/u.test(after)) return true;
  const previous = /(?:^|\s)([^\s]+)\s+$/u.exec(before);
  const isStemStart = previous ? before.trim() === previous[1] : true;
  return Boolean(
    previous &&
      !isStemStart &&
      isCapital(words[0]) &&
      isCapital(previous[1]) &&
      !/[.!?:;,]$/.test(previous[1] ?? ""),
  );
}

/**
 * Phrases of a sentence that can be blanked, best first: key phrases the stem does not give away,
 * that are not the end of an idiom ("of _course_"), a spoken contraction or a verb in context.
 * Offsets are in the stem text.
 */
function answerOptions(
  sentence: AnalyzedSentence,
  stemText: string,
  offset: number,
  analysis: EpisodeAnalysis,
): PhraseOccurrence[] {
  const options = sentence.phrases
    .map((phrase) => ({ ...phrase, from: phrase.from - offset, to: phrase.to - offset }))
    .filter((phrase) => {
      if (phrase.from < 0 || phrase.words > 4 || hasContraction(phrase.text)) return false;
      if (!isWholeWords(stemText, phrase.from, phrase.to)) return false;
      const before = stemText.slice(0, phrase.from);
      const after = stemText.slice(phrase.to);
      const restWords = new Set(phraseKey(`${before} ${after}`).split(" "));
      // The answer's words must not appear elsewhere in the stem.
      if (phrase.key.split(" ").some((word) => restWords.has(word))) return false;
      if (cutsName(before, phrase.text, after)) return false;
      if (isNoAnswer(phrase.text, after, before) || isModifierInBlank(before, phrase.text, after))
        return false;
      if (isInfinitiveInBlank(before, phrase.text, after)) return false;
      if (isNounlessAnswer(before, phrase.text)) return false;
      if (isVerbSlot(before, phrase.text) || isGerundWithObject(phrase.text, after)) return false;
      if (splitsCompound(before, phrase.text)) return false;
      return !completedIdiom(before, phrase.text, after) && !completesCollocation(before, phrase.text, after);
    })
    .map((phrase) => ({ phrase, score: analysis.phraseByKey.get(phrase.key)?.score ?? 0 }))
    .sort((a, b) => b.score - a.score || a.phrase.from - b.phrase.from);
  return options.map((option) => option.phrase);
}

function shuffle<T>(items: T[], seed: string): T[] {
  const random = seededRandom(hashString(seed));
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Shares of the episode that are introduction (host banter, sponsor reads) and goodbyes. */
const INTRO_SHARE = 0.05;
const OUTRO_FROM = 0.97;
/** Candidates read in context per blank, and phrases of a sentence tried as its answer. */
const MAX_TAGGED_CANDIDATES = 10;
const MAX_ANSWER_OPTIONS = 3;

const ASKING_OPENING =
  /^(?:is|are|was|were|do|does|did|can|could|would|should|will|have|has|had|isn't|aren't|don't|doesn't|didn't|what|why|how|who|where|when|which)\b/i;
/**
 * Whether a stem's source is a question: "So how can we apply…" once its opener is dropped, or one
 * with a question inside ("What does the infrastructure look like today? ..or Amixr, however…").
 */
export function isAsking(source: string): boolean {
  return ASKING_OPENING.test(source) || source.slice(0, -1).includes("?");
}

/** A quotation begun but not ended leaves a stem that reads as a fragment. */
function hasBalancedQuotes(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length;
  return straight % 2 === 0 && (text.match(/“/g) ?? []).length === (text.match(/”/g) ?? []).length;
}
/** Stretches an episode without chapters is cut into, so questions cover all of it. */
const DEFAULT_PARTS = 6;

/**
 * Sentences in the order questions are tried: the best of each chapter (or stretch of the episode)
 * in turn, then the second best of each, and so on, so every part gets its share.
 */
function spreadOrder(episode: EpisodeInput, analysis: EpisodeAnalysis): AnalyzedSentence[] {
  // Fluent sentences make better stems than false starts and trailing-off talk.
  const weight = (sentence: AnalyzedSentence) => sentence.score * (isDisfluent(sentence.text) ? 0.5 : 1);
  const ranked = [...analysis.sentences].sort((a, b) => weight(b) - weight(a) || a.index - b.index);
  const { duration } = analysis;
  if (!analysis.isTimed || duration <= 0) return ranked;
  const chapterStarts = episode.chapters
    .map((chapter) => chapter.startTime)
    .filter((start) => start >= 0 && start < duration)
    .sort((a, b) => a - b);
  const starts =
    chapterStarts.length >= 2
      ? chapterStarts
      : Array.from({ length: DEFAULT_PARTS }, (_, i) => (duration * i) / DEFAULT_PARTS);
  const parts: AnalyzedSentence[][] = starts.map(() => []);
  for (const sentence of ranked) {
    let part = 0;
    while (part + 1 < starts.length && sentence.start >= (starts[part + 1] ?? Infinity)) part++;
    parts[part]?.push(sentence);
  }
  const order: AnalyzedSentence[] = [];
  for (let round = 0; order.length < ranked.length; round++) {
    for (const part of parts) {
      const sentence = part[round];
      if (sentence) order.push(sentence);
    }
  }
  return order;
}

/** Names of the episode's people (speakers and listed hosts/guests), lower case, word by word. */
function peopleWords(episode: EpisodeInput): Set<string> {
  const words = new Set<string>();
  const names = [
    ...(episode.transcriptSegments ?? []).map((segment) => segment.speaker?.split(",")[0] ?? ""),
    ...(episode.people ?? []).map((person) => person.name),
  ];
  for (const name of names) for (const word of tokenize(name)) if (word.length > 2) words.add(word);
  return words;
}

/**
 * A question that reads as one where a cloze would be awkward: a person or an organisation blanked
 * at the start of the sentence asks "Who …?" / "Which organisation …?".
 */
/**
 * Whether a blanked name opens the sentence as its whole subject, so "Who…?" can stand for it: not
 * "Paul and I decided…", which would read "Who and I decided…?".
 */
export function opensAsSubject(before: string, after: string): boolean {
  return before.trim() === "" && /^\s+\p{Ll}/u.test(after) && !/^\s+and\b/i.test(after);
}

function stemText(blank: Blank): string {
  const cloze = `${blank.before}${BLANK}${blank.after}`;
  if (!opensAsSubject(blank.before, blank.after)) return cloze;
  const asked = blank.kind === "person" ? "Who" : blank.kind === "org" ? "Which organisation" : null;
  if (!asked) return cloze;
  const question = `${asked}${blank.after.replace(/[.!…]+["')\]’”]*$/u, "")}?`;
  return isAwkwardRewrite(question) ? cloze : question;
}

/** At most this many of an episode's questions are rewritten ones ("In what year…", "How many…", "Why…"). */
const MAX_REWRITTEN = 4;
const YEAR = /\b(?:1[5-9]|20)\d\d\b/g;

/** Values in the episode's sentences, closest to `answer` first. */
function episodeValues(analysis: EpisodeAnalysis, pattern: RegExp, answer: number): number[] {
  const values = new Set<number>();
  for (const sentence of analysis.sentences)
    for (const match of sentence.text.matchAll(pattern)) {
      const value = parseCount(match[1] ?? match[0])?.value;
      if (value !== undefined) values.add(value);
    }
  return [...values].sort((a, b) => Math.abs(a - answer) - Math.abs(b - answer) || a - b);
}

const nameCache = new WeakMap<EpisodeAnalysis, Set<string>>();
/**
 * Words the episode writes capitalised inside a sentence and never in lower case ("Ebbinghaus",
 * "NASA"): they keep their capital when they open a rewritten question's subject.
 */
function namesOf(analysis: EpisodeAnalysis): Set<string> {
  let names = nameCache.get(analysis);
  if (!names) {
    const capitalised = new Set<string>();
    const lower = new Set<string>();
    for (const sentence of analysis.sentences) {
      const words = sentence.text.split(/\s+/);
      for (const [i, raw] of words.entries()) {
        const word = raw.replace(/^[^\p{L}]+|[^\p{L}\p{N}]+$/gu, "");
        if (!word) continue;
        if (/^\p{Ll}/u.test(word)) lower.add(word);
        else if (i > 0 && !/[.!?:"“]$/.test(words[i - 1] ?? "")) capitalised.add(word);
      }
    }
    names = new Set([...capitalised].filter((word) => !lower.has(word.toLowerCase())));
    nameCache.set(analysis, names);
  }
  return names;
}

/**
 * A rewritten question that reads badly asked of the quiz-taker (sample H, decision 057): the
 * speaker's "I" or "me" ("In what year did a lot of transformative things happen for me?"); a dash,
 * a semicolon or a second question inside ("…think of WMR as -- let's say in production mode?"); and
 * a "Why" about "the reason" or holding another "why" ("Why does the reason seem to be?", "Why do
 * you know why they did that?"); a clause left inside ("…is a generative quitter there's?"); and one
 * that does not name its subject (`saysEnough`, decision 077).
 */
export function isAwkwardRewrite(stem: string): boolean {
  const body = stem.replace(/\?\s*$/, "");
  return (
    /\b(?:I|me|my|myself|I'm|I've|I'd|I'll)\b/.test(body) ||
    /\s--?\s|—|;|\?|\.\./.test(body) ||
    /^Why\b.*\b(?:the reason|why)\b/i.test(body) ||
    // "How many common types of quitters is a generative quitter there's?": a clause left inside.
    /\bthere['’]s\b/i.test(body) ||
    !saysEnough(body)
  );
}

/** The words a rewritten question asks with, which say nothing of its subject. */
const ASKING_WORDS = new Set(["how", "many", "much", "what", "which", "why", "year", "organisation"]);

/**
 * Whether a rewritten question names its subject in two words of content or more: "Why do you have
 * to be careful?" and "How many teams are there?" do not say careful about what, or teams of what.
 */
function saysEnough(body: string): boolean {
  const words = tokenize(body).filter(
    (word) => word.length > 1 && !STOPWORDS.has(word) && !EMPTY_WORDS.has(word) && !ASKING_WORDS.has(word),
  );
  return words.length >= MIN_CONTEXT_WORDS;
}

/**
 * A question rewritten from the sentence where a cloze would be awkward ("In what year…?", "How
 * many…?", "Why…?"), with distractors of the answer's form: years and counts the episode says (the
 * same unit first), else neighbours of the answer; for "Why", the episode's other "because" clauses.
 */
function rewrittenQuestion(
  sentence: AnalyzedSentence,
  text: string,
  analysis: EpisodeAnalysis,
  used: ReadonlySet<string>,
): { stem: string; answer: string; answerKey: string; distractors: string[] } | null {
  const isFree = (choice: string) => {
    const key = phraseKey(choice);
    return ![...used].some((usedKey) => isSameKey(usedKey, key));
  };
  const done = (stem: string, answer: string, distractors: string[]) =>
    distractors.length === 3 && !isAwkwardRewrite(stem)
      ? { stem, answer, answerKey: phraseKey(answer), distractors }
      : null;
  // The episode's names, and any word with a capital inside it or an acronym ("LinkedIn", "AWS").
  const isName = (word: string) => namesOf(analysis).has(word) || hasNameShape(word);
  const year = yearQuestion(text, isName);
  if (year) {
    const values = numberDistractors(year.year, "year", episodeValues(analysis, YEAR, year.year), (value) =>
      isFree(String(value)),
    );
    return done(year.stem, year.answer, values.map(String));
  }
  const count = countQuestion(text, isName);
  if (count) {
    const head = escapeRegExp(count.head);
    const sameUnit = new RegExp(
      `(?<![$€£\\d.,])\\b(\\d{1,3}(?:,\\d{3})+|\\d+|[a-z]+(?:-[a-z]+)?)\\s+(?:[\\w-]+\\s+){0,2}?${head}\\b`,
      "gi",
    );
    const format = (value: number) => `${formatCount(value, count.count.form)} ${count.head}`;
    const values = numberDistractors(
      count.count.value,
      "count",
      episodeValues(analysis, sameUnit, count.count.value),
      (value) => isFree(format(value)),
    );
    return done(count.stem, count.answer, values.map(format));
  }
  const why = whyQuestion(text, isName);
  if (why) {
    const words = why.answer.split(/\s+/).length;
    const causes = analysis.sentences
      .filter((other) => other.index !== sentence.index)
      .map((other) => causeClause(stemSource(other.text).text)?.cause)
      .filter((cause): cause is string => Boolean(cause))
      .map(causeChoice)
      .filter((cause) => isFree(cause) && phraseKey(cause) !== phraseKey(why.answer))
      .sort(
        (a, b) =>
          Math.abs(a.split(/\s+/).length - words) - Math.abs(b.split(/\s+/).length - words) ||
          (a < b ? -1 : 1),
      );
    return done(why.stem, why.answer, [...new Set(causes)].slice(0, 3));
  }
  return null;
}

/**
 * Questions from the episode's key sentences, spread over its chapters: the answer is a key phrase
 * of the sentence, the stem is the sentence with that phrase blanked (or asked about), and three
 * phrases of the same kind and form are the distractors. Never from the introduction, the goodbyes,
 * a sponsor read or a greeting. Questions come back in the order they occur in the episode.
 */
export function generateQuestionsOffline(
  episode: EpisodeInput,
  analysis: EpisodeAnalysis,
): GeneratedQuestion[] {
  // A short episode may have too few phrases to spare: a person offered for a thing, then a stem
  // that shows another question's answer, is better than a quiz short of questions or one whose
  // choices give other answers away. The first build that needs neither is kept.
  let best: ReturnType<typeof buildQuiz> | null = null;
  for (const leeway of LEEWAYS) {
    const quiz = buildQuiz(episode, analysis, leeway);
    if (
      !best ||
      quiz.questions.length > best.questions.length ||
      (quiz.questions.length === best.questions.length && quiz.givingAway < best.givingAway)
    )
      best = quiz;
    if (best.questions.length >= QUESTIONS_PER_EPISODE && best.givingAway === 0) break;
  }
  if (!best) return [];
  // Still a choice that answers another question: a question fewer is better, while the quiz stays
  // full enough.
  const { questions, droppableAt } = best;
  return questions.length - droppableAt.size >= MIN_QUESTIONS_KEPT
    ? questions.filter((_, index) => !droppableAt.has(index))
    : questions;
}

/** The fewest questions a quiz keeps when it drops those whose choices give another answer away. */
const MIN_QUESTIONS_KEPT = QUESTIONS_PER_EPISODE - 2;

/** What a quiz may allow when the episode leaves no better choice, tried in this order. */
type Leeway = { canOfferPersonForThing: boolean; canShowAnswers: boolean };
const LEEWAYS: readonly Leeway[] = [
  { canOfferPersonForThing: false, canShowAnswers: false },
  { canOfferPersonForThing: true, canShowAnswers: false },
  { canOfferPersonForThing: true, canShowAnswers: true },
];

function buildQuiz(
  episode: EpisodeInput,
  analysis: EpisodeAnalysis,
  { canOfferPersonForThing, canShowAnswers }: Leeway,
): { questions: GeneratedQuestion[]; givingAway: number; droppableAt: Set<number> } {
  const order = spreadOrder(episode, analysis);
  const people = peopleWords(episode);
  const usedAnswers: string[] = [];
  const usedKeys = new Set<string>();
  // A stem that shows the answer of a question after it ("starting a business" before "running a
  // _____") gives that answer away; one after it does no harm, as its question is answered by then.
  // Places are sentence indexes, the order the quiz is asked in.
  const answerKeys: { key: string; at: number }[] = [];
  const shownStems: { key: string; at: number }[] = [];
  const isShown = (key: string, at: number) =>
    !canShowAnswers &&
    key.length > 0 &&
    shownStems.some((shown) => shown.at < at && shown.key.includes(` ${key} `));
  const showsAnAnswer = (stem: string, at: number) => {
    if (canShowAnswers) return false;
    const key = ` ${phraseKey(stem)} `;
    return answerKeys.some((answer) => answer.at > at && key.includes(answer.key));
  };
  const built: {
    sentence: AnalyzedSentence;
    blank?: Blank | undefined;
    givesAway?: boolean;
    question: Omit<GeneratedQuestion, "choices"> & { distractors: string[] };
  }[] = [];
  const { duration } = analysis;
  const isBody = (sentence: AnalyzedSentence) =>
    !analysis.isTimed ||
    duration <= 0 ||
    (sentence.start >= duration * INTRO_SHARE && sentence.start <= duration * OUTRO_FROM);
  // First pass: one question per key sentence of the body. Later passes (short episodes): shorter
  // sentences and a second phrase of a sentence already asked about, then the edges of the episode.
  const textOwner = new Map<string, number>();
  let rewritten = 0;
  const asked = new Set<number>();
  // Pass -1 asks only the rewritten questions ("In what year…", "How many…", "Why…"): such sentences
  // are rare in talk, so they are looked for over the whole body before the clozes fill the quiz.
  for (const [pass, minWords] of [
    [-1, MIN_STEM_WORDS_RELAXED],
    [0, MIN_STEM_WORDS],
    [1, MIN_STEM_WORDS_RELAXED],
    [2, MIN_STEM_WORDS_RELAXED],
  ] as const) {
    for (const sentence of order) {
      if (built.length >= QUESTIONS_PER_EPISODE) break;
      if (sentence.isQuestion || sentence.wordCount < minWords || sentence.wordCount > MAX_STEM_WORDS)
        continue;
      if (isHousekeeping(sentence.text) || (pass < 2 && !isBody(sentence))) continue;
      // A question without its mark ("Is productivity driving the trend, or…") or a broken quote.
      if (ASKING_OPENING.test(sentence.text) || !hasBalancedQuotes(sentence.text)) continue;
      if (pass <= 0 && asked.has(sentence.index)) continue;
      // A sentence said twice (a recap) gives one question at most.
      const owner = textOwner.get(sentence.stemLine) ?? sentence.index;
      textOwner.set(sentence.stemLine, owner);
      if (owner !== sentence.index) continue;
      const source = stemSource(sentence.text);
      if (isAsking(source.text)) continue;
      let picked: {
        stem: string;
        answer: string;
        answerKey: string;
        distractors: string[];
        blank?: Blank;
      } | null =
        rewritten < MAX_REWRITTEN ? rewrittenQuestion(sentence, source.text, analysis, usedKeys) : null;
      // A sentence asked about already, or an answer asked for already, is not asked again this way.
      if (
        picked &&
        (asked.has(sentence.index) ||
          usedAnswers.some((used) => isSamePhrase(used, picked?.answer ?? "")) ||
          isShown(picked.answerKey, sentence.index) ||
          showsAnAnswer(picked.stem, sentence.index))
      )
        picked = null;
      if (picked) rewritten++;
      else if (pass === -1) continue;
      for (const option of (picked
        ? []
        : answerOptions(sentence, source.text, source.offset, analysis)
      ).slice(0, MAX_ANSWER_OPTIONS)) {
        if (
          usedAnswers.some((used) => isSamePhrase(used, option.text)) ||
          isShown(option.key, sentence.index)
        )
          continue;
        const blank = blankOf(source.text, option, people);
        // A verb in context ("wanna", "build") is no answer to learn; nor is an answer whose number
        // the words before it contradict ("one _____ are" for "reason chipmakers"), nor one a
        // demonstrative points to ("I think we are seeing this _____."): what "this" is was said
        // before, where the learner cannot see it.
        // A blank in talk that says nothing by itself ("I think for me, this is the _____.") neither.
        if (
          blank.wordClass === "verb" ||
          !agreesWithDeterminer(blank) ||
          POINTED_AT.test(blank.before) ||
          !givesContext(blank)
        )
          continue;
        const distractors = pickDistractors(
          blank,
          sentence,
          analysis,
          usedKeys,
          people,
          canOfferPersonForThing,
        );
        if (distractors) {
          const stem = stemText(blank);
          if (showsAnAnswer(stem, sentence.index)) continue;
          picked = { stem, answer: option.text, answerKey: option.key, distractors, blank };
          break;
        }
      }
      if (!picked) continue;
      const { stem, distractors } = picked;
      const answer = { text: picked.answer, key: picked.answerKey };
      asked.add(sentence.index);
      usedAnswers.push(answer.text);
      if (answer.key) answerKeys.push({ key: ` ${answer.key} `, at: sentence.index });
      shownStems.push({ key: ` ${phraseKey(stem)} `, at: sentence.index });
      usedKeys.add(answer.key);
      for (const distractor of distractors) usedKeys.add(phraseKey(distractor));
      const timecode = analysis.isTimed ? clampTime(sentence.start, analysis.duration) : 0;
      const related = sentence.phrases
        .map((phrase) => analysis.phraseByKey.get(phrase.key))
        .filter(
          (phrase): phrase is RankedPhrase =>
            Boolean(phrase) && analysis.topics.includes(phrase as RankedPhrase),
        )
        .map((phrase) => phrase.text);
      const conceptTags: string[] = [];
      for (const tag of [answer.text, ...related]) {
        if (conceptTags.length < 8 && !conceptTags.some((t) => isSamePhrase(t, tag))) conceptTags.push(tag);
      }
      built.push({
        sentence,
        blank: picked.blank,
        question: {
          stem,
          answer: answer.text,
          distractors,
          explanation: analysis.isTimed
            ? `At ${formatTimecode(timecode)} the episode says: "${sentence.text}"`
            : `The episode says: "${sentence.text}"`,
          concept_tags: conceptTags,
          difficulty: difficultyOf(analysis.phraseByKey.get(answer.key), analysis),
          timecode,
        },
      });
    }
  }
  // A question built early may offer as a choice what a later one asks for ("tribe"), which gives
  // the later answer away: such a cloze takes other choices when the episode has them (sample H).
  const builtAnswers = built.map((entry) => phraseKey(entry.question.answer));
  for (const entry of built) {
    const own = phraseKey(entry.question.answer);
    const givesAway = entry.question.distractors.some((choice) =>
      builtAnswers.some((key) => key !== own && isSameKey(key, phraseKey(choice))),
    );
    if (!givesAway) continue;
    const others = new Set(usedKeys);
    for (const choice of entry.question.distractors) others.delete(phraseKey(choice));
    for (const key of builtAnswers) others.add(key);
    const replaced =
      entry.blank &&
      pickDistractors(entry.blank, entry.sentence, analysis, others, people, canOfferPersonForThing);
    if (!replaced) {
      entry.givesAway = true;
      continue;
    }
    entry.question.distractors = replaced;
    for (const choice of replaced) usedKeys.add(phraseKey(choice));
  }
  const sorted = built.sort(
    (a, b) => a.sentence.start - b.sentence.start || a.sentence.index - b.sentence.index,
  );
  const questions = sorted.map(({ question: { distractors, ...question } }, index) => ({
    ...question,
    choices: shuffle([question.answer, ...distractors], `${episode.id}:${index}`),
  }));
  const givingAway = sorted.filter((entry) => entry.givesAway).length;
  // Only clozes may go: a rewritten question's choices are its own kind ("1962" among years), which
  // the quiz would lose with it.
  const droppableAt = new Set(
    sorted.flatMap((entry, index) => (entry.givesAway && entry.blank ? [index] : [])),
  );
  return { questions, givingAway, droppableAt };
}
