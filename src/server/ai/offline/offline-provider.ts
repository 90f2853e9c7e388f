import { scoreThemes } from "../../../domain/knowledge-themes.ts";
import type { EpisodeInput, LearningContext, LearningProvider } from "../provider.ts";
import { analyzeEpisode, type EpisodeAnalysis } from "./analysis.ts";
import { answerOffline } from "./answer.ts";
import { enrichOffline } from "./enrich.ts";
import { generateMindmapOffline } from "./mindmap.ts";
import { generateQuestionsOffline } from "./questions.ts";

const MAX_THEMES = 3;
/** Phrases beyond the topics that also vote for themes. */
const THEME_PHRASES = 25;

/** Themes from the episode's topics, key phrases and chapter titles; the best-supported few. */
export function categorizeOffline(episode: EpisodeInput, analysis: EpisodeAnalysis): string[] {
  const tags = [
    ...episode.topics,
    ...analysis.topics.map((topic) => topic.text),
    ...analysis.phrases.slice(0, THEME_PHRASES).map((phrase) => phrase.text),
    ...episode.chapters.map((chapter) => chapter.title),
    episode.title,
  ];
  return scoreThemes(tags)
    .filter((theme) => theme.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .slice(0, MAX_THEMES)
    .map((theme) => theme.id);
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
