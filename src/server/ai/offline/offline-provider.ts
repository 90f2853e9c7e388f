import { scoreThemes } from "../../../domain/knowledge-themes.ts";
import type { EpisodeInput, LearningContext, LearningProvider } from "../provider.ts";
import { analyzeEpisode, type EpisodeAnalysis } from "./analysis.ts";
import { answerOffline } from "./answer.ts";
import { enrichOffline } from "./enrich.ts";
import { generateMindmapOffline } from "./mindmap.ts";
import { generateQuestionsOffline } from "./questions.ts";

const MAX_THEMES = 3;
/** Key phrases beyond the topics that also vote for themes. */
const THEME_PHRASES = 25;

/**
 * Themes by keyword votes: the episode's own topics count three times, its key phrases twice, and
 * further phrases, chapter titles and the title once. The top theme and any with at least 30% of its
 * votes are kept, three at most.
 */
export function categorizeOffline(episode: EpisodeInput, analysis: EpisodeAnalysis): string[] {
  const groups: [readonly string[], number][] = [
    [episode.topics, 3],
    [analysis.topics.map((topic) => topic.text), 2],
    [
      [
        ...analysis.phrases.slice(0, THEME_PHRASES).map((phrase) => phrase.text),
        ...episode.chapters.map((chapter) => chapter.title),
        episode.title,
      ],
      1,
    ],
  ];
  const votes = new Map<string, number>();
  for (const [tags, weight] of groups) {
    for (const { id, hits } of scoreThemes(tags)) votes.set(id, (votes.get(id) ?? 0) + hits * weight);
  }
  const ranked = [...votes].filter(([, count]) => count > 0).sort((a, b) => b[1] - a[1]);
  const top = ranked[0]?.[1] ?? 0;
  return ranked
    .filter(([, count]) => count >= top * 0.3)
    .slice(0, MAX_THEMES)
    .map(([id]) => id);
}

/** The built-in engine: deterministic NLP over the transcript, no network (issue 7 §2). */
export function createOfflineProvider(): LearningProvider {
  const analyze = (episode: EpisodeInput, context: LearningContext) =>
    analyzeEpisode(episode, context.corpus);
  return {
    name: "offline",
    enrich: async (episode, context) => enrichOffline(episode, analyze(episode, context)),
    generateQuestions: async (episode, context) =>
      generateQuestionsOffline(episode, analyze(episode, context)),
    generateMindmap: async (episode, context) => generateMindmapOffline(episode, analyze(episode, context)),
    answer: async (_episode, question, history, passages) => answerOffline(question, history, passages),
    categorize: async (episode, context) => categorizeOffline(episode, analyze(episode, context)),
  };
}
