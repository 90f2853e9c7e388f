/**
 * Quiz results (spec 2 §9 Results and level): score, accuracy and the message tier. The server
 * computes them from the answers it recorded; the web shows them.
 */

export const SCORE_PER_CORRECT = 100;
export const SCORE_FAST_BONUS = 20;
/** An answer faster than this earns the score's speed bonus. */
export const FAST_ANSWER_SCORE_MS = 7000;

/**
 * Whether an answer earns the 20-point speed bonus: any answer faster than 7000 ms, as spec 2 §9
 * says ("per answer"). XP, which moves levels and the all-time board, pays only for correct ones.
 */
export function earnsSpeedBonus({ timeMs }: { timeMs: number }): boolean {
  return timeMs < FAST_ANSWER_SCORE_MS;
}

/** 100 per correct answer plus 20 per answer faster than 7000 ms. */
export function quizScore({ correctCount, fastCount }: { correctCount: number; fastCount: number }): number {
  return SCORE_PER_CORRECT * correctCount + SCORE_FAST_BONUS * fastCount;
}

/**
 * What a finished quiz adds to the weekly leaderboard (decision 019): only the answers that earned XP
 * count — 100 each, plus 20 when faster than 7000 ms. A replay of questions already earned adds
 * nothing, and neither do wrong answers, so missing a question on purpose cannot farm the speed bonus.
 */
export function weeklyScore(answers: readonly { xpAwarded: number; timeMs: number }[]): number {
  return answers
    .filter((answer) => answer.xpAwarded > 0)
    .reduce((sum, answer) => sum + SCORE_PER_CORRECT + (earnsSpeedBonus(answer) ? SCORE_FAST_BONUS : 0), 0);
}

/** Correct over total, as a percent 0–100 (unrounded; 0 for no answers). */
export function accuracyPercent(correctCount: number, total: number): number {
  return total > 0 ? (correctCount / total) * 100 : 0;
}

export type ResultTier = { minAccuracy: number; title: string; message: string };

/** Message tiers by accuracy: 90 or more, 80, 70, 60, below 60. */
export const resultTiers: readonly ResultTier[] = [
  { minAccuracy: 90, title: "Outstanding!", message: "You know this episode inside out." },
  {
    minAccuracy: 80,
    title: "Excellent work!",
    message: "Only a detail or two got away from you. Your review cards will catch them.",
  },
  {
    minAccuracy: 70,
    title: "Great job!",
    message: "You have a solid grasp of the episode. Review the ones you missed to lock them in.",
  },
  {
    minAccuracy: 60,
    title: "Good effort!",
    message: "You caught the main ideas. A quick review of your cards will fill the gaps.",
  },
  {
    minAccuracy: 0,
    title: "Keep learning!",
    message: "Give the episode another listen and try again. Your review cards are waiting.",
  },
];

export function resultTier(accuracy: number): ResultTier {
  return resultTiers.find((tier) => accuracy >= tier.minAccuracy) ?? (resultTiers.at(-1) as ResultTier);
}
