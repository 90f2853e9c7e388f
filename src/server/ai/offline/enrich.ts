import type { Enrichment, EpisodeInput } from "../provider.ts";
import { type AnalyzedSentence, clampTime, type EpisodeAnalysis } from "./analysis.ts";

const MIN_WORDS = 6;
const MAX_WORDS = 60;
const MAX_INSIGHTS = 6;

function jaccard(a: string[], b: string[]): number {
  const setA = new Set(a);
  const setB = new Set(b);
  let shared = 0;
  for (const item of setA) if (setB.has(item)) shared++;
  return shared / (setA.size + setB.size - shared || 1);
}

/**
 * The most central sentences (TextRank) that say something: statements of a useful length, none a
 * near-repeat of one already chosen. Returned strongest first.
 */
export function strongestSentences(sentences: AnalyzedSentence[], count: number): AnalyzedSentence[] {
  const candidates = sentences
    .filter(
      (s) => !s.isQuestion && s.wordCount >= MIN_WORDS && s.wordCount <= MAX_WORDS && s.stems.length >= 3,
    )
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: AnalyzedSentence[] = [];
  for (const sentence of candidates) {
    if (chosen.length >= count) break;
    if (chosen.some((other) => jaccard(other.stems, sentence.stems) > 0.5)) continue;
    chosen.push(sentence);
  }
  return chosen;
}

const byTime = (a: AnalyzedSentence, b: AnalyzedSentence) => a.start - b.start || a.index - b.index;

/** Extractive summary (TextRank), key insights with start times, and the key phrases as topics. */
export function enrichOffline(episode: EpisodeInput, analysis: EpisodeAnalysis): Enrichment {
  const { sentences } = analysis;
  const summaryLength = Math.min(5, Math.max(2, Math.round(sentences.length / 25)));
  const summarySentences = strongestSentences(sentences, summaryLength).sort(byTime);
  const summary =
    summarySentences.map((s) => s.text).join(" ") ||
    episode.summary?.trim() ||
    episode.title.trim() ||
    "Untitled";
  const insights = strongestSentences(sentences, MAX_INSIGHTS)
    .sort(byTime)
    .map((sentence) => ({
      key_point: sentence.text,
      timecode: analysis.isTimed ? clampTime(sentence.start, analysis.duration) : 0,
    }));
  return { summary, insights, topics: analysis.topics.map((topic) => topic.text) };
}
