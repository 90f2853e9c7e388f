/**
 * Knowledge profile rules (spec 3 §2 Knowledge, §9): points, levels and progress per theme, the
 * average-points bar, mastered themes and the recommended focus. Pure: the server computes the
 * counts in SQL and applies these; the web only displays the result.
 */
import type { KnowledgeThemeId } from "./knowledge-themes.ts";

export const knowledgeLevelNames = ["Beginner", "Intermediate", "Advanced", "Expert", "Master"] as const;
export type KnowledgeLevelName = (typeof knowledgeLevelNames)[number];

/** The lowest points of each level; Master has no top, its progress runs over 1000 points. */
export const knowledgeLevels: readonly { name: KnowledgeLevelName; min: number; size: number }[] = [
  { name: "Beginner", min: 0, size: 1000 },
  { name: "Intermediate", min: 1000, size: 1500 },
  { name: "Advanced", min: 2500, size: 1500 },
  { name: "Expert", min: 4000, size: 2000 },
  { name: "Master", min: 6000, size: 1000 },
];

/** The average-points bar is full at this many points (the start of Master). */
export const AVERAGE_POINTS_SCALE = 6000;

/** Recommended focus lists at most this many themes. */
export const FOCUS_LIMIT = 3;

/** Percent correct, rounded; 0 without answers. */
export function accuracyPercent(correct: number, total: number): number {
  return total > 0 ? Math.round((correct / total) * 100) : 0;
}

/** Theme points = correct × 10 + accuracy × total / 10, rounded (accuracy is the rounded percent). */
export function themePoints(correct: number, total: number): number {
  return Math.round(correct * 10 + (accuracyPercent(correct, total) * total) / 10);
}

function levelOf(points: number) {
  let level = knowledgeLevels[0] as (typeof knowledgeLevels)[number];
  for (const candidate of knowledgeLevels) if (points >= candidate.min) level = candidate;
  return level;
}

export function knowledgeLevelFor(points: number): KnowledgeLevelName {
  return levelOf(points).name;
}

/** Whole percent of the way through the current level (rounded down, so 100 only once reached). */
export function knowledgeLevelProgress(points: number): number {
  const level = levelOf(points);
  const percent = Math.floor(((Math.max(points, 0) - level.min) / level.size) * 100);
  return Math.min(100, Math.max(0, percent));
}

/** The mean of the themes' points, rounded (0 for no themes). */
export function averagePoints(points: readonly number[]): number {
  if (!points.length) return 0;
  return Math.round(points.reduce((sum, value) => sum + value, 0) / points.length);
}

/** The average-points bar's fill: the average over 6000, in whole percent, capped at 100. */
export function averagePointsPercent(average: number): number {
  return Math.min(100, Math.max(0, Math.floor((average / AVERAGE_POINTS_SCALE) * 100)));
}

export function isMasteredLevel(level: KnowledgeLevelName): boolean {
  return level === "Expert" || level === "Master";
}

export type ThemeStanding = {
  id: KnowledgeThemeId;
  correct: number;
  total: number;
  points: number;
  level: KnowledgeLevelName;
};

/**
 * Up to 3 themes at Beginner or Intermediate to work on next. Themes the user has started come
 * first, weakest first (lowest accuracy, then fewest points), because a gap already found is the
 * most useful thing to close; then untouched themes in the fixed theme order, as new ground.
 * Ties keep the fixed theme order (the input order).
 */
export function recommendFocus(themes: readonly ThemeStanding[]): KnowledgeThemeId[] {
  const open = themes
    .map((theme, order) => ({ theme, order }))
    .filter(({ theme }) => theme.level === "Beginner" || theme.level === "Intermediate");
  const started = open
    .filter(({ theme }) => theme.total > 0)
    .sort(
      (a, b) =>
        accuracyPercent(a.theme.correct, a.theme.total) - accuracyPercent(b.theme.correct, b.theme.total) ||
        a.theme.points - b.theme.points ||
        a.order - b.order,
    );
  const untouched = open.filter(({ theme }) => theme.total === 0);
  return [...started, ...untouched].slice(0, FOCUS_LIMIT).map(({ theme }) => theme.id);
}

export type ConceptMastery = "strong" | "growing" | "weak";

/** How well a concept is known, from its accuracy: 80 % and up strong, 50–79 % growing, else weak. */
export function conceptMastery(accuracy: number): ConceptMastery {
  if (accuracy >= 80) return "strong";
  if (accuracy >= 50) return "growing";
  return "weak";
}
