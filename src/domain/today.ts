import { type Streak, visibleStreak } from "./streak.ts";

/**
 * The signed-in home's "Today" card (decision 018): the daily XP goal, the streak as it stands
 * today, and which step to suggest next. Pure rules shared by the server and the web.
 */

/** The daily XP goals a learner can pick; the profile column's check constraint lists the same. */
export const DAILY_XP_GOALS = [10, 30, 50, 100] as const;
export type DailyXpGoal = (typeof DAILY_XP_GOALS)[number];

/** About two correct quiz answers: low enough that a short session keeps the habit going. */
export const DEFAULT_DAILY_XP_GOAL: DailyXpGoal = 30;

export const DAILY_GOAL_MESSAGE = "Choose a daily goal of 10, 30, 50 or 100 XP.";

export function isDailyXpGoal(value: unknown): value is DailyXpGoal {
  return DAILY_XP_GOALS.some((goal) => goal === value);
}

/** Progress toward the daily goal, 0–100 (it stays at 100 past the goal). */
export function goalPercent(xpToday: number, goal: number): number {
  if (goal <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((xpToday / goal) * 100)));
}

/** The streak as the Today card shows it: its length, and whether today is already one of its days. */
export function streakToday(streak: Streak, today: string): { current: number; isTodayCounted: boolean } {
  return { current: visibleStreak(streak, today), isTodayCounted: streak.lastActiveDate === today };
}

/**
 * An episode counts as heard for the quiz suggestion once the furthest point reached is in its last
 * tenth. Without a known duration nothing counts as heard.
 */
export const MOSTLY_HEARD_RATIO = 0.9;

export function isMostlyHeard(progressSeconds: number, duration: number | null): boolean {
  if (!duration || duration <= 0) return false;
  return progressSeconds >= duration * MOSTLY_HEARD_RATIO;
}

/** What the server knows when it picks the next step. */
export type NextStepFacts = {
  dueCount: number;
  /** The last played episode, when it is heard, has a quiz and the learner has not finished it. */
  quizCandidate: { id: string; title: string } | null;
  /** The most recently played episode that is still in progress. */
  inProgress: { id: string; title: string } | null;
  hasListened: boolean;
};

export type NextStepKind = "review" | "quiz" | "continue" | "discover";

/**
 * The order (decision 018): due cards first (they are forgotten soonest and the review is short),
 * then the quiz of the episode just heard (recall while it is fresh), then the episode in progress,
 * otherwise finding an episode.
 */
export function chooseNextStep(facts: NextStepFacts): NextStepKind {
  if (facts.dueCount > 0) return "review";
  if (facts.quizCandidate) return "quiz";
  if (facts.inProgress) return "continue";
  return "discover";
}
