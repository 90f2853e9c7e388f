import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  effectiveAnswerTimeMs,
  levelForXp,
  levelProgress,
  MAX_ANSWER_TIME_MS,
  nextCombo,
  QUIZ_MAX_QUESTIONS,
  questionXp,
  reviewXp,
} from "./xp.ts";

const confidence = fc.integer({ min: CONFIDENCE_MIN, max: CONFIDENCE_MAX });
const timeMs = fc.integer({ min: 0, max: 600_000 });
const combo = fc.integer({ min: 0, max: QUIZ_MAX_QUESTIONS - 1 });

describe("questionXp (spec 2 §9)", () => {
  it("follows the worked examples", () => {
    // base 10 + 2 × 3 + 10 (under 5 s), first of a run: no multiplier.
    expect(questionXp({ isCorrect: true, confidence: 3, timeMs: 4999, comboBefore: 0 })).toBe(26);
    // + 5 under 10 s, combo 1 → × 1.2: 21 × 1.2 = 25.2 → 25.
    expect(questionXp({ isCorrect: true, confidence: 3, timeMs: 5000, comboBefore: 1 })).toBe(25);
    // No time bonus from 10 s on; combo 2 → × 1.4: 20 × 1.4 = 28.
    expect(questionXp({ isCorrect: true, confidence: 5, timeMs: 10_000, comboBefore: 2 })).toBe(28);
    // Confidence 1, slow, combo 3 → 12 × 1.6 = 19.2 → 19.
    expect(questionXp({ isCorrect: true, confidence: 1, timeMs: 60_000, comboBefore: 3 })).toBe(19);
    expect(questionXp({ isCorrect: false, confidence: 5, timeMs: 100, comboBefore: 7 })).toBe(0);
  });

  it("equals the spec's formula for every input", () => {
    fc.assert(
      fc.property(fc.boolean(), confidence, timeMs, combo, (isCorrect, c, t, k) => {
        const bonus = t < 5000 ? 10 : t < 10_000 ? 5 : 0;
        const total = 10 + 2 * c + bonus;
        // Exact rational arithmetic: total × (1 + 0.2k) = total × (5 + k) / 5.
        const expected = !isCorrect ? 0 : k > 0 ? Math.floor((total * (5 + k)) / 5) : total;
        expect(questionXp({ isCorrect, confidence: c, timeMs: t, comboBefore: k })).toBe(expected);
      }),
    );
  });

  it("never decreases with more confidence, a longer combo or a faster answer", () => {
    fc.assert(
      fc.property(confidence, timeMs, combo, (c, t, k) => {
        const xp = questionXp({ isCorrect: true, confidence: c, timeMs: t, comboBefore: k });
        expect(xp).toBeGreaterThanOrEqual(12);
        expect(
          questionXp({ isCorrect: true, confidence: c, timeMs: t, comboBefore: k + 1 }),
        ).toBeGreaterThanOrEqual(xp);
        if (c < CONFIDENCE_MAX)
          expect(
            questionXp({ isCorrect: true, confidence: c + 1, timeMs: t, comboBefore: k }),
          ).toBeGreaterThan(xp);
        expect(
          questionXp({ isCorrect: true, confidence: c, timeMs: Math.floor(t / 2), comboBefore: k }),
        ).toBeGreaterThanOrEqual(xp);
      }),
    );
  });

  it("stays within 12 and 96 XP per question for a quiz of at most 12 questions", () => {
    fc.assert(
      fc.property(confidence, timeMs, combo, (c, t, k) => {
        const xp = questionXp({ isCorrect: true, confidence: c, timeMs: t, comboBefore: k });
        expect(xp).toBeGreaterThanOrEqual(12);
        expect(xp).toBeLessThanOrEqual(Math.floor((30 * (5 + 11)) / 5));
      }),
    );
  });
});

describe("nextCombo", () => {
  it("counts consecutive correct answers and resets on a wrong one", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: QUIZ_MAX_QUESTIONS }), (answers) => {
        let comboValue = 0;
        let run = 0;
        for (const isCorrect of answers) {
          comboValue = nextCombo(comboValue, isCorrect);
          run = isCorrect ? run + 1 : 0;
          expect(comboValue).toBe(run);
        }
      }),
    );
  });
});

describe("levels (spec 2 §9, spec 1 §9)", () => {
  it("is floor(xp / 1000) + 1", () => {
    expect([0, 999, 1000, 1999, 2000, 25_500].map(levelForXp)).toEqual([1, 1, 2, 2, 3, 26]);
    fc.assert(
      fc.property(fc.nat(10_000_000), (xp) => {
        const level = levelForXp(xp);
        expect((level - 1) * 1000).toBeLessThanOrEqual(xp);
        expect(level * 1000).toBeGreaterThan(xp);
      }),
    );
  });

  it("fills the level bar with xp mod 1000 over level × 1000", () => {
    expect(levelProgress({ level: 2, xp: 1500 })).toEqual({ current: 500, needed: 2000, percent: 25 });
    fc.assert(
      fc.property(fc.nat(10_000_000), (xp) => {
        const progress = levelProgress({ level: levelForXp(xp), xp });
        expect(progress.current).toBe(xp % 1000);
        expect(progress.percent).toBeGreaterThanOrEqual(0);
        expect(progress.percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe("answer time (decision 019)", () => {
  it("takes the slower of the server's measure and the client's figure, at most ten minutes", () => {
    expect(effectiveAnswerTimeMs(30_000, 1)).toBe(30_000);
    expect(effectiveAnswerTimeMs(12.6, 45_000)).toBe(45_000);
    expect(effectiveAnswerTimeMs(-5, 0)).toBe(0);
    expect(effectiveAnswerTimeMs(900_000, 1)).toBe(MAX_ANSWER_TIME_MS);
    fc.assert(
      fc.property(fc.nat(2_000_000), fc.nat(2_000_000), (server, client) => {
        const time = effectiveAnswerTimeMs(server, client);
        expect(time).toBeGreaterThanOrEqual(Math.min(server, MAX_ANSWER_TIME_MS));
        expect(time).toBeGreaterThanOrEqual(Math.min(client, MAX_ANSWER_TIME_MS));
        expect(time).toBeLessThanOrEqual(MAX_ANSWER_TIME_MS);
      }),
    );
  });
});

describe("review XP (decision 019)", () => {
  it("is 2 for Good and Easy and 1 for Again", () => {
    expect([1, 3, 5].map(reviewXp)).toEqual([1, 2, 2]);
  });
});
