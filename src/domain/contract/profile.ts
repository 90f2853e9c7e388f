import { z } from "zod";
import { bookmarkItemSchema, libraryEpisodeSchema, listSummarySchema } from "./library.ts";
import { followedPodcastSchema } from "./subscriptions.ts";

/**
 * Response bodies of the profile area (src/server/routes/profile.ts, spec 3 §2 Profile): the header
 * and the four tabs. Another user's profile shows only what they made public: the header without the
 * saved count, and their public lists (decision 016).
 */

const dateTime = () => z.string().meta({ format: "date-time" });

export const profileSummarySchema = z
  .object({
    userId: z.uuid(),
    name: z.string().nullable().meta({ description: "The display name; the web shows 'User' when null" }),
    handle: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    level: z.int(),
    xp: z.int(),
    points: z.int().meta({ description: "10 per correct answer" }),
    answerCount: z.int(),
    accuracy: z
      .int()
      .nullable()
      .meta({ description: "Rounded percent of answers that were correct; null before the first answer" }),
    savedCount: z
      .int()
      .nullable()
      .meta({ description: "Bookmarked episodes; only on your own profile, null on anyone else's" }),
    isSelf: z.boolean(),
  })
  .meta({ id: "ProfileSummary" });
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const profileSavedSchema = z
  .object({ items: z.array(bookmarkItemSchema) })
  .meta({ id: "ProfileSaved", description: "The 6 newest bookmarks" });
export type ProfileSaved = z.infer<typeof profileSavedSchema>;

export const profileListsSchema = z.object({ items: z.array(listSummarySchema) }).meta({
  id: "ProfileLists",
  description: "The 6 most recently updated lists (public ones only for others)",
});
export type ProfileLists = z.infer<typeof profileListsSchema>;

export const historyItemSchema = z.object({
  playedAt: dateTime(),
  progressSeconds: z.int().meta({ description: "Furthest point reached" }),
  episode: libraryEpisodeSchema,
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const profileHistorySchema = z
  .object({ items: z.array(historyItemSchema) })
  .meta({ id: "ProfileHistory", description: "The 5 most recent plays" });
export type ProfileHistory = z.infer<typeof profileHistorySchema>;

export const profileFollowingSchema = z
  .object({ items: z.array(followedPodcastSchema) })
  .meta({ id: "ProfileFollowing", description: "The 6 most recently followed podcasts" });
export type ProfileFollowing = z.infer<typeof profileFollowingSchema>;
