import { z } from "zod";
import { CARD_TOPIC_LIMIT, SEARCH_MATCHES, SEARCH_SORTS } from "../search.ts";
import { orNull } from "./or-null.ts";

/**
 * Response bodies of the catalog area (src/server/routes/catalog.ts): the home lists, search, the
 * search dropdown, the podcast filter chip and "continue listening". The route declares them for
 * the OpenAPI document, services return their types, the web reads its types from here.
 */

const dateTime = () => z.string().meta({ format: "date-time" });

/** An episode as cards and rows show it; library lists carry the same card. */
export const episodeCardSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    summary: z.string().nullable(),
    imageUrl: z.string().nullable(),
    podcastId: z.uuid(),
    podcastName: z.string(),
    pubDate: dateTime(),
    duration: z.int().nullable().meta({ description: "Seconds" }),
    topics: z.array(z.string()).meta({ description: "Cards show at most 3" }),
  })
  .meta({ id: "EpisodeCard" });
export type EpisodeCard = z.infer<typeof episodeCardSchema>;

export const homeEpisodeSchema = episodeCardSchema
  .extend({ audioUrl: z.string().nullable(), youtubeUrl: z.string().nullable() })
  .meta({ id: "HomeEpisode" });
export type HomeEpisode = z.infer<typeof homeEpisodeSchema>;

export const insightSummarySchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    dek: z.string().nullable(),
    heroImage: z.string().nullable(),
    publishedAt: dateTime(),
  })
  .meta({ id: "InsightSummary" });
export type InsightSummary = z.infer<typeof insightSummarySchema>;

export const homeSchema = z
  .object({
    featured: orNull(episodeCardSchema),
    recent: z.array(homeEpisodeSchema).meta({ description: "Up to 24; the page shows 6" }),
    insights: z.array(insightSummarySchema),
  })
  .meta({ id: "Home" });
export type Home = z.infer<typeof homeSchema>;

/** The transcript line that matched the search, and the second it starts at (decision 033). */
export const transcriptMatchSchema = z
  .object({
    text: z.string().meta({ description: "The whole line, as spoken" }),
    startSeconds: z.int().meta({ description: "Where the line starts (seconds, rounded down)" }),
  })
  .meta({ id: "TranscriptMatch" });
export type TranscriptMatch = z.infer<typeof transcriptMatchSchema>;

/**
 * An episode in the search results: what its card shows (no summary; at most CARD_TOPIC_LIMIT
 * topics), what the player needs, and the matched line. A page of 24 full cards was mostly summaries
 * nobody sees, paid for at every uncached search (decision 074).
 */
export const searchEpisodeSchema = episodeCardSchema
  .omit({ summary: true })
  .extend({
    topics: z
      .array(z.string())
      .max(CARD_TOPIC_LIMIT)
      .meta({ description: `The first ${CARD_TOPIC_LIMIT}` }),
    audioUrl: z.string().nullable(),
    transcriptMatch: orNull(transcriptMatchSchema),
  })
  .meta({ id: "SearchEpisode" });
export type SearchEpisode = z.infer<typeof searchEpisodeSchema>;

/** A podcast whose name matches, as its own result row (links to /podcast/{id}). */
export const searchPodcastSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    coverUrl: z.string().nullable(),
    author: z.string().nullable(),
  })
  .meta({ id: "SearchPodcast" });
export type SearchPodcast = z.infer<typeof searchPodcastSchema>;

/** A guest or host whose name matches, as its own result row (links to /guest/{id} or /host/{id}). */
export const searchPersonSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(["guest", "host"]),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    episodeCount: z.int().meta({ description: "Episodes the person is linked to" }),
  })
  .meta({ id: "SearchPerson" });
export type SearchPerson = z.infer<typeof searchPersonSchema>;

export const searchResultSchema = z
  .object({
    episodes: z.array(searchEpisodeSchema),
    podcasts: z.array(searchPodcastSchema).meta({ description: "Page 1 of a text search only; at most 5" }),
    people: z.array(searchPersonSchema).meta({ description: "Page 1 of a text search only; at most 5" }),
    total: z.int().meta({ description: "Matching episodes (at least this many when totalIsCapped)" }),
    totalIsCapped: z.boolean().meta({ description: "There are more matches than total says" }),
    page: z.int(),
    pageSize: z.int(),
    hasMore: z.boolean(),
    sort: z.enum(SEARCH_SORTS),
    match: z.enum(SEARCH_MATCHES).meta({
      description:
        "How the text matched: whole words (websearch syntax, over title, summary, topics, people, podcast and transcript), or word prefixes / title substring",
    }),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const episodeSuggestionSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    podcastName: z.string(),
    transcriptMatch: orNull(transcriptMatchSchema).meta({
      description: "The line that says the typed words, when the episode was found by its transcript",
    }),
  })
  .meta({ id: "EpisodeSuggestion" });
export type EpisodeSuggestion = z.infer<typeof episodeSuggestionSchema>;

export const suggestionsSchema = z
  .object({
    episodes: z.array(episodeSuggestionSchema),
    podcasts: z.array(searchPodcastSchema).meta({ description: "At most 3, by name prefix" }),
    people: z.array(searchPersonSchema).meta({ description: "At most 3, by name prefix" }),
  })
  .meta({ id: "EpisodeSuggestions" });
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** A podcast by name and cover: the search filter chip, and the podcast of an episode. */
export const podcastSummarySchema = z
  .object({ id: z.uuid(), name: z.string(), coverUrl: z.string().nullable() })
  .meta({ id: "PodcastSummary" });
export type PodcastSummary = z.infer<typeof podcastSummarySchema>;

/**
 * An episode with its podcast, as lists show it: a guest's or host's episodes; library lists extend
 * it with the media URLs.
 */
export const episodeListingSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    summary: z.string().nullable(),
    imageUrl: z.string().nullable(),
    pubDate: dateTime(),
    duration: z.int().nullable().meta({ description: "Seconds" }),
    podcast: podcastSummarySchema,
  })
  .meta({ id: "EpisodeListing" });
export type EpisodeListing = z.infer<typeof episodeListingSchema>;

export const continueItemSchema = episodeCardSchema
  .extend({ positionSeconds: z.int(), lastPlayedAt: dateTime() })
  .meta({ id: "ContinueListeningItem" });
export type ContinueItem = z.infer<typeof continueItemSchema>;

export const continueListeningSchema = z
  .object({ episodes: z.array(continueItemSchema) })
  .meta({ id: "ContinueListening" });
export type ContinueListening = z.infer<typeof continueListeningSchema>;
