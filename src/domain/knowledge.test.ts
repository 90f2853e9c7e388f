import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accuracyPercent,
  averagePoints,
  averagePointsPercent,
  conceptMastery,
  isMasteredLevel,
  knowledgeLevelFor,
  knowledgeLevelNames,
  knowledgeLevelProgress,
  recommendFocus,
  type ThemeStanding,
  themePoints,
} from "./knowledge.ts";
import { knowledgeThemeIds } from "./knowledge-themes.ts";

const answers = fc
  .integer({ min: 0, max: 5000 })
  .chain((total) => fc.record({ total: fc.constant(total), correct: fc.integer({ min: 0, max: total }) }));

describe("themePoints (spec 3 §9)", () => {
  it("is correct × 10 + accuracy × total / 10, rounded", () => {
    expect(themePoints(0, 0)).toBe(0);
    // 7 of 10: 70 + 70 × 10 / 10 = 140.
    expect(themePoints(7, 10)).toBe(140);
    // 2 of 3: accuracy 67 → 20 + 67 × 3 / 10 = 40.1 → 40.
    expect(themePoints(2, 3)).toBe(40);
    // 1 of 3: accuracy 33 → 10 + 9.9 = 19.9 → 20.
    expect(themePoints(1, 3)).toBe(20);
    // All wrong earns nothing.
    expect(themePoints(0, 12)).toBe(0);
    expect(themePoints(400, 400)).toBe(8000);
  });

  it("equals the formula for every count, and never falls when a correct answer is added", () => {
    fc.assert(
      fc.property(answers, ({ correct, total }) => {
        const accuracy = total ? Math.round((correct / total) * 100) : 0;
        expect(accuracyPercent(correct, total)).toBe(accuracy);
        expect(themePoints(correct, total)).toBe(Math.round(correct * 10 + (accuracy * total) / 10));
        expect(themePoints(correct + 1, total + 1)).toBeGreaterThanOrEqual(themePoints(correct, total));
      }),
    );
  });
});

describe("knowledge levels", () => {
  it("changes level exactly at the boundaries", () => {
    const cases: [number, string][] = [
      [0, "Beginner"],
      [999, "Beginner"],
      [1000, "Intermediate"],
      [2499, "Intermediate"],
      [2500, "Advanced"],
      [3999, "Advanced"],
      [4000, "Expert"],
      [5999, "Expert"],
      [6000, "Master"],
      [1_000_000, "Master"],
    ];
    for (const [points, level] of cases) expect(knowledgeLevelFor(points), String(points)).toBe(level);
  });

  it("measures progress by the level's range size; Master over 1000 points, capped", () => {
    expect(knowledgeLevelProgress(0)).toBe(0);
    expect(knowledgeLevelProgress(500)).toBe(50);
    expect(knowledgeLevelProgress(999)).toBe(99);
    expect(knowledgeLevelProgress(1000)).toBe(0);
    expect(knowledgeLevelProgress(1750)).toBe(50);
    expect(knowledgeLevelProgress(2499)).toBe(99);
    expect(knowledgeLevelProgress(3250)).toBe(50);
    expect(knowledgeLevelProgress(5000)).toBe(50);
    expect(knowledgeLevelProgress(6000)).toBe(0);
    expect(knowledgeLevelProgress(6500)).toBe(50);
    expect(knowledgeLevelProgress(7000)).toBe(100);
    expect(knowledgeLevelProgress(50_000)).toBe(100);
  });

  it("keeps progress a whole percent from 0 to 100 and levels in order for any points", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (a, b) => {
        const progress = knowledgeLevelProgress(a);
        expect(Number.isInteger(progress)).toBe(true);
        expect(progress).toBeGreaterThanOrEqual(0);
        expect(progress).toBeLessThanOrEqual(100);
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(knowledgeLevelNames.indexOf(knowledgeLevelFor(low))).toBeLessThanOrEqual(
          knowledgeLevelNames.indexOf(knowledgeLevelFor(high)),
        );
      }),
    );
  });

  it("counts Expert and Master as mastered", () => {
    expect(knowledgeLevelNames.filter(isMasteredLevel)).toEqual(["Expert", "Master"]);
  });
});

describe("the average-points bar", () => {
  it("is the rounded mean, scaled to 6000 and capped", () => {
    expect(averagePoints([])).toBe(0);
    expect(averagePoints([0, 0, 0, 0, 0, 0, 0, 10])).toBe(1);
    expect(averagePoints([140, 40, 0, 0, 0, 0, 0, 0])).toBe(23);
    expect(averagePointsPercent(3000)).toBe(50);
    expect(averagePointsPercent(5999)).toBe(99);
    expect(averagePointsPercent(9000)).toBe(100);
  });

  it("stays within 0–100 for any points", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 8 }), (points) => {
        const percent = averagePointsPercent(averagePoints(points));
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe("recommendFocus", () => {
  const standing = (
    id: (typeof knowledgeThemeIds)[number],
    correct: number,
    total: number,
  ): ThemeStanding => {
    const points = themePoints(correct, total);
    return { id, correct, total, points, level: knowledgeLevelFor(points) };
  };

  it("puts started themes first, weakest first, then untouched themes in theme order", () => {
    const themes = knowledgeThemeIds.map((id) => standing(id, 0, 0));
    themes[3] = standing("personal-growth", 9, 10);
    themes[5] = standing("science", 2, 10);
    themes[6] = standing("society", 5, 10);
    expect(recommendFocus(themes)).toEqual(["science", "society", "personal-growth"]);
    themes[6] = standing("society", 10, 10);
    expect(recommendFocus(themes)).toEqual(["science", "personal-growth", "society"]);
  });

  it("skips Advanced and above, and lists untouched themes when nothing is started", () => {
    const themes = knowledgeThemeIds.map((id) => standing(id, 0, 0));
    expect(recommendFocus(themes)).toEqual(["ai-tech", "philosophy", "geopolitics"]);
    themes[0] = standing("ai-tech", 300, 300); // 6000 points: Master
    themes[1] = standing("philosophy", 130, 130); // 2600: Advanced
    expect(recommendFocus(themes)).toEqual(["geopolitics", "personal-growth", "business"]);
  });

  it("returns at most 3 distinct open themes", () => {
    fc.assert(
      fc.property(fc.array(answers, { minLength: 8, maxLength: 8 }), (counts) => {
        const themes = knowledgeThemeIds.map((id, index) =>
          standing(id, counts[index]?.correct ?? 0, counts[index]?.total ?? 0),
        );
        const focus = recommendFocus(themes);
        expect(focus.length).toBeLessThanOrEqual(3);
        expect(new Set(focus).size).toBe(focus.length);
        for (const id of focus) {
          const level = themes.find((theme) => theme.id === id)?.level;
          expect(["Beginner", "Intermediate"]).toContain(level);
        }
        const openCount = themes.filter(
          (theme) => !isMasteredLevel(theme.level) && theme.level !== "Advanced",
        ).length;
        expect(focus.length).toBe(Math.min(3, openCount));
      }),
    );
  });
});

describe("conceptMastery", () => {
  it("is strong from 80 %, growing from 50 %, weak below", () => {
    expect([100, 80, 79, 50, 49, 0].map(conceptMastery)).toEqual([
      "strong",
      "strong",
      "growing",
      "growing",
      "weak",
      "weak",
    ]);
  });
});
