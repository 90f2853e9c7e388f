import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { CardRatingResult, CardSchedule, ReviewCard } from "../../../domain/contract/review.ts";
import {
  dueAfter,
  REVIEW_BATCH_SIZE,
  type ReviewGrade,
  reviewCard,
  type ScheduledCard,
  scheduleAfterQuiz,
} from "../../../domain/spaced-repetition.ts";
import { reviewXp } from "../../../domain/xp.ts";
import type { AppDeps } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { questions, spacedCards } from "../../db/schema/learning.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { recordAchievementProgress } from "../achievements/achievements.ts";
import { recordStreakActivity } from "./streaks.ts";
import { addXp, lockProfile } from "./xp-ledger.ts";

/**
 * Spaced-repetition review (spec 2 §2 Review, §4 review card flow, §7 spaced_cards, §9 Review
 * scheduling): the due cards, rating one (SM-2 from src/domain), the due count for the navigation
 * badge, and schedule-spaced-cards after a quiz. Every statement is scoped to the signed-in user.
 */

type Deps = Pick<AppDeps, "db">;

/** The navigation badge counts up to this many due cards ("99+" beyond). */
export const DUE_COUNT_CAP = 100;

const scheduleColumns = {
  id: spacedCards.id,
  ease: spacedCards.ease,
  interval: spacedCards.interval,
  lapses: spacedCards.lapses,
  dueAt: spacedCards.dueAt,
};

const toScheduleView = (row: {
  id: string;
  ease: number;
  interval: number;
  lapses: number;
  dueAt: Date;
}): CardSchedule => ({
  id: row.id,
  ease: Math.round(row.ease * 100) / 100,
  interval: row.interval,
  lapses: row.lapses,
  dueAt: row.dueAt.toISOString(),
});

/** Up to 20 cards due now, the longest-waiting first, with question, episode and podcast name. */
export async function listDueCards(deps: Deps, userId: string, now = new Date()): Promise<ReviewCard[]> {
  const rows = await deps.db
    .select({
      ...scheduleColumns,
      questionId: questions.id,
      stem: questions.stem,
      choices: questions.choices,
      answer: questions.answer,
      explanation: questions.explanation,
      timecode: questions.timecode,
      episodeId: episodes.id,
      episodeTitle: episodes.title,
      podcastId: podcasts.id,
      podcastName: podcasts.name,
    })
    .from(spacedCards)
    .innerJoin(questions, eq(questions.id, spacedCards.questionId))
    .innerJoin(episodes, eq(episodes.id, questions.episodeId))
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(and(eq(spacedCards.userId, userId), lte(spacedCards.dueAt, now)))
    .orderBy(asc(spacedCards.dueAt), asc(spacedCards.id))
    .limit(REVIEW_BATCH_SIZE);
  return rows.map((row) => ({
    ...toScheduleView(row),
    question: {
      id: row.questionId,
      stem: row.stem,
      choices: row.choices,
      answer: row.answer,
      explanation: row.explanation,
      timecode: row.timecode,
    },
    episode: { id: row.episodeId, title: row.episodeTitle },
    podcast: { id: row.podcastId, name: row.podcastName },
  }));
}

/** How many cards are due now, counted up to DUE_COUNT_CAP (an index range scan, never the table). */
export async function countDueCards(deps: Deps, userId: string, now = new Date()): Promise<number> {
  const { rows } = await deps.db.execute<{ count: number }>(
    sql`select count(*)::int as count from (
          select 1 from ${spacedCards}
          where ${spacedCards.userId} = ${userId} and ${spacedCards.dueAt} <= ${now}
          limit ${DUE_COUNT_CAP}) due`,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Rates a due card Again (1), Good (3) or Easy (5): SM-2 from src/domain, due again after the new
 * interval. Someone else's card is a 404; a card that is not due yet is a 409 (a double click
 * cannot rate it twice). Counts the day for the streak. The rating is the card's due moment: it
 * earns review XP (2, or 1 for Again — decision 019) into the profile and the XP ledger in the same
 * transaction, after the profile's row lock that every XP award takes first.
 */
export async function rateCard(
  deps: Deps,
  userId: string,
  cardId: string,
  grade: ReviewGrade,
  now = new Date(),
): Promise<CardRatingResult> {
  return deps.db.transaction(async (tx) => {
    await lockProfile(tx, userId);
    const [card] = await tx
      .select(scheduleColumns)
      .from(spacedCards)
      .where(and(eq(spacedCards.id, cardId), eq(spacedCards.userId, userId)))
      .for("update");
    if (!card) throw notFound("This review card does not exist.");
    if (card.dueAt.getTime() > now.getTime())
      throw new AppError("CONFLICT", "This card is not due for review yet.");
    const next = reviewCard(card, grade);
    const [updated] = await tx
      .update(spacedCards)
      .set({ ...next, dueAt: dueAfter(now, next.interval), lastReviewedAt: now })
      .where(eq(spacedCards.id, cardId))
      .returning(scheduleColumns);
    if (!updated) throw new Error("card vanished under its lock");
    const xpAwarded = reviewXp(grade);
    await addXp(tx, { userId, amount: xpAwarded, source: "review", sourceId: cardId, now });
    await recordStreakActivity(tx, userId, now);
    return {
      ...toScheduleView(updated),
      xpAwarded,
      newAchievements: await recordAchievementProgress(tx, userId),
    };
  });
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * schedule-spaced-cards {episodeId, userId}: after a quiz, each answered question gets (or updates)
 * the user's card by the rules of `scheduleAfterQuiz` — missed questions due now, correct ones
 * scheduled by confidence. Existing cards are read under lock and written back in one upsert, in
 * question order (the same order PostgreSQL sorts uuids), so concurrent writers never deadlock.
 */
export async function scheduleSpacedCards(
  tx: Tx,
  userId: string,
  answers: { questionId: string; isCorrect: boolean; confidence: number }[],
  now: Date,
): Promise<void> {
  if (!answers.length) return;
  const ids = answers.map((answer) => answer.questionId).sort(byId);
  const existing = await tx
    .select({ ...scheduleColumns, questionId: spacedCards.questionId })
    .from(spacedCards)
    .where(and(eq(spacedCards.userId, userId), inArray(spacedCards.questionId, ids)))
    .orderBy(asc(spacedCards.questionId))
    .for("update");
  const byQuestion = new Map<string, ScheduledCard>(existing.map((card) => [card.questionId, card]));
  const updates = answers
    .map((answer) => ({
      answer,
      card: scheduleAfterQuiz(byQuestion.get(answer.questionId) ?? null, answer, now),
    }))
    .filter((item): item is { answer: (typeof answers)[number]; card: ScheduledCard } => item.card !== null)
    .sort((a, b) => byId(a.answer.questionId, b.answer.questionId));
  if (!updates.length) return;
  await tx
    .insert(spacedCards)
    .values(
      updates.map(({ answer, card }) => ({
        userId,
        questionId: answer.questionId,
        ease: card.ease,
        interval: card.interval,
        lapses: card.lapses,
        dueAt: card.dueAt,
      })),
    )
    .onConflictDoUpdate({
      target: [spacedCards.userId, spacedCards.questionId],
      set: {
        ease: sql`excluded.ease`,
        interval: sql`excluded.interval`,
        lapses: sql`excluded.lapses`,
        dueAt: sql`excluded.due_at`,
      },
    });
}
