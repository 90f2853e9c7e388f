import { eq, sql } from "drizzle-orm";
import { localDay } from "../../../domain/calendar.ts";
import type { UserStats } from "../../../domain/contract/account.ts";
import { visibleStreak } from "../../../domain/streak.ts";
import type { Theme } from "../../../domain/theme.ts";
import type { AppDeps } from "../../context.ts";
import { profiles } from "../../db/schema/account.ts";

/** Saves the theme the user chose (spec 1 §4); the profile always exists (created by trigger). */
export async function saveTheme(deps: Pick<AppDeps, "db">, userId: string, theme: Theme): Promise<Theme> {
  await deps.db.update(profiles).set({ theme }).where(eq(profiles.userId, userId));
  return theme;
}

/** Saves the browser's IANA time zone (validated by the route); streak days and weeks follow it. */
export async function saveTimeZone(deps: Pick<AppDeps, "db">, userId: string, timeZone: string) {
  await deps.db.update(profiles).set({ timeZone }).where(eq(profiles.userId, userId));
  return timeZone;
}

/**
 * Level, XP and the current daily streak for the header badges. A streak whose last active day is
 * before yesterday (in the user's time zone) has lapsed and shows 0.
 */
export async function getStats(
  deps: Pick<AppDeps, "db">,
  userId: string,
  now = new Date(),
): Promise<UserStats> {
  const result = await deps.db.execute<{
    level: number;
    xp: number;
    time_zone: string;
    current_streak: number | null;
    longest_streak: number | null;
    last_active_date: string | null;
  }>(
    sql`select p.level, p.xp, p.time_zone, s.current_streak, s.longest_streak,
          s.last_active_date::text as last_active_date
        from profiles p left join user_streaks s on s.user_id = p.user_id
        where p.user_id = ${userId}`,
  );
  const row = result.rows[0];
  const streak = visibleStreak(
    {
      current: Number(row?.current_streak ?? 0),
      longest: Number(row?.longest_streak ?? 0),
      lastActiveDate: row?.last_active_date ?? null,
    },
    localDay(now, row?.time_zone ?? "UTC"),
  );
  return { level: Number(row?.level ?? 1), xp: Number(row?.xp ?? 0), streak };
}
