import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppDeps } from "../../context.ts";
import { profiles } from "../../db/schema/account.ts";
import { users } from "../../db/schema/auth.ts";
import { episodes } from "../../db/schema/catalog.ts";
import { questions, userAnswers } from "../../db/schema/learning.ts";
import { playHistory } from "../../db/schema/player.ts";
import { followPodcast } from "../catalog/subscriptions.ts";
import { finishQuizAttempt, getQuiz, startQuizAttempt, submitAnswer } from "../learning/quiz.ts";
import { addBookmark } from "../library/bookmarks.ts";
import { addEpisodeToList, createList } from "../library/lists.ts";
import { savePosition } from "../player/positions.ts";

type Deps = Pick<AppDeps, "db" | "logger">;

/**
 * Gives the demo learner a little history once the demo catalog has its quizzes, so a visitor who
 * signs in as the learner sees the product as it looks after a first session: a handle, a followed
 * podcast, saved episodes, a public list, an episode heard to the end and one half heard, and the
 * first episode's quiz taken with a few misses (XP, a streak, review cards due now). Everything goes
 * through the same services as the app, so it obeys the same rules. It runs only when the learner has
 * no history yet, so a restart never adds to it. Demo data only.
 */
export async function seedDemoLearnerActivity(deps: Deps, email: string): Promise<boolean> {
  const [learner] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!learner) return false;
  const userId = learner.id;
  const [existing] = await deps.db
    .select({ id: playHistory.id })
    .from(playHistory)
    .where(eq(playHistory.userId, userId))
    .limit(1);
  const [answered] = await deps.db
    .select({ id: userAnswers.id })
    .from(userAnswers)
    .where(eq(userAnswers.userId, userId))
    .limit(1);
  if (existing || answered) return false;

  // The newest ready episodes that have a quiz, oldest first among them, so the story reads in order.
  const picks = await deps.db
    .select({ id: episodes.id, podcastId: episodes.podcastId, duration: episodes.duration })
    .from(episodes)
    .where(
      and(
        eq(episodes.ready, true),
        sql`exists (select 1 from ${questions} q where q.episode_id = ${episodes.id})`,
      ),
    )
    .orderBy(desc(episodes.pubDate), asc(episodes.id))
    .limit(4);
  const [first, second, third, fourth] = picks;
  if (!first || !second) return false;

  await deps.db
    .update(profiles)
    .set({ handle: "lena" })
    .where(and(eq(profiles.userId, userId), sql`${profiles.handle} is null`))
    .catch(() => undefined); // the handle may be taken on a shared database; the learner keeps none

  await followPodcast(deps, userId, first.podcastId);
  for (const episode of [second, third].filter((item) => item !== undefined))
    await addBookmark(deps, userId, episode.id);

  const list = await createList(deps, userId, {
    name: "Start here",
    description: "Two episodes I keep coming back to.",
    isPublic: true,
  });
  for (const episode of [first, fourth ?? second]) await addEpisodeToList(deps, userId, list.id, episode.id);

  // Heard to the end, then another one half heard (the one "Continue listening" offers).
  const firstLength = first.duration ?? 600;
  await savePosition(deps, userId, first.id, { positionSeconds: firstLength, progressSeconds: firstLength });
  const secondLength = second.duration ?? 600;
  await savePosition(deps, userId, second.id, { positionSeconds: Math.floor(secondLength * 0.4) });

  await takeQuiz(deps, userId, first.id);
  deps.logger.info({ userId }, "demo learner history created");
  return true;
}

/** The first episode's quiz with every fourth answer wrong: XP, a streak, and cards due for review. */
async function takeQuiz(deps: Deps, userId: string, episodeId: string) {
  const quiz = await getQuiz(deps, episodeId);
  const ids = quiz.questions.map((question) => question.id);
  const answers = await deps.db
    .select({ id: questions.id, answer: questions.answer, choices: questions.choices })
    .from(questions)
    .where(inArray(questions.id, ids));
  const byId = new Map(answers.map((row) => [row.id, row]));
  const attempt = await startQuizAttempt(deps, userId, episodeId);
  for (const [index, question] of quiz.questions.slice(0, attempt.questionCount).entries()) {
    const row = byId.get(question.id);
    if (!row) continue;
    const isMissed = index % 4 === 3;
    const choice = isMissed
      ? (row.choices.find((option) => option !== row.answer) ?? row.answer)
      : row.answer;
    await submitAnswer(deps, userId, attempt.attemptId, {
      questionId: question.id,
      choice,
      confidence: isMissed ? 2 : 4,
      timeMs: 6_000 + index * 500,
    });
  }
  await finishQuizAttempt(deps, userId, attempt.attemptId);
}
