import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, localDay } from "./calendar.ts";
import { noStreak, recordActiveDay, type Streak, visibleStreak } from "./streak.ts";

/** Activity at the given instants, in one time zone. */
function streakOf(instants: string[], timeZone: string): Streak {
  return instants.reduce(
    (streak, at) => recordActiveDay(streak, localDay(new Date(at), timeZone)),
    noStreak(),
  );
}

describe("daily streak", () => {
  it("starts at 1, grows on the next day, stays on the same day and restarts after a gap", () => {
    let streak = recordActiveDay(noStreak(), "2025-03-10");
    expect(streak).toEqual({ current: 1, longest: 1, lastActiveDate: "2025-03-10" });
    streak = recordActiveDay(streak, "2025-03-10");
    expect(streak.current).toBe(1);
    streak = recordActiveDay(recordActiveDay(streak, "2025-03-11"), "2025-03-12");
    expect(streak).toEqual({ current: 3, longest: 3, lastActiveDate: "2025-03-12" });
    streak = recordActiveDay(streak, "2025-03-14");
    expect(streak).toEqual({ current: 1, longest: 3, lastActiveDate: "2025-03-14" });
  });

  it("counts days across midnight in the user's time zone (Stockholm and Los Angeles)", () => {
    // 23:50 and 00:10 Stockholm time (UTC+1 in winter): two days in Stockholm…
    const aroundStockholmMidnight = ["2025-01-14T22:50:00Z", "2025-01-14T23:10:00Z"];
    expect(streakOf(aroundStockholmMidnight, "Europe/Stockholm").current).toBe(2);
    // …but the same evening (14:50 and 15:10) in Los Angeles: one day.
    expect(streakOf(aroundStockholmMidnight, "America/Los_Angeles").current).toBe(1);
    // 23:50 and 00:10 Los Angeles time (UTC−8): two days there, one morning in Stockholm.
    const aroundLosAngelesMidnight = ["2025-01-15T07:50:00Z", "2025-01-15T08:10:00Z"];
    expect(streakOf(aroundLosAngelesMidnight, "America/Los_Angeles").current).toBe(2);
    expect(streakOf(aroundLosAngelesMidnight, "Europe/Stockholm").current).toBe(1);
  });

  it("shows the streak until the day after the last active day, then 0", () => {
    const streak = { current: 4, longest: 6, lastActiveDate: "2025-03-10" };
    expect(visibleStreak(streak, "2025-03-10")).toBe(4);
    expect(visibleStreak(streak, "2025-03-11")).toBe(4);
    expect(visibleStreak(streak, "2025-03-12")).toBe(0);
    expect(visibleStreak(noStreak(), "2025-03-12")).toBe(0);
  });

  it("equals the length of the run of consecutive days ending on the last active day", () => {
    const days = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 });
    fc.assert(
      fc.property(days, (steps) => {
        let day = "2025-01-01";
        let streak = noStreak();
        let run = 0;
        let longest = 0;
        for (const step of steps) {
          day = addDays(day, step);
          const before = streak.lastActiveDate;
          streak = recordActiveDay(streak, day);
          if (before === null || step > 1) run = 1;
          else if (step === 1) run += 1;
          longest = Math.max(longest, run);
          expect(streak.current).toBe(run);
          expect(streak.longest).toBe(longest);
          expect(streak.longest).toBeGreaterThanOrEqual(streak.current);
        }
      }),
    );
  });
});
