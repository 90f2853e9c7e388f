import { z } from "zod";
import { quizStatusSchema } from "./quiz.ts";

/**
 * The learning-content API (spec 2 §2 Ask AI, §3, §7; spec 3 §7): mind maps, question generation,
 * Ask AI and the admin lab's list of episodes without a mind map.
 */

const dateTime = () => z.string().meta({ format: "date-time" });

/** A mind-map node (spec 2 §3); time is seconds from the start. Stored and answered in this shape. */
export const mindmapNodeSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    time: z.number().optional().meta({ description: "Seconds from the start" }),
    summary: z.string().optional(),
    transcriptExcerpt: z.string().optional(),
    relatedConcepts: z.array(z.string()).optional(),
    get children() {
      return z.array(mindmapNodeSchema);
    },
  })
  .meta({ id: "MindmapNode" });
export type MindmapNode = z.infer<typeof mindmapNodeSchema>;

export const mindmapSchema = z.object({
  episodeTitle: z.string(),
  duration: z.number().optional().meta({ description: "Seconds" }),
  nodes: z.array(mindmapNodeSchema),
});
export type MindmapData = z.infer<typeof mindmapSchema>;

export const episodeMindmapSchema = z
  .object({ episodeId: z.uuid(), mindmap: mindmapSchema, updatedAt: dateTime() })
  .meta({ id: "EpisodeMindmap" });
export type EpisodeMindmap = z.infer<typeof episodeMindmapSchema>;

/** An Ask-AI answer's source: a moment of the episode. */
export const chatSourceSchema = z.object({
  timecode: z.int().meta({ description: "Seconds from the start" }),
  text: z.string().optional(),
  title: z.string().optional().meta({ description: "The chapter the moment falls in" }),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

export const chatEntrySchema = z
  .object({
    id: z.uuid(),
    question: z.string(),
    answer: z.string(),
    sources: z.array(chatSourceSchema),
    createdAt: dateTime(),
  })
  .meta({ id: "ChatEntry" });
export type ChatEntry = z.infer<typeof chatEntrySchema>;

export const chatHistorySchema = z.object({ items: z.array(chatEntrySchema) }).meta({ id: "ChatHistory" });
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const quizGenerationSchema = z
  .object({
    quizStatus: quizStatusSchema,
    jobId: z.string().nullable().meta({ description: "The queued job; null when the quiz is complete" }),
  })
  .meta({ id: "QuizGeneration" });
export type QuizGeneration = z.infer<typeof quizGenerationSchema>;

export const missingMindmapsSchema = z
  .object({
    items: z.array(
      z.object({ id: z.uuid(), title: z.string(), podcastName: z.string(), pubDate: dateTime() }),
    ),
    total: z.int().meta({ description: "Episodes in the catalog" }),
    missing: z.int().meta({ description: "Episodes without a mind map" }),
  })
  .meta({ id: "MissingMindmaps" });
export type MissingMindmaps = z.infer<typeof missingMindmapsSchema>;
