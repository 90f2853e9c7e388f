/**
 * Spaced-repetition scheduling (spec 2 §9 Review scheduling): SM-2 with the spec's constants, the
 * review buttons and how a quiz answer schedules its card (decision 011).
 */

/** Review shows up to 20 due cards. */
export const REVIEW_BATCH_SIZE = 20;
export const DEFAULT_EASE = 2.5;
export const MIN_EASE = 1.3;
export const LAPSE_EASE_PENALTY = 0.2;
/** Easy schedules 1.3 × the Good interval, as its label promises. */
export const EASY_BONUS = 1.3;
export const DAY_MS = 86_400_000;

/** The review buttons: Again (1), Good (3), Easy (5). */
export const reviewGrades = [1, 3, 5] as const;
export type ReviewGrade = (typeof reviewGrades)[number];
export const reviewButtons: readonly { grade: ReviewGrade; label: string }[] = [
  { grade: 1, label: "Again" },
  { grade: 3, label: "Good" },
  { grade: 5, label: "Easy" },
];

/** ease ≥ 1.3; interval in whole days; lapses counts forgotten reviews. */
export type CardSchedule = { ease: number; interval: number; lapses: number };
export type ScheduledCard = CardSchedule & { dueAt: Date };

export const newCard = (): CardSchedule => ({ ease: DEFAULT_EASE, interval: 0, lapses: 0 });

/**
 * Ease changes in hundredths (+0.1, 0, −0.14, −0.2 …); the database keeps it as a 4-byte real, so it
 * is rounded to hundredths on the way in and out and a stored 2.36 never schedules as 2.3599999.
 */
const roundEase = (ease: number) => Math.round(ease * 100) / 100;

/** The SM-2 interval for a successful review, before the Easy bonus and rounding. */
function successInterval({ interval, ease }: CardSchedule): number {
  if (interval <= 0) return 1;
  if (interval === 1) return 6;
  return interval * ease;
}

/**
 * One review with grade q (0–5). q ≥ 3: interval 0 → 1 day, 1 → 6, otherwise round(interval × ease)
 * (× 1.3 for Easy, q = 5), and EF' = EF + (0.1 − (5 − q)(0.08 + (5 − q) × 0.02)), at least 1.3.
 * q < 3 (a lapse): lapses + 1, interval 1, ease − 0.2, at least 1.3.
 */
export function reviewCard(card: CardSchedule, grade: number): CardSchedule {
  const ease = roundEase(card.ease);
  if (grade < 3) {
    return {
      ease: Math.max(MIN_EASE, roundEase(ease - LAPSE_EASE_PENALTY)),
      interval: 1,
      lapses: card.lapses + 1,
    };
  }
  const base = successInterval({ ...card, ease });
  const miss = 5 - grade;
  return {
    ease: Math.max(MIN_EASE, roundEase(ease + (0.1 - miss * (0.08 + miss * 0.02)))),
    interval: Math.round(grade >= 5 ? base * EASY_BONUS : base),
    lapses: card.lapses,
  };
}

/** The days each review button would schedule, for the Good and Easy labels. */
export function nextIntervalDays(card: CardSchedule, grade: ReviewGrade): number {
  return reviewCard(card, grade).interval;
}

export const dueAfter = (now: Date, intervalDays: number) => new Date(now.getTime() + intervalDays * DAY_MS);

/**
 * The SM-2 grade a correct quiz answer counts as, from the confidence the learner gave:
 * 1–2 → 3 (recalled with difficulty), 3–4 → 4 (recalled after hesitation), 5 → 5 (easy recall).
 */
export function gradeForConfidence(confidence: number): 3 | 4 | 5 {
  if (confidence >= 5) return 5;
  return confidence >= 3 ? 4 : 3;
}

/**
 * How a quiz answer schedules its card (schedule-spaced-cards). A missed question is due now: a new
 * card starts unlearned, an existing one lapses. A correct answer counts as a review graded by
 * confidence, but only for a new card or one that is due; a card not yet due is left alone (null),
 * so retaking a quiz cannot push reviews further out.
 */
export function scheduleAfterQuiz(
  existing: ScheduledCard | null,
  answer: { isCorrect: boolean; confidence: number },
  now: Date,
): ScheduledCard | null {
  if (!answer.isCorrect) {
    const card = existing ? reviewCard(existing, 1) : newCard();
    return { ...card, dueAt: now };
  }
  if (existing && existing.dueAt.getTime() > now.getTime()) return null;
  const card = reviewCard(existing ?? newCard(), gradeForConfidence(answer.confidence));
  return { ...card, dueAt: dueAfter(now, card.interval) };
}
