import { daysBetween } from "./calendar.ts";

/**
 * Daily streak (issue 8 §4): a day counts when the learner recalls something — answers a quiz
 * question or rates a review card — on that calendar day in their time zone.
 */
export type Streak = { current: number; longest: number; lastActiveDate: string | null };

export const noStreak = (): Streak => ({ current: 0, longest: 0, lastActiveDate: null });

/**
 * The streak after activity on `today`: the same day changes nothing, the next day extends it, a
 * gap starts again at 1. A `today` earlier than the last active day (the user moved west across
 * a date line) changes nothing rather than breaking the streak.
 */
export function recordActiveDay(streak: Streak, today: string): Streak {
  const gap = streak.lastActiveDate === null ? null : daysBetween(streak.lastActiveDate, today);
  if (gap !== null && gap <= 0) return streak;
  const current = gap === 1 ? streak.current + 1 : 1;
  return { current, longest: Math.max(streak.longest, current), lastActiveDate: today };
}

/** The streak as shown today: it still stands on the day after the last active day, then it is 0. */
export function visibleStreak(streak: Streak, today: string): number {
  if (streak.lastActiveDate === null) return 0;
  return daysBetween(streak.lastActiveDate, today) <= 1 ? streak.current : 0;
}
