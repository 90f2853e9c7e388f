import { z } from "zod";
import { knowledgeLevelNames } from "../knowledge.ts";
import { knowledgeThemeIds } from "../knowledge-themes.ts";

/** The knowledge API (spec 3 §2 Knowledge, §9 themes and levels; the concept map is ours). */

const themeIdSchema = z.enum(knowledgeThemeIds);

export const knowledgeThemeStandingSchema = z
  .object({
    id: themeIdSchema,
    name: z.string(),
    icon: z.string().meta({ description: "A lucide icon name (kebab-case)" }),
    description: z.string(),
    correct: z.int(),
    total: z.int().meta({ description: "Answers to questions of this theme" }),
    accuracy: z.int().meta({ description: "Percent correct, rounded" }),
    points: z.int(),
    level: z.enum(knowledgeLevelNames),
    progress: z.int().meta({ description: "Percent of the way through the level, 0–100" }),
  })
  .meta({ id: "KnowledgeThemeStanding" });
export type KnowledgeThemeStanding = z.infer<typeof knowledgeThemeStandingSchema>;

export const knowledgeProfileSchema = z
  .object({
    themes: z.array(knowledgeThemeStandingSchema).meta({ description: "All 8 themes, in the fixed order" }),
    answeredCount: z.int().meta({ description: "All the user's quiz answers, themed or not" }),
    averagePoints: z.int().meta({ description: "Mean points of the 8 themes" }),
    averagePercent: z.int().meta({ description: "averagePoints over 6000, 0–100" }),
    mastered: z.array(themeIdSchema).meta({ description: "Themes at Expert or Master" }),
    focus: z.array(themeIdSchema).meta({ description: "Up to 3 themes at Beginner or Intermediate" }),
  })
  .meta({ id: "KnowledgeProfile" });
export type KnowledgeProfile = z.infer<typeof knowledgeProfileSchema>;

export const conceptEpisodeSchema = z
  .object({
    episode: z.object({
      id: z.uuid(),
      title: z.string(),
      audioUrl: z.string().nullable(),
      imageUrl: z.string().nullable(),
      duration: z.int().nullable(),
      podcast: z.object({ id: z.uuid(), name: z.string() }),
    }),
    moments: z
      .array(z.int())
      .meta({ description: "Up to 3 seconds into the episode where the concept is asked about, ascending" }),
  })
  .meta({ id: "ConceptEpisode" });
export type ConceptEpisode = z.infer<typeof conceptEpisodeSchema>;

export const conceptSchema = z
  .object({
    key: z
      .string()
      .meta({ description: 'The concept tag trimmed, lower-cased, plurals folded ("empires" → "empire")' }),
    label: z.string().meta({ description: "Its most common spelling" }),
    correct: z.int(),
    total: z.int(),
    accuracy: z.int().meta({ description: "Percent correct, rounded" }),
    episodes: z.array(conceptEpisodeSchema).meta({ description: "Up to 5, most answered first" }),
  })
  .meta({ id: "Concept" });
export type Concept = z.infer<typeof conceptSchema>;

export const conceptMapSchema = z
  .object({ concepts: z.array(conceptSchema).meta({ description: "Up to 40, most answered first" }) })
  .meta({ id: "ConceptMap" });
export type ConceptMap = z.infer<typeof conceptMapSchema>;
