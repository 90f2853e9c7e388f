import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { weekStart } from "../../../domain/calendar.ts";
import type { UnlockedAchievement } from "../../../domain/contract/achievements.ts";
import type {
  AnswerFeedback,
  AnswerInput,
  AnswerResult,
  AttemptProgress,
  QuestionServe,
  Quiz,
  QuizAttempt,
  QuizResults,
  ResultAnswer,
} from "../../../domain/contract/quiz.ts";
import { accuracyPercent, earnsSpeedBonus, quizScore, weeklyScore } from "../../../domain/quiz-score.ts";
import {
  effectiveAnswerTimeMs,
  levelForXp,
  nextCombo,
  QUIZ_MAX_QUESTIONS,
  questionXp,
  XP_UPDATE_FAILED,
} from "../../../domain/xp.ts";
import type { AppDeps } from "../../context.ts";
import type { Database, Tx } from "../../db/client.ts";
import { sqlState, UNIQUE_VIOLATION } from "../../db/errors.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import {
  questions,
  quizAttempts,
  quizQuestionServes,
  spacedCards,
  userAnswers,
} from "../../db/schema/learning.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { recordAchievementProgress } from "../achievements/achievements.ts";
import { EPISODE_NOT_FOUND } from "../catalog/episodes.ts";
import { scheduleSpacedCards } from "./review.ts";
import { recordStreakActivity } from "./streaks.ts";
import { recordWeeklyScore } from "./weekly-scores.ts";
import { addXp, lockProfile } from "./xp-ledger.ts";

/**
 * The quiz (spec 2 §2 Quiz, §4 quiz question flow, §9): the client sends a question, a choice, a
 * confidence and the time it took — never correctness, XP or score. The server keeps a quiz attempt
 * (quiz_attempts) holding the running combo and totals, checks and records every answer under the
 * attempt's row lock, and on finish adds the XP to the profile, the weekly score and the review
 * cards in one transaction, exactly once.
 */

type Deps = Pick<AppDeps, "db">;

const ATTEMPT_NOT_FOUND = "This quiz attempt does not exist.";

/** An episode's quiz: its first 12 questions in creation order (the id breaks ties). */
const quizQuestionOrder = [asc(questions.createdAt), asc(questions.id)];

/**
 * The quiz screen's data: the episode, its quiz_status and up to 12 questions without their answers
 * or explanations. Episodes with questions count as complete whatever their stored status.
 */
export async function getQuiz(deps: Deps, episodeId: string): Promise<Quiz> {
  const [episode] = await deps.db
    .select({
      id: episodes.id,
      title: episodes.title,
      imageUrl: sql<string | null>`coalesce(nullif(${episodes.imageUrl}, ''), ${podcasts.coverUrl})`,
      audioUrl: episodes.audioUrl,
      duration: episodes.duration,
      quizStatus: episodes.quizStatus,
      podcastId: podcasts.id,
      podcastName: podcasts.name,
    })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(eq(episodes.id, episodeId))
    .limit(1);
  if (!episode) throw notFound(EPISODE_NOT_FOUND);
  const rows = await deps.db
    .select({ id: questions.id, stem: questions.stem, choices: questions.choices })
    .from(questions)
    .where(eq(questions.episodeId, episodeId))
    .orderBy(...quizQuestionOrder)
    .limit(QUIZ_MAX_QUESTIONS);
  const { podcastId, podcastName, quizStatus, ...rest } = episode;
  return {
    episode: { ...rest, podcast: { id: podcastId, name: podcastName } },
    quizStatus: rows.length ? "complete" : quizStatus === "complete" ? "none" : quizStatus,
    questions: rows,
  };
}

const attemptColumns = {
  attemptId: quizAttempts.id,
  userId: quizAttempts.userId,
  episodeId: quizAttempts.episodeId,
  questionCount: quizAttempts.questionCount,
  answeredCount: quizAttempts.answeredCount,
  correctCount: quizAttempts.correctCount,
  fastCount: quizAttempts.fastCount,
  combo: quizAttempts.combo,
  maxCombo: quizAttempts.maxCombo,
  xpEarned: quizAttempts.xpEarned,
  finishedAt: quizAttempts.finishedAt,
  startedAt: quizAttempts.startedAt,
};

type AttemptRow = {
  attemptId: string;
  userId: string;
  episodeId: string;
  questionCount: number;
  answeredCount: number;
  correctCount: number;
  fastCount: number;
  combo: number;
  maxCombo: number;
  xpEarned: number;
  finishedAt: Date | null;
  startedAt: Date;
};

const toProgress = (row: AttemptRow): AttemptProgress => ({
  attemptId: row.attemptId,
  episodeId: row.episodeId,
  questionCount: row.questionCount,
  answeredCount: row.answeredCount,
  correctCount: row.correctCount,
  combo: row.combo,
  maxCombo: row.maxCombo,
  xpEarned: row.xpEarned,
});

/**
 * The caller's unfinished attempt, locked for the rest of the transaction. Someone else's attempt is
 * a 404, exactly like one that does not exist.
 */
async function lockOpenAttempt(tx: Tx, userId: string, attemptId: string): Promise<AttemptRow> {
  const [attempt] = await tx
    .select(attemptColumns)
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId)))
    .for("update");
  if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
  if (attempt.finishedAt) throw new AppError("CONFLICT", "This quiz is already finished.");
  return attempt;
}

const feedbackColumns = {
  questionId: userAnswers.questionId,
  choice: sql<string>`coalesce(${userAnswers.choice}, '')`,
  isCorrect: userAnswers.isCorrect,
  correctAnswer: questions.answer,
  explanation: questions.explanation,
  timecode: questions.timecode,
  xpAwarded: userAnswers.xpAwarded,
  stem: questions.stem,
  confidence: userAnswers.confidence,
  timeMs: userAnswers.timeMs,
};

/** An attempt's answers in the order given, with the combo each one reached. */
async function attemptAnswers(db: Database | Tx, attemptId: string): Promise<ResultAnswer[]> {
  const rows = await db
    .select(feedbackColumns)
    .from(userAnswers)
    .innerJoin(questions, eq(questions.id, userAnswers.questionId))
    .where(eq(userAnswers.attemptId, attemptId))
    .orderBy(asc(userAnswers.answeredAt), asc(userAnswers.id));
  let combo = 0;
  return rows.map((row) => {
    combo = nextCombo(combo, row.isCorrect);
    return { ...row, combo };
  });
}

const toFeedback = (answer: ResultAnswer): AnswerFeedback => ({
  questionId: answer.questionId,
  choice: answer.choice,
  isCorrect: answer.isCorrect,
  correctAnswer: answer.correctAnswer,
  explanation: answer.explanation,
  timecode: answer.timecode,
  xpAwarded: answer.xpAwarded,
  combo: answer.combo,
});

/**
 * Starts a quiz, or resumes the caller's unfinished attempt at this episode (a reload continues
 * where it stopped). The attempt fixes how many questions the quiz has.
 */
export async function startQuizAttempt(deps: Deps, userId: string, episodeId: string): Promise<QuizAttempt> {
  return deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select(attemptColumns)
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.userId, userId),
          eq(quizAttempts.episodeId, episodeId),
          isNull(quizAttempts.finishedAt),
        ),
      )
      .orderBy(desc(quizAttempts.startedAt))
      .limit(1);
    if (open) {
      const answers = await attemptAnswers(tx, open.attemptId);
      return { ...toProgress(open), answers: answers.map(toFeedback), isResumed: true };
    }
    const [episode] = await tx
      .select({
        id: episodes.id,
        questionCount: sql<number>`(select count(*)::int from (
          select 1 from ${questions} q where q.episode_id = ${episodeId} limit ${QUIZ_MAX_QUESTIONS}) quiz)`,
      })
      .from(episodes)
      .where(eq(episodes.id, episodeId));
    if (!episode) throw notFound(EPISODE_NOT_FOUND);
    if (episode.questionCount === 0)
      throw new AppError("CONFLICT", "This episode has no quiz questions yet.");
    const [created] = await tx
      .insert(quizAttempts)
      .values({ userId, episodeId, questionCount: episode.questionCount })
      .returning(attemptColumns);
    if (!created) throw new Error("insert returned no row");
    return { ...toProgress(created), answers: [], isResumed: false };
  });
}

/**
 * A question of the caller's open attempt, checked: unknown → 404; another episode's, or not among
 * this quiz's questions → 400. With it: whether it is answered in this attempt, whether its recall is
 * due (no review card yet, or the card is due — decision 019), and the milliseconds since the server
 * served it (or, never served, since the later of the attempt's start and its previous answer — a
 * client that skips the serve can only look slower).
 */
async function attemptQuestion(tx: Tx, userId: string, attempt: AttemptRow, questionId: string, now: Date) {
  const [question] = await tx
    .select({
      id: questions.id,
      episodeId: questions.episodeId,
      choices: questions.choices,
      answer: questions.answer,
      explanation: questions.explanation,
      timecode: questions.timecode,
      isInQuiz: sql<boolean>`${questions.id} in (
        select q.id from ${questions} q where q.episode_id = ${attempt.episodeId}
        order by q.created_at, q.id limit ${QUIZ_MAX_QUESTIONS})`,
      isAnswered: sql<boolean>`exists (select 1 from ${userAnswers} a
        where a.attempt_id = ${attempt.attemptId} and a.question_id = ${questionId})`,
      isRecallDue: sql<boolean>`not exists (select 1 from ${spacedCards} c
        where c.user_id = ${userId} and c.question_id = ${questionId} and c.due_at > ${now})`,
      measuredMs: sql<number>`(extract(epoch from ${now}::timestamptz - coalesce(
        (select s.served_at from ${quizQuestionServes} s
          where s.attempt_id = ${attempt.attemptId} and s.question_id = ${questionId}),
        greatest(${attempt.startedAt}::timestamptz,
          (select max(a.answered_at) from ${userAnswers} a where a.attempt_id = ${attempt.attemptId})))
      ) * 1000)::float8`,
    })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!question) throw notFound("This question does not exist.");
  if (question.episodeId !== attempt.episodeId)
    throw new AppError("BAD_REQUEST", "This question belongs to another episode's quiz.");
  if (!question.isInQuiz) throw new AppError("BAD_REQUEST", "This question is not part of this quiz.");
  return question;
}

/**
 * The quiz screen shows a question: the server notes the moment (the first time only, so showing it
 * again never restarts the clock) and measures the answer's time from it. Refused like an answer:
 * another user's or an unknown attempt → 404, a finished attempt or an answered question → 409.
 */
export async function serveQuestion(
  deps: Deps,
  userId: string,
  attemptId: string,
  questionId: string,
  now = new Date(),
): Promise<QuestionServe> {
  return deps.db.transaction(async (tx) => {
    const attempt = await lockOpenAttempt(tx, userId, attemptId);
    const question = await attemptQuestion(tx, userId, attempt, questionId, now);
    if (question.isAnswered)
      throw new AppError("CONFLICT", "You already answered this question in this quiz.");
    await tx
      .insert(quizQuestionServes)
      .values({ attemptId, questionId, servedAt: now })
      .onConflictDoNothing();
    const [serve] = await tx
      .select({ servedAt: quizQuestionServes.servedAt })
      .from(quizQuestionServes)
      .where(and(eq(quizQuestionServes.attemptId, attemptId), eq(quizQuestionServes.questionId, questionId)));
    if (!serve) throw new Error("serve vanished under the attempt's lock");
    return { questionId, servedAt: serve.servedAt.toISOString() };
  });
}

/**
 * Records one answer. Refused: another user's (or an unknown) attempt → 404; a finished attempt,
 * a question answered before in this attempt, or a complete attempt → 409; an unknown question → 404;
 * a question of another episode, or not among this quiz's questions, or a choice that is not one of
 * the question's → 400. The time is the server's measure since it served the question, or the
 * client's figure if slower, at most 10 minutes. Correctness, XP and combo are computed here, under
 * the attempt's row lock, so concurrent answers cannot share a combo step; a question whose recall is
 * not due (earned before, its card not due yet) earns no XP.
 */
export async function submitAnswer(
  deps: Deps,
  userId: string,
  attemptId: string,
  input: AnswerInput,
  now = new Date(),
): Promise<AnswerResult> {
  try {
    return await deps.db.transaction(async (tx) => {
      const attempt = await lockOpenAttempt(tx, userId, attemptId);
      const question = await attemptQuestion(tx, userId, attempt, input.questionId, now);
      if (question.isAnswered)
        throw new AppError("CONFLICT", "You already answered this question in this quiz.");
      if (attempt.answeredCount >= attempt.questionCount)
        throw new AppError("CONFLICT", "Every question of this quiz is already answered.");
      if (!question.choices.includes(input.choice)) {
        throw new AppError("VALIDATION", "Choose one of the question's answers.", {
          choice: "Not one of the question's answers.",
        });
      }

      // The server's clock decides how fast the answer was; the client's figure can only slow it.
      const timeMs = effectiveAnswerTimeMs(question.measuredMs, input.timeMs);
      const isCorrect = input.choice === question.answer;
      // XP once per due moment: a question already earned and not yet due again earns nothing.
      const xpAwarded = question.isRecallDue
        ? questionXp({ isCorrect, confidence: input.confidence, timeMs, comboBefore: attempt.combo })
        : 0;
      const combo = nextCombo(attempt.combo, isCorrect);
      await tx.insert(userAnswers).values({
        userId,
        attemptId,
        questionId: question.id,
        choice: input.choice,
        isCorrect,
        confidence: input.confidence,
        timeMs,
        xpAwarded,
        answeredAt: now,
      });
      const [updated] = await tx
        .update(quizAttempts)
        .set({
          answeredCount: sql`${quizAttempts.answeredCount} + 1`,
          correctCount: sql`${quizAttempts.correctCount} + ${isCorrect ? 1 : 0}`,
          fastCount: sql`${quizAttempts.fastCount} + ${earnsSpeedBonus({ timeMs }) ? 1 : 0}`,
          combo,
          maxCombo: sql`greatest(${quizAttempts.maxCombo}, ${combo})`,
          xpEarned: sql`${quizAttempts.xpEarned} + ${xpAwarded}`,
        })
        .where(eq(quizAttempts.id, attemptId))
        .returning(attemptColumns);
      if (!updated) throw new Error("attempt vanished under its lock");
      await recordStreakActivity(tx, userId, now);
      return {
        ...toProgress(updated),
        questionId: question.id,
        choice: input.choice,
        isCorrect,
        correctAnswer: question.answer,
        explanation: question.explanation,
        timecode: question.timecode,
        xpAwarded,
        combo,
      };
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw new AppError("CONFLICT", "You already answered this question in this quiz.");
    throw error;
  }
}

/**
 * Finishes an attempt once every question is answered, in one transaction: the attempt gets its
 * score and finished_at (a second finish is a 409), the profile gains the XP in one statement
 * (`xp = xp + n`, level from the new xp) so concurrent finishes all add up, with its row in the XP
 * ledger (xp_events), the week's leaderboard row is updated and the episode's review cards are
 * scheduled. Any failure past the checks rolls everything back and answers 'Could not update XP'.
 *
 * XP once per due moment (decision 019): under the profile's row lock — which every XP award of the
 * user takes first, so finishes and review ratings take turns — an answer whose recall was spent
 * since it was given (another finish or a review rating moved its card past now) loses its XP. Only
 * the answers that earned XP count towards the weekly score; an attempt that earned nothing and met
 * no due question (a pure replay) leaves the week alone.
 */
export async function finishQuizAttempt(
  deps: Pick<AppDeps, "db" | "logger">,
  userId: string,
  attemptId: string,
  now = new Date(),
): Promise<QuizResults> {
  let newAchievements: UnlockedAchievement[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const attempt = await lockOpenAttempt(tx, userId, attemptId);
      if (attempt.answeredCount < attempt.questionCount)
        throw new AppError("CONFLICT", "Answer every question before finishing the quiz.");
      const profile = await lockProfile(tx, userId);

      const answers = await tx
        .select({
          id: userAnswers.id,
          questionId: userAnswers.questionId,
          isCorrect: userAnswers.isCorrect,
          confidence: userAnswers.confidence,
          timeMs: userAnswers.timeMs,
          xpAwarded: userAnswers.xpAwarded,
          isRecallDue: sql<boolean>`(${spacedCards.dueAt} is null or ${spacedCards.dueAt} <= ${now})`,
        })
        .from(userAnswers)
        .leftJoin(
          spacedCards,
          and(eq(spacedCards.userId, userId), eq(spacedCards.questionId, userAnswers.questionId)),
        )
        .where(eq(userAnswers.attemptId, attemptId));
      const spent = answers.filter((answer) => answer.xpAwarded > 0 && !answer.isRecallDue);
      if (spent.length)
        await tx
          .update(userAnswers)
          .set({ xpAwarded: 0 })
          .where(
            inArray(
              userAnswers.id,
              spent.map((answer) => answer.id),
            ),
          );
      const earned = answers.map((answer) => (answer.isRecallDue ? answer : { ...answer, xpAwarded: 0 }));
      const gained = earned.reduce((sum, answer) => sum + answer.xpAwarded, 0);
      const score = quizScore(attempt);
      const accuracy = accuracyPercent(attempt.correctCount, attempt.questionCount);

      const updated = await addXp(tx, { userId, amount: gained, source: "quiz", sourceId: attemptId, now });

      if (gained > 0 || answers.some((answer) => answer.isRecallDue))
        await recordWeeklyScore(tx, {
          userId,
          weekStart: weekStart(now, profile.timeZone),
          score: weeklyScore(earned),
          accuracy,
        });
      await scheduleSpacedCards(tx, userId, answers, now);
      await tx
        .update(quizAttempts)
        .set({
          finishedAt: now,
          score,
          xpEarned: gained,
          levelBefore: levelForXp(updated.xp - gained),
          levelAfter: updated.level,
        })
        .where(eq(quizAttempts.id, attemptId));
      newAchievements = await recordAchievementProgress(tx, userId);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, attemptId }, "finishing a quiz failed");
    throw new AppError("INTERNAL", XP_UPDATE_FAILED);
  }
  const results = await readResults(
    deps.db,
    and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId)),
  );
  return { ...results, newAchievements };
}

/** The caller's latest finished attempt at an episode, so /results/{episodeId} survives a reload. */
export async function getLatestResults(deps: Deps, userId: string, episodeId: string): Promise<QuizResults> {
  return readResults(
    deps.db,
    and(
      eq(quizAttempts.userId, userId),
      eq(quizAttempts.episodeId, episodeId),
      isNotNull(quizAttempts.finishedAt),
    ),
  );
}

async function readResults(db: Database, where: ReturnType<typeof and>): Promise<QuizResults> {
  const [attempt] = await db
    .select({
      ...attemptColumns,
      score: quizAttempts.score,
      levelBefore: quizAttempts.levelBefore,
      levelAfter: quizAttempts.levelAfter,
      title: episodes.title,
      podcastName: podcasts.name,
    })
    .from(quizAttempts)
    .innerJoin(episodes, eq(episodes.id, quizAttempts.episodeId))
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(and(where, isNotNull(quizAttempts.finishedAt)))
    .orderBy(desc(quizAttempts.startedAt))
    .limit(1);
  if (!attempt?.finishedAt) throw notFound("There are no quiz results for this episode yet.");
  return {
    attemptId: attempt.attemptId,
    episode: { id: attempt.episodeId, title: attempt.title, podcastName: attempt.podcastName },
    score: attempt.score,
    accuracy: accuracyPercent(attempt.correctCount, attempt.questionCount),
    correctCount: attempt.correctCount,
    questionCount: attempt.questionCount,
    xpEarned: attempt.xpEarned,
    maxCombo: attempt.maxCombo,
    levelBefore: attempt.levelBefore ?? 1,
    levelAfter: attempt.levelAfter ?? 1,
    finishedAt: attempt.finishedAt.toISOString(),
    answers: await attemptAnswers(db, attempt.attemptId),
  };
}
