import type { PostType } from "./post-types.ts";

/** The Deep Dives constants without zod, for screens that need no schema. */

/** The format chips' labels (spec 3 §3). */
export const postTypeLabels: Record<PostType, string> = {
  explainer: "Deep Topic Explainer",
  weekly: "Weekly Synthesis",
  debate: "Idea Debate",
  tactical: "Tactical Guide",
};

export const REFLECTION_MIN = 10;
export const REFLECTION_MAX = 500;
/** Reflections a user may post per window, across all posts (a person writes a few, a script many). */
export const REFLECTION_RATE = { limit: 5, windowSeconds: 600 } as const;
/** The feed page size; the RSS feed's length. */
export const FEED_PAGE_SIZE = 12;
export const RSS_ITEM_LIMIT = 50;
/** At most three topic chips per post in the feed (spec 3 §2). */
export const FEED_TOPIC_CHIPS = 3;

export const feedNotices = {
  empty: "No posts found. Check back soon!",
  postNotFound: "Post not found",
  reflectionLength: `Reflection must be between ${REFLECTION_MIN} and ${REFLECTION_MAX} characters`,
  invalidReflection: "Invalid reflection",
  reflectionPosted: "Reflection posted!",
  reflectionDeleted: "Reflection deleted",
  reflectionNotFound: "Reflection not found",
  notYourReflection: "You can only delete your own reflections.",
  reflectionRateLimited: (wait: string) =>
    `You have posted a lot of reflections in a short time. Try again in ${wait}.`,
  slugTaken: "Another post already uses this slug. Choose a different one.",
  postSaveFailed: "Failed to save post",
} as const;
