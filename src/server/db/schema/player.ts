import { relations, sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { episodes } from "./catalog.ts";
import { createdAt, ownerUserId, primaryId, updatedAt } from "./columns.ts";

/** One row per user and episode: where to resume, and the profile's History tab. */
export const playHistory = pgTable(
  "play_history",
  {
    id: primaryId(),
    userId: ownerUserId(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    // Where playback resumes (whole seconds).
    lastPositionSeconds: integer("last_position_seconds").notNull().default(0),
    // Furthest point reached (whole seconds); the server writes greatest(old, new).
    progressSeconds: integer("progress_seconds").notNull().default(0),
    lastPlayedAt: timestamp("last_played_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // Also the "position for (user, episode)" lookup and the ON CONFLICT target of the save.
    unique("play_history_user_episode_key").on(t.userId, t.episodeId),
    check("play_history_last_position_check", sql`${t.lastPositionSeconds} >= 0`),
    check("play_history_progress_check", sql`${t.progressSeconds} >= 0`),
    // Profile History tab: the user's most recent plays (limit 5).
    index("play_history_user_last_played_idx").on(t.userId, t.lastPlayedAt),
    index("play_history_episode_id_idx").on(t.episodeId),
    // The Weekly Synthesis draft: the last 7 days' plays, across users.
    index("play_history_last_played_idx").on(t.lastPlayedAt),
  ],
);

/** The user's latest playback, upserted on user_id. */
export const userActivity = pgTable(
  "user_activity",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lastEpisodeId: uuid("last_episode_id").references(() => episodes.id, { onDelete: "set null" }),
    lastPositionSeconds: integer("last_position_seconds").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_activity_last_position_check", sql`${t.lastPositionSeconds} >= 0`),
    index("user_activity_last_episode_id_idx").on(t.lastEpisodeId).where(sql`${t.lastEpisodeId} is not null`),
  ],
);

/** Daily learning streak; last_active_date is the user's local calendar day. */
export const userStreaks = pgTable(
  "user_streaks",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    currentStreak: integer("current_streak").notNull().default(0),
    longestStreak: integer("longest_streak").notNull().default(0),
    lastActiveDate: date("last_active_date"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_streaks_current_check", sql`${t.currentStreak} >= 0`),
    check("user_streaks_longest_check", sql`${t.longestStreak} >= ${t.currentStreak}`),
  ],
);

export const playHistoryRelations = relations(playHistory, ({ one }) => ({
  episode: one(episodes, { fields: [playHistory.episodeId], references: [episodes.id] }),
}));

export const userActivityRelations = relations(userActivity, ({ one }) => ({
  lastEpisode: one(episodes, { fields: [userActivity.lastEpisodeId], references: [episodes.id] }),
}));
