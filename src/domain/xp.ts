/**
 * Quiz XP, combo and levels (spec 2 §9 Quiz, Per-question XP, Results and level; spec 1 §9 level bar).
 * Pure rules: the server awards XP with them, the web only displays what the server decided.
 */

/** Spec 2 §8: finishing a quiz failed and no XP was added. */
export const XP_UPDATE_FAILED = "Could not update XP";

/** At most 12 questions per episode quiz. */
export const QUIZ_MAX_QUESTIONS = 12;

/** The confidence slider: 1 to 5, default 3. */
export const CONFIDENCE_MIN = 1;
export const CONFIDENCE_MAX = 5;
export const CONFIDENCE_DEFAULT = 3;

/** Answer times above ten minutes are implausible for one question; they are clamped to this. */
export const MAX_ANSWER_TIME_MS = 600_000;

export const XP_BASE = 10;
export const XP_PER_CONFIDENCE = 2;
export const XP_FAST_BONUS = 10;
export const XP_QUICK_BONUS = 5;
export const FAST_ANSWER_XP_MS = 5000;
export const QUICK_ANSWER_XP_MS = 10_000;

export type ScoredAnswer = {
  isCorrect: boolean;
  /** 1–5. */
  confidence: number;
  timeMs: number;
  /**
   * Consecutive correct answers *before* this one. The first correct answer of a run has combo 0
   * and earns no multiplier; the second earns × 1.2, the third × 1.4 ("while the combo is above 0").
   */
  comboBefore: number;
};

/**
 * Per-question XP: base 10 + 2 per confidence level + 10 under 5000 ms (or 5 under 10 000 ms);
 * while the combo is above 0, × (1 + 0.2 × combo), rounded down. A wrong answer earns 0.
 */
export function questionXp({ isCorrect, confidence, timeMs, comboBefore }: ScoredAnswer): number {
  if (!isCorrect) return 0;
  let xp = XP_BASE + XP_PER_CONFIDENCE * confidence;
  if (timeMs < FAST_ANSWER_XP_MS) xp += XP_FAST_BONUS;
  else if (timeMs < QUICK_ANSWER_XP_MS) xp += XP_QUICK_BONUS;
  if (comboBefore > 0) {
    // 1 + 0.2 × combo = (5 + combo) / 5: integer arithmetic, so no binary fraction (0.2 is not
    // exact) can push a whole product below itself before rounding down.
    xp = Math.floor((xp * (5 + comboBefore)) / 5);
  }
  return xp;
}

/**
 * The time an answer counts as (decision 019): the server measures from when it served the question
 * to when the answer arrived; the client's own figure may only make it slower, never faster. Above
 * ten minutes counts as ten minutes.
 */
export function effectiveAnswerTimeMs(serverMeasuredMs: number, clientMs: number): number {
  return Math.min(Math.max(0, Math.round(serverMeasuredMs), clientMs), MAX_ANSWER_TIME_MS);
}

/**
 * Review XP (decision 019): rating a due card earns 2 XP for Good or Easy and 1 for Again — once per
 * due moment, since a rated card is not due again until its new interval has passed. Again earns a
 * little so that an honest "I forgot" costs only 1 XP against a dishonest Good.
 */
export const REVIEW_XP_RECALLED = 2;
export const REVIEW_XP_AGAIN = 1;

export function reviewXp(grade: number): number {
  return grade >= 3 ? REVIEW_XP_RECALLED : REVIEW_XP_AGAIN;
}

/** Combo counts consecutive correct answers and resets on a wrong one. */
export function nextCombo(comboBefore: number, isCorrect: boolean): number {
  return isCorrect ? comboBefore + 1 : 0;
}

/** The one level rule: the SQL that stores a level (services/learning/levels.ts) is built from it. */
export const XP_PER_LEVEL = 1000;

/** level = floor(xp / XP_PER_LEVEL) + 1. */
export function levelForXp(xp: number): number {
  return Math.floor(Math.max(0, xp) / XP_PER_LEVEL) + 1;
}

/** Spec 1 §9 level bar: XP needed per level is level × 1000; the bar shows xp mod 1000 over that. */
export function levelProgress({ level, xp }: { level: number; xp: number }) {
  const needed = Math.max(1, level) * XP_PER_LEVEL;
  const current = xp % XP_PER_LEVEL;
  return { current, needed, percent: Math.min(100, Math.round((current / needed) * 100)) };
}
