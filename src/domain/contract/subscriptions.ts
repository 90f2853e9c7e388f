import { z } from "zod";
import { podcastAdditionSchema } from "./podcasts.ts";

/** Response bodies of following podcasts and OPML import (src/server/routes/subscriptions.ts). */

export const followedPodcastSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    coverUrl: z.string().nullable(),
    feedUrl: z.string().nullable(),
    subscribedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "FollowedPodcast" });
export type FollowedPodcast = z.infer<typeof followedPodcastSchema>;

export const followedPodcastPageSchema = z
  .object({
    items: z.array(followedPodcastSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next page; null on the last" }),
  })
  .meta({ id: "FollowedPodcastPage" });
export type FollowedPodcastPage = z.infer<typeof followedPodcastPageSchema>;

export const opmlImportSchema = z
  .object({
    followed: z.int(),
    created: z.int(),
    queued: z.int(),
    invalid: z
      .array(z.string())
      .meta({ description: "Feed addresses of the file that are not http(s) URLs" }),
    notAdded: z.array(z.object({ feedUrl: z.string(), reason: z.string() })).meta({
      description:
        "New feeds of the file that were not added, and why (the daily limit of new shows, a private address)",
    }),
    additions: z.array(podcastAdditionSchema).meta({
      description:
        "The additions the import made, one per feed new to the catalog, in file order: poll GET /me/podcast-additions for their progress",
    }),
  })
  .meta({ id: "OpmlImport" });
export type OpmlImport = z.infer<typeof opmlImportSchema>;
