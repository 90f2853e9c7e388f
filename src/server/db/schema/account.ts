import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_THEME, type Theme } from "../../../domain/theme.ts";
import { DAILY_XP_GOALS, type DailyXpGoal, DEFAULT_DAILY_XP_GOAL } from "../../../domain/today.ts";
import { users } from "./auth.ts";
import { createdAt, ownerUserId, primaryId, updatedAt } from "./columns.ts";

/** One profile per user, created by a trigger in the same statement that creates the user. */
export const profiles = pgTable(
  "profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name"),
    handle: text("handle"),
    avatarUrl: text("avatar_url"),
    theme: text("theme").$type<Theme>().notNull().default(DEFAULT_THEME),
    // IANA time zone sent by the browser; streak days and weeks follow it.
    timeZone: text("time_zone").notNull().default("UTC"),
    xp: integer("xp").notNull().default(0),
    level: integer("level").notNull().default(1),
    // The Today card's daily XP goal (decision 018).
    dailyXpGoal: integer("daily_xp_goal").$type<DailyXpGoal>().notNull().default(DEFAULT_DAILY_XP_GOAL),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_theme_check", sql`${t.theme} in ('light', 'dark', 'system')`),
    check("profiles_xp_check", sql`${t.xp} >= 0`),
    check("profiles_level_check", sql`${t.level} >= 1`),
    check("profiles_daily_xp_goal_check", sql`${t.dailyXpGoal} in (${sql.raw(DAILY_XP_GOALS.join(", "))})`),
    check("profiles_handle_check", sql`${t.handle} ~ '^[a-z0-9_]{3,30}$'`),
    uniqueIndex("profiles_handle_lower_key").on(sql`lower(${t.handle})`),
    // Friend search matches name or handle case-insensitively (spec 3 §7, limit 10).
    index("profiles_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("profiles_handle_trgm_idx").using("gin", sql`${t.handle} gin_trgm_ops`),
    // All-time leaderboard (decision 021): top 100 in the one order xp desc, user_id, read
    // index-only. Queries say `xp desc nulls last` to match the index (xp is never null).
    index("profiles_xp_user_id_idx").on(t.xp.desc(), t.userId),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: ownerUserId(),
    role: text("role").notNull(),
    // Who granted it: an admin (by hand) or billing (a Plus subscription). Billing only ever
    // revokes what billing granted, so a hand-granted premium survives a cancelled subscription.
    source: text("source").$type<"admin" | "billing">().notNull().default("admin"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("user_roles_role_check", sql`${t.role} in ('admin', 'premium')`),
    check("user_roles_source_check", sql`${t.source} in ('admin', 'billing')`),
  ],
);

/**
 * Every role change made in the admin lab (who, whom, what, when). Rows outlive the accounts: a
 * deleted actor or target leaves a null id, and the log shows "Deleted user".
 */
export const roleAuditLog = pgTable(
  "role_audit_log",
  {
    id: primaryId(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    role: text("role").notNull(),
    action: text("action").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("role_audit_log_role_check", sql`${t.role} in ('admin', 'premium')`),
    check("role_audit_log_action_check", sql`${t.action} in ('grant', 'revoke')`),
    // The User Roles tab lists the newest changes first (keyset on created_at, id).
    index("role_audit_log_created_at_id_idx").on(t.createdAt, t.id),
    // Deleting an account sets its ids to null here.
    index("role_audit_log_actor_user_id_idx").on(t.actorUserId),
    index("role_audit_log_target_user_id_idx").on(t.targetUserId),
  ],
);

/** Fixed-window counters for rate limits; shared by every API server on the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("rate_limits_count_check", sql`${t.count} >= 0`),
    index("rate_limits_window_start_idx").on(t.windowStart),
  ],
);
