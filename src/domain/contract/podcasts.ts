import { z } from "zod";
import { FEED_URL_MAX, isHttpUrl, podcastNotices } from "../podcasts.ts";
import { libraryEpisodeSchema } from "./library.ts";

/**
 * Response bodies of the podcast page and of listeners adding shows (src/server/routes/podcasts.ts).
 */

/**
 * The feed-address field of "Add a podcast", shared by the form and the API. Here, not in
 * domain/podcasts.ts: that module's constants are on the landing's first load, and a zod schema
 * there pulled all of zod into it (decision 012).
 */
export const feedUrlField = z
  .string({ error: podcastNotices.feedUrlRequired })
  .trim()
  .min(1, { error: podcastNotices.feedUrlRequired })
  .max(FEED_URL_MAX, { error: podcastNotices.feedUrlTooLong })
  .refine(isHttpUrl, { error: podcastNotices.feedUrlInvalid });

export const addPodcastInputSchema = z.object({ feedUrl: feedUrlField });
export type AddPodcastInput = z.infer<typeof addPodcastInputSchema>;

const dateTime = () => z.string().meta({ format: "date-time" });

export const podcastDetailSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    author: z.string().nullable(),
    websiteUrl: z.string().nullable().meta({ description: "An http(s) address, or null" }),
    coverUrl: z.string().nullable(),
    feedUrl: z.string().nullable().meta({ description: "Absolute feed address; null for video channels" }),
    episodeCount: z.int().meta({ description: "Ready (visible) episodes" }),
    following: z
      .boolean()
      .nullable()
      .meta({ description: "Whether the signed-in user follows it; null signed out" }),
  })
  .meta({ id: "PodcastDetail" });
export type PodcastDetail = z.infer<typeof podcastDetailSchema>;

export const podcastEpisodePageSchema = z
  .object({
    items: z.array(libraryEpisodeSchema).meta({ description: "Ready episodes, newest first" }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next page; null on the last" }),
  })
  .meta({ id: "PodcastEpisodePage" });
export type PodcastEpisodePage = z.infer<typeof podcastEpisodePageSchema>;

export const PODCAST_ADDITION_STATUSES = ["queued", "reading", "done", "failed"] as const;
export type PodcastAdditionStatus = (typeof PODCAST_ADDITION_STATUSES)[number];

export const podcastAdditionSchema = z
  .object({
    id: z.uuid(),
    feedUrl: z.string(),
    podcast: z.object({ id: z.uuid(), name: z.string() }).nullable().meta({
      description: "The podcast in the catalog; null once a refused feed has been taken out again",
    }),
    status: z.enum(PODCAST_ADDITION_STATUSES).meta({
      description: "queued → reading → done, or failed (see error); done at once for a feed already known",
    }),
    isNew: z.boolean().meta({ description: "The feed was not in the catalog before" }),
    episodeCount: z.int().meta({ description: "Episodes of the podcast stored so far" }),
    error: z.string().nullable(),
    createdAt: dateTime(),
  })
  .meta({ id: "PodcastAddition" });
export type PodcastAddition = z.infer<typeof podcastAdditionSchema>;

export const podcastAdditionListSchema = z
  .object({
    items: z
      .array(podcastAdditionSchema)
      .meta({ description: "The user's most recent additions, newest first, at most `limit`" }),
  })
  .meta({ id: "PodcastAdditionList" });
export type PodcastAdditionList = z.infer<typeof podcastAdditionListSchema>;

export const newFromShowsSchema = z
  .object({
    items: z
      .array(libraryEpisodeSchema)
      .meta({ description: "The newest ready episodes of the podcasts the user follows, newest first" }),
    isFollowingAny: z.boolean().meta({ description: "False: the user follows no podcast yet" }),
  })
  .meta({ id: "NewFromShows" });
export type NewFromShows = z.infer<typeof newFromShowsSchema>;

export const podcastMatchSchema = podcastDetailSchema
  .pick({ id: true, name: true, coverUrl: true, following: true })
  .meta({ id: "PodcastMatch" });
export type PodcastMatch = z.infer<typeof podcastMatchSchema>;
export const podcastMatchesSchema = z
  .object({
    items: z.array(podcastMatchSchema).meta({ description: "Podcasts whose name contains the text" }),
  })
  .meta({ id: "PodcastMatches" });
export type PodcastMatches = z.infer<typeof podcastMatchesSchema>;
