import { describe, expect, it } from "vitest";
import {
  chooseNextStep,
  DAILY_XP_GOALS,
  DEFAULT_DAILY_XP_GOAL,
  goalPercent,
  isDailyXpGoal,
  isMostlyHeard,
  type NextStepFacts,
  streakToday,
} from "./today.ts";

describe("daily goal", () => {
  it("accepts only the four goals, and the default is one of them", () => {
    expect(DAILY_XP_GOALS).toEqual([10, 30, 50, 100]);
    expect(isDailyXpGoal(DEFAULT_DAILY_XP_GOAL)).toBe(true);
    for (const goal of DAILY_XP_GOALS) expect(isDailyXpGoal(goal)).toBe(true);
    for (const value of [0, 20, 31, -10, "30", null, undefined, 30.5])
      expect(isDailyXpGoal(value)).toBe(false);
  });

  it("measures progress in whole percent, full at and past the goal", () => {
    expect(goalPercent(0, 30)).toBe(0);
    expect(goalPercent(10, 30)).toBe(33);
    expect(goalPercent(29, 30)).toBe(96);
    expect(goalPercent(30, 30)).toBe(100);
    expect(goalPercent(340, 30)).toBe(100);
  });
});

describe("streakToday", () => {
  it("says whether today already counts", () => {
    const streak = { current: 4, longest: 6, lastActiveDate: "2026-11-25" };
    expect(streakToday(streak, "2026-11-25")).toEqual({ current: 4, isTodayCounted: true });
    // Yesterday was the last active day: the streak stands, today is still to be earned.
    expect(streakToday(streak, "2026-11-26")).toEqual({ current: 4, isTodayCounted: false });
    // A day missed: the streak has lapsed.
    expect(streakToday(streak, "2026-11-27")).toEqual({ current: 0, isTodayCounted: false });
    expect(streakToday({ current: 0, longest: 0, lastActiveDate: null }, "2026-11-25")).toEqual({
      current: 0,
      isTodayCounted: false,
    });
  });
});

describe("isMostlyHeard", () => {
  it("counts an episode heard from its last tenth on", () => {
    expect(isMostlyHeard(2700, 3000)).toBe(true);
    expect(isMostlyHeard(2699, 3000)).toBe(false);
    expect(isMostlyHeard(162, 180)).toBe(true);
    expect(isMostlyHeard(161, 180)).toBe(false);
    expect(isMostlyHeard(3000, 3000)).toBe(true);
    expect(isMostlyHeard(5000, null)).toBe(false);
    expect(isMostlyHeard(0, 0)).toBe(false);
  });
});

describe("chooseNextStep", () => {
  const episode = { id: "e", title: "T" };
  const none: NextStepFacts = { dueCount: 0, quizCandidate: null, inProgress: null, hasListened: false };

  it("puts due cards first, then the quiz of the heard episode, then listening, then discovery", () => {
    const all = { dueCount: 3, quizCandidate: episode, inProgress: episode, hasListened: true };
    expect(chooseNextStep(all)).toBe("review");
    expect(chooseNextStep({ ...all, dueCount: 0 })).toBe("quiz");
    expect(chooseNextStep({ ...all, dueCount: 0, quizCandidate: null })).toBe("continue");
    expect(chooseNextStep({ ...none, hasListened: true })).toBe("discover");
    expect(chooseNextStep(none)).toBe("discover");
  });
});
