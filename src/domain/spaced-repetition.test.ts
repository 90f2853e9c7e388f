import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CardSchedule,
  DAY_MS,
  gradeForConfidence,
  MIN_EASE,
  newCard,
  nextIntervalDays,
  reviewCard,
  scheduleAfterQuiz,
} from "./spaced-repetition.ts";

const card = fc.record({
  ease: fc.integer({ min: 130, max: 400 }).map((hundredths) => hundredths / 100),
  interval: fc.integer({ min: 0, max: 3650 }),
  lapses: fc.nat(50),
});
const grade = fc.integer({ min: 0, max: 5 });
const now = new Date("2025-03-10T12:00:00Z");

/** The spec's SM-2 (spec 2 §9), written out independently; Easy adds the 1.3 bonus (decision 011). */
function specReview(c: CardSchedule, q: number): CardSchedule {
  if (q < 3) return { ease: Math.max(1.3, c.ease - 0.2), interval: 1, lapses: c.lapses + 1 };
  const base = c.interval === 0 ? 1 : c.interval === 1 ? 6 : c.interval * c.ease;
  const ease = Math.max(1.3, c.ease + (0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)));
  return { ease, interval: Math.round(q === 5 ? base * 1.3 : base), lapses: c.lapses };
}

describe("reviewCard (SM-2, spec 2 §9)", () => {
  it("follows the worked examples", () => {
    expect(reviewCard(newCard(), 3)).toEqual({ ease: 2.36, interval: 1, lapses: 0 });
    expect(reviewCard({ ease: 2.36, interval: 1, lapses: 0 }, 3)).toEqual({
      ease: 2.22,
      interval: 6,
      lapses: 0,
    });
    expect(reviewCard({ ease: 2.5, interval: 6, lapses: 0 }, 3)).toEqual({
      ease: 2.36,
      interval: 15,
      lapses: 0,
    });
    expect(reviewCard({ ease: 2.5, interval: 6, lapses: 0 }, 4)).toEqual({
      ease: 2.5,
      interval: 15,
      lapses: 0,
    });
    expect(reviewCard({ ease: 2.5, interval: 6, lapses: 0 }, 5)).toEqual({
      ease: 2.6,
      interval: 20,
      lapses: 0,
    });
    expect(reviewCard({ ease: 2.5, interval: 15, lapses: 2 }, 1)).toEqual({
      ease: 2.3,
      interval: 1,
      lapses: 3,
    });
    expect(reviewCard({ ease: 1.4, interval: 15, lapses: 0 }, 1).ease).toBe(MIN_EASE);
    expect(reviewCard({ ease: 1.3, interval: 15, lapses: 0 }, 3).ease).toBe(MIN_EASE);
  });

  it("matches the spec's formulas for every card and grade", () => {
    fc.assert(
      fc.property(card, grade, (c, q) => {
        const next = reviewCard(c, q);
        const expected = specReview(c, q);
        expect(next.interval).toBe(expected.interval);
        expect(next.lapses).toBe(expected.lapses);
        expect(next.ease).toBeCloseTo(expected.ease, 9);
      }),
    );
  });

  it("keeps ease at or above 1.3 and intervals whole and positive", () => {
    fc.assert(
      fc.property(card, fc.array(grade, { maxLength: 30 }), (start, grades) => {
        let current: CardSchedule = start;
        for (const q of grades) {
          current = reviewCard(current, q);
          expect(current.ease).toBeGreaterThanOrEqual(MIN_EASE);
          expect(Number.isInteger(current.interval)).toBe(true);
          expect(current.interval).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it("schedules Easy at least as far as Good, and Good at least as far as Again", () => {
    fc.assert(
      fc.property(card, (c) => {
        expect(nextIntervalDays(c, 5)).toBeGreaterThanOrEqual(nextIntervalDays(c, 3));
        expect(nextIntervalDays(c, 3)).toBeGreaterThanOrEqual(nextIntervalDays(c, 1));
      }),
    );
  });

  it("labels Good and Easy with interval × ease and × 1.3 once a card is past its first two steps", () => {
    fc.assert(
      fc.property(card, (c) => {
        fc.pre(c.interval >= 2);
        expect(nextIntervalDays(c, 3)).toBe(Math.round(c.interval * c.ease));
        expect(nextIntervalDays(c, 5)).toBe(Math.round(c.interval * c.ease * 1.3));
      }),
    );
  });

  it("reads a stored 4-byte real ease as the hundredths it stands for", () => {
    const stored = Math.fround(2.3);
    expect(reviewCard({ ease: stored, interval: 5, lapses: 0 }, 4).interval).toBe(12);
    expect(reviewCard({ ease: Math.fround(2.36), interval: 1, lapses: 0 }, 3).ease).toBe(2.22);
  });
});

describe("scheduleAfterQuiz (schedule-spaced-cards)", () => {
  it("maps confidence 1–2 to grade 3, 3–4 to 4 and 5 to 5", () => {
    expect([1, 2, 3, 4, 5].map(gradeForConfidence)).toEqual([3, 3, 4, 4, 5]);
  });

  it("makes a missed question due now", () => {
    expect(scheduleAfterQuiz(null, { isCorrect: false, confidence: 5 }, now)).toEqual({
      ease: 2.5,
      interval: 0,
      lapses: 0,
      dueAt: now,
    });
    const learned = { ease: 2.5, interval: 15, lapses: 0, dueAt: new Date(now.getTime() + 9 * DAY_MS) };
    expect(scheduleAfterQuiz(learned, { isCorrect: false, confidence: 3 }, now)).toEqual({
      ease: 2.3,
      interval: 1,
      lapses: 1,
      dueAt: now,
    });
  });

  it("schedules a correct answer by its confidence", () => {
    expect(scheduleAfterQuiz(null, { isCorrect: true, confidence: 1 }, now)).toEqual({
      ease: 2.36,
      interval: 1,
      lapses: 0,
      dueAt: new Date(now.getTime() + DAY_MS),
    });
    expect(scheduleAfterQuiz(null, { isCorrect: true, confidence: 5 }, now)?.ease).toBe(2.6);
  });

  it("leaves a card that is not due alone when the answer is correct", () => {
    fc.assert(
      fc.property(
        card,
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 5 }),
        (c, minutes, conf) => {
          const existing = { ...c, dueAt: new Date(now.getTime() + minutes * 60_000) };
          expect(scheduleAfterQuiz(existing, { isCorrect: true, confidence: conf }, now)).toBeNull();
          const due = { ...c, dueAt: new Date(now.getTime() - minutes * 60_000) };
          const next = scheduleAfterQuiz(due, { isCorrect: true, confidence: conf }, now);
          expect(next?.dueAt.getTime()).toBe(now.getTime() + (next?.interval ?? 0) * DAY_MS);
          expect(next?.interval).toBe(reviewCard(c, gradeForConfidence(conf)).interval);
        },
      ),
    );
  });
});
