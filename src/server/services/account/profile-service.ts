import { eq, sql } from "drizzle-orm";
import type { Theme } from "../../../domain/theme.ts";
import type { AppDeps } from "../../context.ts";
import { profiles } from "../../db/schema/account.ts";

/** Saves the theme the user chose (spec 1 §4); the profile always exists (created by trigger). */
export async function saveTheme(deps: Pick<AppDeps, "db">, userId: string, theme: Theme): Promise<Theme> {
  await deps.db.update(profiles).set({ theme }).where(eq(profiles.userId, userId));
  return theme;
}

/** Level, XP and the current daily streak (0 without a streak row), for the header badges. */
export async function getStats(deps: Pick<AppDeps, "db">, userId: string) {
  const result = await deps.db.execute<{ level: number; xp: number; streak: number }>(
    sql`select p.level, p.xp, coalesce(s.current_streak, 0) as streak
        from profiles p left join user_streaks s on s.user_id = p.user_id
        where p.user_id = ${userId}`,
  );
  const row = result.rows[0];
  return { level: Number(row?.level ?? 1), xp: Number(row?.xp ?? 0), streak: Number(row?.streak ?? 0) };
}
