import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accuracyPercent,
  earnsSpeedBonus,
  quizScore,
  resultTier,
  resultTiers,
  weeklyScore,
} from "./quiz-score.ts";

const answer = fc.record({ isCorrect: fc.boolean(), timeMs: fc.integer({ min: 0, max: 600_000 }) });

describe("quiz score and accuracy (spec 2 §9)", () => {
  it("is 100 per correct answer plus 20 per answer faster than 7000 ms", () => {
    expect(quizScore({ correctCount: 0, fastCount: 0 })).toBe(0);
    expect(quizScore({ correctCount: 12, fastCount: 12 })).toBe(1440);
    expect(earnsSpeedBonus({ timeMs: 6999 })).toBe(true);
    expect(earnsSpeedBonus({ timeMs: 7000 })).toBe(false);
    expect(earnsSpeedBonus({ timeMs: 10 })).toBe(true);
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 12 }), (answers) => {
        const correctCount = answers.filter((a) => a.isCorrect).length;
        const fastCount = answers.filter(earnsSpeedBonus).length;
        const score = quizScore({ correctCount, fastCount });
        expect(score).toBe(
          answers.reduce((sum, a) => sum + (a.isCorrect ? 100 : 0) + (a.timeMs < 7000 ? 20 : 0), 0),
        );
        expect(score).toBeLessThanOrEqual(120 * answers.length);
      }),
    );
  });

  it("computes accuracy as correct over total, in percent", () => {
    expect(accuracyPercent(0, 0)).toBe(0);
    expect(accuracyPercent(9, 12)).toBe(75);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(12), (total, correct) => {
        const value = accuracyPercent(Math.min(correct, total), total);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }),
    );
  });

  it("has a message for each tier: ≥ 90, ≥ 80, ≥ 70, ≥ 60 and below", () => {
    expect([100, 90, 89.9, 80, 79, 70, 69, 60, 59.9, 0].map((a) => resultTier(a).minAccuracy)).toEqual([
      90, 90, 80, 80, 70, 70, 60, 60, 0, 0,
    ]);
    expect(new Set(resultTiers.map((tier) => tier.message)).size).toBe(5);
  });
});

describe("weekly score (decision 019)", () => {
  it("counts only the answers that earned XP: 100 each, plus 20 under 7000 ms", () => {
    expect(
      weeklyScore([
        { xpAwarded: 26, timeMs: 3000 },
        { xpAwarded: 16, timeMs: 7000 },
        { xpAwarded: 0, timeMs: 1000 },
      ]),
    ).toBe(220);
    expect(weeklyScore([])).toBe(0);
  });
});
