import { z } from "zod";

/**
 * The mind-map screen's own API (spec 2 §2 Mind map, §3 mindmap_analytics; spec 3 §3
 * mindmap_analytics): the session event the screen sends when the learner leaves or switches view,
 * and the catalog-wide look-up of a concept across every episode's map. The map itself is
 * `EpisodeMindmap` in contract/learning.ts.
 */

export const mindmapViewTypes = ["tree", "radial", "graph"] as const;
export const mindmapViewTypeSchema = z.enum(mindmapViewTypes);
export type MindmapViewType = z.infer<typeof mindmapViewTypeSchema>;

/** Longest session one event may report (a tab left open all day is still one day). */
export const MINDMAP_SESSION_MAX_SECONDS = 24 * 60 * 60;
/** Upper bound for the counters: no real session explores or clicks more than this. */
export const MINDMAP_SESSION_MAX_COUNT = 10_000;

/**
 * One `mindmap_session_duration` event (spec 3 §3): how long the learner spent in one view of one
 * episode's map, how many distinct nodes they opened and how many "Play from" moments they clicked.
 * Sent with navigator.sendBeacon (a JSON Blob) on page hide and when the view changes; anonymous
 * sessions are stored with a null user.
 */
export const mindmapSessionEventSchema = z
  .object(
    {
      episodeId: z.uuid({ error: "episodeId must be the id of an episode." }),
      viewType: z.enum(mindmapViewTypes, { error: "viewType must be tree, radial or graph." }),
      durationSeconds: z
        .int({ error: "durationSeconds must be a whole number of seconds." })
        .min(0, { error: "durationSeconds cannot be negative." })
        .max(MINDMAP_SESSION_MAX_SECONDS, { error: "durationSeconds cannot be more than one day." }),
      nodesExplored: z
        .int({ error: "nodesExplored must be a whole number." })
        .min(0, { error: "nodesExplored cannot be negative." })
        .max(MINDMAP_SESSION_MAX_COUNT, {
          error: `nodesExplored cannot be more than ${MINDMAP_SESSION_MAX_COUNT}.`,
        }),
      timestampsClicked: z
        .int({ error: "timestampsClicked must be a whole number." })
        .min(0, { error: "timestampsClicked cannot be negative." })
        .max(MINDMAP_SESSION_MAX_COUNT, {
          error: `timestampsClicked cannot be more than ${MINDMAP_SESSION_MAX_COUNT}.`,
        }),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `Unknown field ${issue.keys.join(", ")}: send only episodeId, viewType, durationSeconds, nodesExplored and timestampsClicked.`
          : issue.code === "invalid_type"
            ? "Send the session as a JSON object."
            : undefined,
    },
  )
  .strict()
  .meta({ id: "MindmapSessionEvent" });
export type MindmapSessionEvent = z.infer<typeof mindmapSessionEventSchema>;

/** Concept text as the look-up takes it: trimmed, 1–100 characters. */
export const CONCEPT_MAX_LENGTH = 100;
/** Occurrences one look-up returns at most. */
export const CONCEPT_OCCURRENCES_LIMIT = 20;

/** GET /mindmaps/concepts?concept=…&excludeEpisodeId=…: what the look-up takes. */
export const conceptQuerySchema = z.object({
  concept: z
    .string({ error: "Give the concept to look up (?concept=…)." })
    .trim()
    .min(1, { error: "Give the concept to look up (?concept=…)." })
    .max(CONCEPT_MAX_LENGTH, { error: `A concept has at most ${CONCEPT_MAX_LENGTH} characters.` }),
  excludeEpisodeId: z.uuid({ error: "excludeEpisodeId must be the id of an episode." }).optional(),
});
export type ConceptQuery = z.infer<typeof conceptQuerySchema>;

/** A node of some episode's map whose related concepts include the concept (case-insensitive). */
export const conceptOccurrenceSchema = z.object({
  episodeId: z.uuid(),
  episodeTitle: z.string(),
  podcastName: z.string(),
  nodeId: z.string(),
  nodeTitle: z.string(),
  time: z.int().nullable().meta({ description: "Seconds from the start; null when the node has none" }),
});
export type ConceptOccurrence = z.infer<typeof conceptOccurrenceSchema>;

/** GET /mindmaps/concepts?concept=…&excludeEpisodeId=… */
export const conceptOccurrencesSchema = z
  .object({ concept: z.string(), occurrences: z.array(conceptOccurrenceSchema) })
  .meta({ id: "ConceptOccurrences" });
export type ConceptOccurrences = z.infer<typeof conceptOccurrencesSchema>;

/** The admin lab's A/B summary: one layout's session events of the last 30 days. */
export const mindmapViewSummarySchema = z.object({
  viewType: mindmapViewTypeSchema,
  sessions: z.int(),
  averageDurationSeconds: z.number().meta({ description: "Rounded to 2 decimals; 0 without sessions" }),
  averageNodesExplored: z.number(),
  averageTimestampsClicked: z.number(),
});
export type MindmapViewSummary = z.infer<typeof mindmapViewSummarySchema>;

/** The A/B outcome (spec 3 §4); decided by mindmapAbWinner in domain/mindmap.ts. */
export const mindmapAbWinnerSchema = z.enum(["tree", "radial", "tie"]);
export type MindmapAbWinner = z.infer<typeof mindmapAbWinnerSchema>;

/** GET /admin/mindmaps/analytics (spec 3 §4 A/B winner, §7 mindmap_analytics since 30 days). */
export const mindmapAnalyticsSummarySchema = z
  .object({
    since: z.string().meta({ format: "date-time", description: "30 days before the answer" }),
    views: z
      .array(mindmapViewSummarySchema)
      .meta({ description: "One per view type, in tree, radial, graph order" }),
    winner: mindmapAbWinnerSchema.meta({
      description:
        "radial when its average duration and nodes explored are both higher than the tree's; tree when both of the tree's are; else tie",
    }),
  })
  .meta({ id: "MindmapAnalyticsSummary" });
export type MindmapAnalyticsSummary = z.infer<typeof mindmapAnalyticsSummarySchema>;
