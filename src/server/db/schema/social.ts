import { relations, sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./account.ts";
import { users } from "./auth.ts";
import { createdAt, ownerUserId, primaryId, updatedAt } from "./columns.ts";

export const followStatuses = ["pending", "accepted"] as const;
export type FollowStatus = (typeof followStatuses)[number];

export const achievementTiers = ["bronze", "silver", "gold", "platinum"] as const;
export type AchievementTier = (typeof achievementTiers)[number];

/** What an achievement's requirement_value is compared with. */
export const achievementMetrics = [
  "xp",
  "level",
  "streak_days",
  "quizzes_completed",
  "correct_answers",
  "episodes_completed",
  "cards_reviewed",
  "friends",
  "reflections",
  "perfect_quizzes",
  "themes_mastered",
] as const;
export type AchievementMetric = (typeof achievementMetrics)[number];

/**
 * A directed follow. Friends are two accepted rows (one each way); a friend request is a
 * pending row from the requester.
 */
export const userFollows = pgTable(
  "user_follows",
  {
    id: primaryId(),
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: uuid("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<FollowStatus>().notNull().default("pending"),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    // An existing row blocks a new request ('Friend request already pending' / already friends).
    unique("user_follows_pair_key").on(t.followerId, t.followingId),
    check("user_follows_not_self_check", sql`${t.followerId} <> ${t.followingId}`),
    check("user_follows_status_check", sql`${t.status} in ('pending', 'accepted')`),
    check("user_follows_accepted_at_check", sql`(${t.status} = 'accepted') = (${t.acceptedAt} is not null)`),
    // Requests tab: incoming rows by status.
    index("user_follows_following_status_idx").on(t.followingId, t.status),
  ],
);

export const invites = pgTable(
  "invites",
  {
    id: primaryId(),
    inviterUserId: uuid("inviter_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique("invites_token_key"),
    state: text("state").$type<"sent" | "accepted">().notNull().default("sent"),
    createdAt: createdAt(),
    // 'Invalid or expired invite': a sent invite is usable until then.
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: uuid("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // 24 random bytes, hex-encoded.
    check("invites_token_check", sql`${t.token} ~ '^[0-9a-f]{48}$'`),
    check("invites_state_check", sql`${t.state} in ('sent', 'accepted')`),
    check("invites_accepted_at_check", sql`(${t.state} = 'accepted') = (${t.acceptedAt} is not null)`),
    check("invites_not_self_check", sql`${t.acceptedUserId} <> ${t.inviterUserId}`),
    index("invites_inviter_user_id_idx").on(t.inviterUserId),
    index("invites_accepted_user_id_idx").on(t.acceptedUserId).where(sql`${t.acceptedUserId} is not null`),
  ],
);

/** Weekly scores; written by the server when quiz results are recorded. */
export const leaderboardEntries = pgTable(
  "leaderboard_entries",
  {
    id: primaryId(),
    userId: ownerUserId(),
    type: text("type").$type<"weekly">().notNull().default("weekly"),
    // The Sunday that starts the week.
    weekStart: date("week_start").notNull(),
    score: integer("score").notNull().default(0),
    quizzesCompleted: integer("quizzes_completed").notNull().default(0),
    // Percent correct over the week, 0..100.
    averageAccuracy: real("average_accuracy").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("leaderboard_entries_user_type_week_key").on(t.userId, t.type, t.weekStart),
    check("leaderboard_entries_type_check", sql`${t.type} in ('weekly')`),
    check("leaderboard_entries_week_start_check", sql`extract(isodow from ${t.weekStart}) = 7`),
    check("leaderboard_entries_score_check", sql`${t.score} >= 0`),
    check("leaderboard_entries_quizzes_check", sql`${t.quizzesCompleted} >= 0`),
    check("leaderboard_entries_accuracy_check", sql`${t.averageAccuracy} between 0 and 100`),
    // This Week tab (decision 021): top 100 in the order score desc, user_id, and a player's rank
    // as a count of the entries ahead — both index-only.
    index("leaderboard_entries_week_score_user_idx").on(t.type, t.weekStart, t.score.desc(), t.userId),
  ],
);

/**
 * How many profiles hold each XP value above 0, kept by statement triggers on profiles (decision
 * 021), so an all-time rank is one short sum instead of a count over every profile ahead.
 */
export const leaderboardXpCounts = pgTable(
  "leaderboard_xp_counts",
  {
    xp: integer("xp").primaryKey(),
    users: integer("users").notNull().default(0),
  },
  (t) => [
    // No check on users >= 0: the triggers' one ordered upsert proposes negative rows for
    // decrements, and PostgreSQL checks a proposed row before it finds the conflict.
    check("leaderboard_xp_counts_xp_check", sql`${t.xp} > 0`),
  ],
);

/**
 * The same counts summed per band of 256 XP values (band = xp / 256), so a rank sums at most the
 * bands above the player's plus the values above theirs within it — hundreds of rows, not one per
 * distinct XP value (decision 021).
 */
export const leaderboardXpBandCounts = pgTable(
  "leaderboard_xp_band_counts",
  {
    band: integer("band").primaryKey(),
    users: integer("users").notNull().default(0),
  },
  (t) => [check("leaderboard_xp_band_counts_band_check", sql`${t.band} >= 0`)],
);

export const achievements = pgTable(
  "achievements",
  {
    id: primaryId(),
    slug: text("slug").notNull().unique("achievements_slug_key"),
    name: text("name").notNull(),
    description: text("description").notNull(),
    icon: text("icon").notNull(),
    tier: text("tier").$type<AchievementTier>().notNull(),
    metric: text("metric").$type<AchievementMetric>().notNull(),
    requirementValue: integer("requirement_value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("achievements_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("achievements_tier_check", sql`${t.tier} in ('bronze', 'silver', 'gold', 'platinum')`),
    check(
      "achievements_metric_check",
      sql`${t.metric} in ('xp', 'level', 'streak_days', 'quizzes_completed', 'correct_answers', 'episodes_completed', 'cards_reviewed', 'friends', 'reflections', 'perfect_quizzes', 'themes_mastered')`,
    ),
    check("achievements_requirement_check", sql`${t.requirementValue} > 0`),
  ],
);

export const userAchievements = pgTable(
  "user_achievements",
  {
    userId: ownerUserId(),
    achievementId: uuid("achievement_id")
      .notNull()
      .references(() => achievements.id, { onDelete: "cascade" }),
    // Current metric value towards requirement_value.
    progress: integer("progress").notNull().default(0),
    // Null until unlocked.
    earnedAt: timestamp("earned_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.achievementId] }),
    check("user_achievements_progress_check", sql`${t.progress} >= 0`),
    index("user_achievements_achievement_id_idx").on(t.achievementId),
  ],
);

export const userFollowsRelations = relations(userFollows, ({ one }) => ({
  follower: one(profiles, { fields: [userFollows.followerId], references: [profiles.userId] }),
  following: one(profiles, { fields: [userFollows.followingId], references: [profiles.userId] }),
}));

export const invitesRelations = relations(invites, ({ one }) => ({
  inviter: one(profiles, { fields: [invites.inviterUserId], references: [profiles.userId] }),
}));

export const leaderboardEntriesRelations = relations(leaderboardEntries, ({ one }) => ({
  profile: one(profiles, { fields: [leaderboardEntries.userId], references: [profiles.userId] }),
}));

export const achievementsRelations = relations(achievements, ({ many }) => ({
  userAchievements: many(userAchievements),
}));

export const userAchievementsRelations = relations(userAchievements, ({ one }) => ({
  achievement: one(achievements, {
    fields: [userAchievements.achievementId],
    references: [achievements.id],
  }),
}));
