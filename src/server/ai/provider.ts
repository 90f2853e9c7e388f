import { z } from "zod";
import type { MindmapData, MindmapNode } from "../db/schema/learning.ts";

/**
 * The learning engine's one interface (issue 7). Two implementations: the built-in offline engine
 * (deterministic NLP over the transcript, the default) and an OpenAI-compatible one used when
 * AI_BASE_URL is set, which falls back to the offline engine when the model's output is invalid.
 * Every result is validated against the schemas below before it is stored.
 */

/** A timed transcript segment, seconds. */
export type TimedSegment = { start: number; end: number; text: string; speaker?: string };

/** What a provider is given about an episode. */
export type EpisodeInput = {
  id: string;
  title: string;
  podcastName?: string | null;
  /** The feed's description or an earlier summary; the fallback text when there is no transcript. */
  summary: string | null;
  transcriptSegments: TimedSegment[] | null;
  transcriptText: string | null;
  chapters: { startTime: number; title: string }[];
  /** Seconds, when known. */
  duration: number | null;
  topics: string[];
  /** The feed's hosts and guests, when it lists them (the summary says who talks). */
  people?: { name: string; role: "host" | "guest" }[];
  /**
   * The speaker labels of each of the show's other episodes (its latest ones with speakers): who
   * is heard across the show tells its hosts from a guest who speaks first.
   */
  showSpeakers?: string[][];
  /**
   * The topics the engine wrote for the show's other episodes (its latest enriched ones): quiz
   * choices of the show's own subjects, before the rest of the catalog's.
   */
  showTopics?: string[];
};

/**
 * Catalog-wide knowledge the providers may use: how common a phrase is across episodes (topics are
 * ranked against the whole catalog; question difficulty comes from rarity) and phrases of other
 * episodes (distractors when an episode has too few of its own).
 */
export type CorpusStats = {
  documentCount: number;
  /** Number of episodes whose text contains the (lower-case) phrase. */
  documentFrequency: (phrase: string) => number;
  /** Key phrases from other episodes of the catalog. */
  phrasePool: string[];
};

export type LearningContext = { corpus: CorpusStats };

export const insightSchema = z.object({
  key_point: z.string().trim().min(1),
  timecode: z.number().int().min(0),
});

export const enrichmentSchema = z.object({
  summary: z.string().trim().min(1),
  insights: z.array(insightSchema).max(10),
  topics: z.array(z.string().trim().min(1)).max(12),
});
export type Enrichment = z.infer<typeof enrichmentSchema>;

export const generatedQuestionSchema = z
  .object({
    stem: z.string().trim().min(1),
    choices: z.array(z.string().trim().min(1)).length(4),
    answer: z.string().trim().min(1),
    explanation: z.string().trim().min(1),
    concept_tags: z.array(z.string().trim().min(1)).max(8),
    difficulty: z.enum(["easy", "medium", "hard"]),
    timecode: z.number().int().min(0),
  })
  .refine((q) => q.choices.includes(q.answer), { message: "The answer must be one of the choices." })
  .refine((q) => new Set(q.choices.map((c) => c.toLowerCase())).size === q.choices.length, {
    message: "Choices must be distinct.",
  });
export type GeneratedQuestion = z.infer<typeof generatedQuestionSchema>;
/** A quiz holds at most 12 questions (spec 2 §9). */
export const QUESTIONS_PER_EPISODE = 12;

export const mindmapNodeSchema: z.ZodType<MindmapNode> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    title: z.string().trim().min(1),
    time: z.number().min(0).optional(),
    summary: z.string().optional(),
    transcriptExcerpt: z.string().optional(),
    relatedConcepts: z.array(z.string()).optional(),
    children: z.array(mindmapNodeSchema),
  }),
);
export const mindmapSchema = z.object({
  episodeTitle: z.string().trim().min(1),
  duration: z.number().min(0).optional(),
  nodes: z.array(mindmapNodeSchema).min(1),
}) satisfies z.ZodType<MindmapData>;

/**
 * A passage retrieved for Ask AI: a chunk of the timed transcript (seconds) and its rank. `sentences`
 * (when the chunker made it) lets an answer cite the second the relevant sentence starts.
 */
export type Passage = {
  start: number;
  end: number;
  text: string;
  rank: number;
  /** The passage's sentences, each with its speaker's label when the transcript names speakers. */
  sentences?: { start: number; text: string; speaker?: string }[];
};
export type ChatTurn = { question: string; answer: string };

export const answerSchema = z.object({
  answer: z.string().trim().min(1),
  sources: z.array(z.object({ timecode: z.number().int().min(0), text: z.string() })).max(5),
});
export type Answer = z.infer<typeof answerSchema>;

/** Said when retrieval finds nothing relevant; never an invented answer. */
export const NOT_COVERED_ANSWER = "The episode doesn't seem to cover that.";

export interface LearningProvider {
  /** "offline" or "openai-compatible"; recorded in logs. */
  readonly name: string;
  enrich(episode: EpisodeInput, context: LearningContext): Promise<Enrichment>;
  /** Up to QUESTIONS_PER_EPISODE multiple-choice questions. */
  generateQuestions(episode: EpisodeInput, context: LearningContext): Promise<GeneratedQuestion[]>;
  generateMindmap(episode: EpisodeInput, context: LearningContext): Promise<MindmapData>;
  /** Answers from the retrieved passages only (retrieval is the caller's: PostgreSQL full-text). */
  answer(episode: EpisodeInput, question: string, history: ChatTurn[], passages: Passage[]): Promise<Answer>;
  /** Knowledge-theme ids (src/domain/knowledge-themes.ts) the episode belongs to. */
  categorize(episode: EpisodeInput, context: LearningContext): Promise<string[]>;
}
