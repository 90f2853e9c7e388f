import { z } from "zod";
import { episodeListingSchema } from "./catalog.ts";
import { orNull } from "./or-null.ts";

/**
 * Response bodies of the leaderboard (src/server/routes/leaderboard.ts, spec 3 §2 Leaderboard;
 * decision 021). Order: XP (or the week's score) descending, then user id ascending. Rank is the
 * competition rank of that order: 1 + how many players have strictly more, so players who tie
 * share a rank and the next rank skips ("1, 2, 2, 4").
 */

/** Spec 3 §9: the ranked tabs list the top 100; the Quizzes tab 6 episodes; search 10 players. */
export const LEADERBOARD_LIMITS = { ranked: 100, quizzes: 6, search: 10 } as const;

// Three characters: the trigram indexes on name and handle need a whole trigram to narrow the search.
export const PLAYER_SEARCH_MIN = 3;
export const PLAYER_SEARCH_MAX = 50;

const playerFields = {
  userId: z.uuid(),
  name: z.string().nullable().meta({ description: "The display name; the web shows 'User' when null" }),
  handle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  level: z.int(),
  xp: z.int(),
};

export const leaderboardPlayerSchema = z
  .object({ ...playerFields, rank: z.int().min(1) })
  .meta({ id: "LeaderboardPlayer" });
export type LeaderboardPlayer = z.infer<typeof leaderboardPlayerSchema>;

export const weeklyPlayerSchema = z
  .object({
    ...playerFields,
    rank: z.int().min(1),
    score: z.int(),
    quizzesCompleted: z.int(),
    averageAccuracy: z.int().meta({ description: "Rounded percent correct over the week" }),
  })
  .meta({ id: "WeeklyLeaderboardPlayer" });
export type WeeklyPlayer = z.infer<typeof weeklyPlayerSchema>;

export const allTimeLeaderboardSchema = z
  .object({
    players: z.array(leaderboardPlayerSchema).meta({ description: "The top 100 by XP" }),
    you: orNull(leaderboardPlayerSchema).meta({
      description: "You, with your true rank (even outside the top 100); null only without a profile",
    }),
  })
  .meta({ id: "AllTimeLeaderboard" });
export type AllTimeLeaderboard = z.infer<typeof allTimeLeaderboardSchema>;

export const weeklyLeaderboardSchema = z
  .object({
    weekStart: z.string().meta({
      format: "date",
      description: "The Sunday that starts the week in your profile's time zone",
    }),
    players: z.array(weeklyPlayerSchema).meta({ description: "The top 100 by the week's score" }),
    you: orNull(weeklyPlayerSchema).meta({
      description: "Your entry and true rank; null before your first quiz this week",
    }),
  })
  .meta({ id: "WeeklyLeaderboard" });
export type WeeklyLeaderboard = z.infer<typeof weeklyLeaderboardSchema>;

export const friendsLeaderboardSchema = z
  .object({
    players: z.array(leaderboardPlayerSchema).meta({
      description: "You and your accepted friends by XP (top 100); rank is among them",
    }),
  })
  .meta({ id: "FriendsLeaderboard" });
export type FriendsLeaderboard = z.infer<typeof friendsLeaderboardSchema>;

export const leaderboardQuizzesSchema = z
  .object({
    episodes: z.array(episodeListingSchema).meta({ description: "6 newest episodes whose quiz is ready" }),
  })
  .meta({ id: "LeaderboardQuizzes" });
export type LeaderboardQuizzes = z.infer<typeof leaderboardQuizzesSchema>;

export const playerSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(PLAYER_SEARCH_MIN, `Type at least ${PLAYER_SEARCH_MIN} characters to search players`)
    .max(PLAYER_SEARCH_MAX, `Search with at most ${PLAYER_SEARCH_MAX} characters`),
});

export const playerSearchSchema = z
  .object({
    players: z
      .array(z.object(playerFields).meta({ id: "PlayerSearchResult" }))
      .meta({ description: "Up to 10 players whose name or handle contains the text, most XP first" }),
  })
  .meta({ id: "PlayerSearch" });
export type PlayerSearch = z.infer<typeof playerSearchSchema>;
