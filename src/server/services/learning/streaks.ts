import { sql } from "drizzle-orm";
import { localDay } from "../../../domain/calendar.ts";
import { recordActiveDay, type Streak } from "../../../domain/streak.ts";
import type { Tx } from "../../db/client.ts";
import { recordAchievementProgress } from "../achievements/achievements.ts";

type Row = Record<string, unknown>;

const toDay = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

/**
 * Counts `now` as an active day for the user's daily streak (user_streaks), on the calendar of the
 * time zone stored on their profile. Called in the transaction that records the recall (a quiz
 * answer or a review rating); the row lock makes concurrent recalls count the day once.
 */
export async function recordStreakActivity(tx: Tx, userId: string, now: Date): Promise<Streak> {
  await tx.execute(
    sql`insert into user_streaks (user_id) values (${userId}) on conflict (user_id) do nothing`,
  );
  const { rows } = await tx.execute<Row>(
    sql`select s.current_streak, s.longest_streak, s.last_active_date::text as last_active_date, p.time_zone
        from user_streaks s join profiles p on p.user_id = s.user_id
        where s.user_id = ${userId}
        for update of s`,
  );
  const row = rows[0];
  if (!row) throw new Error("user_streaks row missing after upsert");
  const streak: Streak = {
    current: Number(row.current_streak),
    longest: Number(row.longest_streak),
    lastActiveDate: toDay(row.last_active_date),
  };
  const next = recordActiveDay(streak, localDay(now, String(row.time_zone)));
  if (next === streak) return streak;
  await tx.execute(
    sql`update user_streaks set current_streak = ${next.current}, longest_streak = ${next.longest},
          last_active_date = ${next.lastActiveDate}::date
        where user_id = ${userId}`,
  );
  await recordAchievementProgress(tx, userId, ["streak_days"]);
  return next;
}
