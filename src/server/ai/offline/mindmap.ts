import type { MindmapData, MindmapNode } from "../../db/schema/learning.ts";
import type { EpisodeInput } from "../provider.ts";
import { type AnalyzedSentence, clampTime, type EpisodeAnalysis, type RankedPhrase } from "./analysis.ts";
import { strongestSentences } from "./enrich.ts";
import { truncateText } from "./text.ts";
import { cosine, tfidfVectors } from "./textrank.ts";

const KEY_POINTS_PER_SECTION = 3;
const EXCERPT_LENGTH = 320;

type Section = { title: string | null; start: number; sentences: AnalyzedSentence[] };

/** Key phrases of a set of sentences, best first (the episode's ranking restricted to them). */
function sectionPhrases(
  sentences: AnalyzedSentence[],
  analysis: EpisodeAnalysis,
  limit: number,
): RankedPhrase[] {
  const keys = new Set(sentences.flatMap((sentence) => sentence.phrases.map((phrase) => phrase.key)));
  const ranked: RankedPhrase[] = [];
  for (const phrase of analysis.phrases) {
    if (ranked.length >= limit) break;
    const padded = ` ${phrase.key} `;
    if (
      keys.has(phrase.key) &&
      !ranked.some((other) => ` ${other.key} `.includes(padded) || padded.includes(` ${other.key} `))
    )
      ranked.push(phrase);
  }
  return ranked;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Topical segments when the episode has no chapters (TextTiling-like): blocks of sentences on either
 * side of each gap are compared, and the deepest similarity drops become boundaries.
 */
export function topicalSegments(sentences: AnalyzedSentence[], duration: number): AnalyzedSentence[][] {
  const count = Math.min(8, Math.max(2, Math.round(duration / 600) || Math.round(sentences.length / 20)));
  if (sentences.length < count * 3) return sentences.length ? [sentences] : [];
  const block = Math.max(2, Math.min(8, Math.floor(sentences.length / (count * 2))));
  const vectors = tfidfVectors(sentences.map((sentence) => sentence.stems));
  const merge = (from: number, to: number) => {
    const merged = new Map<string, number>();
    for (let i = Math.max(0, from); i < Math.min(sentences.length, to); i++) {
      for (const [term, weight] of vectors[i] ?? []) merged.set(term, (merged.get(term) ?? 0) + weight);
    }
    let norm = 0;
    for (const weight of merged.values()) norm += weight * weight;
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of merged) merged.set(term, weight / norm);
    return merged;
  };
  const similarity: number[] = [];
  for (let gap = 1; gap < sentences.length; gap++)
    similarity[gap] = cosine(merge(gap - block, gap), merge(gap, gap + block));
  // Depth score of each gap: how far similarity rises on both sides before falling again.
  const depths: { gap: number; depth: number }[] = [];
  for (let gap = block; gap <= sentences.length - block; gap++) {
    const value = similarity[gap] ?? 0;
    let left = value;
    for (let i = gap - 1; i >= 1 && (similarity[i] ?? 0) >= left; i--) left = similarity[i] ?? 0;
    let right = value;
    for (let i = gap + 1; i < sentences.length && (similarity[i] ?? 0) >= right; i++)
      right = similarity[i] ?? 0;
    depths.push({ gap, depth: left - value + (right - value) });
  }
  depths.sort((a, b) => b.depth - a.depth || a.gap - b.gap);
  const boundaries: number[] = [];
  const minLength = Math.max(2, Math.floor(sentences.length / (count * 2)));
  for (const { gap } of depths) {
    if (boundaries.length >= count - 1) break;
    if (boundaries.every((other) => Math.abs(other - gap) >= minLength)) boundaries.push(gap);
  }
  boundaries.sort((a, b) => a - b);
  const segments: AnalyzedSentence[][] = [];
  let from = 0;
  for (const boundary of [...boundaries, sentences.length]) {
    segments.push(sentences.slice(from, boundary));
    from = boundary;
  }
  return segments.filter((segment) => segment.length > 0);
}

function sections(episode: EpisodeInput, analysis: EpisodeAnalysis): Section[] {
  const { sentences } = analysis;
  const chapters = [...episode.chapters]
    .filter((chapter) => chapter.title.trim())
    .sort((a, b) => a.startTime - b.startTime);
  if (chapters.length && analysis.isTimed) {
    return chapters.map((chapter, i) => {
      const end = chapters[i + 1]?.startTime ?? Number.POSITIVE_INFINITY;
      // A sentence belongs to the chapter it starts in (small tolerance for rounded chapter times).
      const inside = sentences.filter((s) => s.start + 0.5 >= chapter.startTime && s.start + 0.5 < end);
      return { title: chapter.title.trim(), start: chapter.startTime, sentences: inside };
    });
  }
  return topicalSegments(sentences, analysis.duration).map((segment) => ({
    title: null,
    start: segment[0]?.start ?? 0,
    sentences: segment,
  }));
}

/**
 * Mind map: the root is the episode; first level the chapters (or topical segments titled by their
 * top phrase); below each, its strongest sentences as key points with time, excerpt and concepts.
 */
export function generateMindmapOffline(episode: EpisodeInput, analysis: EpisodeAnalysis): MindmapData {
  const title = episode.title.trim() || "Episode";
  const time = (seconds: number) => (analysis.isTimed ? clampTime(seconds, analysis.duration) : 0);
  const children: MindmapNode[] = sections(episode, analysis).map((section, i) => {
    const sectionId = `s${i + 1}`;
    const concepts = sectionPhrases(section.sentences, analysis, 4).map((phrase) => phrase.text);
    const points = strongestSentences(section.sentences, KEY_POINTS_PER_SECTION).sort(
      (a, b) => a.start - b.start,
    );
    const top = strongestSentences(section.sentences, 1)[0];
    return {
      id: sectionId,
      title: section.title ?? capitalize(concepts[0] ?? `Part ${i + 1}`),
      time: time(section.start),
      ...(top ? { summary: top.text } : {}),
      relatedConcepts: concepts,
      children: points.map((point, j) => {
        const next = analysis.sentences[point.index + 1];
        const phrases = sectionPhrases([point], analysis, 3).map((phrase) => phrase.text);
        return {
          id: `${sectionId}-k${j + 1}`,
          title: truncateText(point.text, 90),
          time: time(point.start),
          summary: point.text,
          transcriptExcerpt: truncateText(next ? `${point.text} ${next.text}` : point.text, EXCERPT_LENGTH),
          relatedConcepts: phrases,
          children: [],
        };
      }),
    };
  });
  const root: MindmapNode = {
    id: "root",
    title,
    time: 0,
    ...(episode.summary?.trim() ? { summary: truncateText(episode.summary.trim(), 400) } : {}),
    relatedConcepts: analysis.topics.slice(0, 6).map((topic) => topic.text),
    children,
  };
  return {
    episodeTitle: title,
    ...(analysis.duration > 0 ? { duration: Math.round(analysis.duration) } : {}),
    nodes: [root],
  };
}
