import { seededRandom } from "../../../domain/seeded-random.ts";
import { type EpisodeInput, type GeneratedQuestion, QUESTIONS_PER_EPISODE } from "../provider.ts";
import {
  type AnalyzedSentence,
  clampTime,
  type EpisodeAnalysis,
  type PhraseOccurrence,
  type RankedPhrase,
} from "./analysis.ts";
import { formatTimecode, hashString, phraseKey, tokenize } from "./text.ts";

export const BLANK = "_____";
const MIN_STEM_WORDS = 8;
const MIN_STEM_WORDS_RELAXED = 6;
const MAX_STEM_WORDS = 45;

type Candidate = { text: string; key: string; words: number; isProper: boolean; plausibility: number };

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

/** How much a candidate distractor looks like the answer: same word count, length and kind. */
function shapeDistance(answer: PhraseOccurrence, candidate: Candidate): number {
  return (
    Math.abs(answer.words - candidate.words) * 2 +
    Math.abs(answer.text.length - candidate.text.length) / 6 +
    (answer.isProper === candidate.isProper ? 0 : 3) -
    candidate.plausibility
  );
}

const candidateCache = new WeakMap<
  EpisodeAnalysis,
  { episodeCandidates: Candidate[]; poolCandidates: Candidate[] }
>();

/** Distractor candidates: the episode's noun phrases and the catalog's phrase pool, keyed once. */
function candidatesOf(analysis: EpisodeAnalysis) {
  const cached = candidateCache.get(analysis);
  if (cached) return cached;
  const candidates = {
    episodeCandidates: analysis.phrases.map((phrase: RankedPhrase) => ({
      text: phrase.text,
      key: phrase.key,
      words: phrase.words,
      isProper: phrase.isProper,
      plausibility: Math.min(2, phrase.score / 2),
    })),
    poolCandidates: analysis.corpus.phrasePool.map((text) => ({
      text,
      key: phraseKey(text),
      words: tokenize(text).length,
      isProper: /^\p{Lu}/u.test(text),
      plausibility: 0,
    })),
  };
  candidateCache.set(analysis, candidates);
  return candidates;
}

/** Three distractors of the answer's kind: episode phrases first, then phrases from the catalog. */
function pickDistractors(
  answer: PhraseOccurrence,
  sentence: AnalyzedSentence,
  analysis: EpisodeAnalysis,
): string[] | null {
  const { episodeCandidates, poolCandidates } = candidatesOf(analysis);
  const answerWords = new Set(answer.key.split(" "));
  const usable = (candidate: Candidate) =>
    candidate.key.length > 0 &&
    candidate.words <= 4 &&
    // No shared word (so never the answer itself): sharing the head word ("language model" / "world model") would make the answer guessable.
    !candidate.key.split(" ").some((word) => answerWords.has(word)) &&
    !` ${sentence.stemLine} `.includes(` ${candidate.key} `);
  const chosen: Candidate[] = [];
  for (const pool of [episodeCandidates, poolCandidates]) {
    const ranked = pool
      .filter(usable)
      .map((candidate) => ({ candidate, distance: shapeDistance(answer, candidate) }))
      .sort((a, b) => a.distance - b.distance || a.candidate.text.localeCompare(b.candidate.text));
    for (const { candidate } of ranked) {
      if (chosen.length >= 3) break;
      if (chosen.some((other) => isSameKey(other.key, candidate.key))) continue;
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

/** Phrases of a sentence that can be blanked, best first: key phrases the stem does not give away. */
function answerOptions(sentence: AnalyzedSentence, analysis: EpisodeAnalysis): PhraseOccurrence[] {
  const options = sentence.phrases
    .filter((phrase) => {
      // Whole words only: never blank half of "eight-year-old".
      const isWhole =
        !/[\p{L}\p{N}-]/u.test(sentence.text.charAt(phrase.from - 1)) &&
        !/[\p{L}\p{N}-]/u.test(sentence.text.charAt(phrase.to));
      if (!isWhole) return false;
      const rest = `${sentence.text.slice(0, phrase.from)} ${sentence.text.slice(phrase.to)}`;
      const restWords = new Set(phraseKey(rest).split(" "));
      // The answer's words must not appear elsewhere in the stem.
      return phrase.words <= 4 && phrase.key.split(" ").every((word) => !restWords.has(word));
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

/**
 * Cloze questions from the episode's key sentences: the answer is a key phrase of the sentence, the
 * stem is the sentence with that phrase blanked, and three noun phrases of the same shape are the
 * distractors. Questions come back in the order they occur in the episode.
 */
export function generateQuestionsOffline(
  episode: EpisodeInput,
  analysis: EpisodeAnalysis,
): GeneratedQuestion[] {
  const ranked = [...analysis.sentences].sort((a, b) => b.score - a.score || a.index - b.index);
  const usedAnswers: string[] = [];
  const built: {
    sentence: AnalyzedSentence;
    question: Omit<GeneratedQuestion, "choices"> & { distractors: string[] };
  }[] = [];
  // First pass: one question per key sentence. Second pass (short episodes): shorter sentences, and a
  // second phrase of a sentence already asked about.
  const textOwner = new Map<string, number>();
  const asked = new Set<number>();
  for (const [pass, minWords] of [
    [0, MIN_STEM_WORDS],
    [1, MIN_STEM_WORDS_RELAXED],
  ] as const) {
    for (const sentence of ranked) {
      if (built.length >= QUESTIONS_PER_EPISODE) break;
      if (sentence.isQuestion || sentence.wordCount < minWords || sentence.wordCount > MAX_STEM_WORDS)
        continue;
      if (pass === 0 && asked.has(sentence.index)) continue;
      // A sentence said twice (a recap) gives one question at most.
      const owner = textOwner.get(sentence.stemLine) ?? sentence.index;
      textOwner.set(sentence.stemLine, owner);
      if (owner !== sentence.index) continue;
      const answer = answerOptions(sentence, analysis).find(
        (option) => !usedAnswers.some((used) => isSamePhrase(used, option.text)),
      );
      if (!answer) continue;
      const distractors = pickDistractors(answer, sentence, analysis);
      if (!distractors) continue;
      asked.add(sentence.index);
      usedAnswers.push(answer.text);
      const stem = `${sentence.text.slice(0, answer.from)}${BLANK}${sentence.text.slice(answer.to)}`;
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
  return built
    .sort((a, b) => a.sentence.start - b.sentence.start || a.sentence.index - b.sentence.index)
    .map(({ question: { distractors, ...question } }, index) => ({
      ...question,
      choices: shuffle([question.answer, ...distractors], `${episode.id}:${index}`),
    }));
}
