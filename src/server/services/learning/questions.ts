import { eq, sql } from "drizzle-orm";
import type { QuizGeneration } from "../../../domain/contract/learning.ts";
import type { QuizStatus } from "../../../domain/contract/quiz.ts";
import { matchThemes } from "../../../domain/knowledge-themes.ts";
import {
  type EpisodeInput,
  type GeneratedQuestion,
  generatedQuestionSchema,
  QUESTIONS_PER_EPISODE,
} from "../../ai/provider.ts";
import type { AppDeps } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { episodes } from "../../db/schema/catalog.ts";
import { questions } from "../../db/schema/learning.ts";
import { notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";
import type { LearningDeps } from "./engine.ts";
import { EPISODE_NOT_FOUND, loadEpisodeInput, loadShowTopics } from "./episode-input.ts";

/**
 * Quiz question generation (spec 2 §4 quiz_status): none → generating → complete, or failed on an
 * error or an empty result (a retry starts again from failed). One generation per episode at a
 * time: a session-level advisory lock held for the whole run, so a crashed worker releases it with
 * its connection and duplicate jobs simply find it taken.
 */

export type QuestionGeneration = { quizStatus: QuizStatus; questionCount: number; isGenerated: boolean };

/** Generation requests one user may make per hour (each may run the engine over a transcript). */
export const GENERATE_LIMIT_PER_HOUR = 20;

/**
 * The provider's questions that pass the schema (four distinct choices, the answer among them), with
 * timecodes inside the episode, distinct stems, at most 12.
 */
export function selectValidQuestions(raw: readonly unknown[], duration: number | null): GeneratedQuestion[] {
  const stems = new Set<string>();
  const valid: GeneratedQuestion[] = [];
  for (const item of raw) {
    const parsed = generatedQuestionSchema.safeParse(item);
    if (!parsed.success) continue;
    const question = parsed.data;
    const stem = question.stem.toLowerCase();
    if (stems.has(stem)) continue;
    stems.add(stem);
    valid.push({
      ...question,
      timecode: duration ? Math.min(question.timecode, Math.floor(duration)) : question.timecode,
    });
    if (valid.length === QUESTIONS_PER_EPISODE) break;
  }
  return valid;
}

async function withEpisodeLock<T>(db: Database, key: string, run: () => Promise<T>): Promise<T | null> {
  const client = await db.$client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtextextended($1, 0)) as locked",
      [key],
    );
    if (!rows[0]?.locked) return null;
    try {
      return await run();
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [key]);
    }
  } finally {
    client.release();
  }
}

async function readQuizState(db: Database, episodeId: string) {
  const [row] = await db
    .select({
      quizStatus: episodes.quizStatus,
      // Spelled out: drizzle leaves column names unqualified inside a select's sql, which the
      // subquery would resolve against questions.
      questionCount: sql<number>`(select count(*)::int from questions q where q.episode_id = episodes.id)`,
    })
    .from(episodes)
    .where(eq(episodes.id, episodeId))
    .limit(1);
  if (!row) throw notFound(EPISODE_NOT_FOUND);
  return row;
}

/**
 * Generates (or, with `isForced`, regenerates) an episode's questions. An episode whose quiz is
 * complete is left alone, so the job is idempotent. Regenerating replaces the questions in one
 * transaction; answers and review cards of the old questions go with them (foreign-key cascade).
 * `input` saves a reload when the caller has just enriched the episode.
 */
export async function generateEpisodeQuestions(
  deps: LearningDeps,
  episodeId: string,
  options: { isForced?: boolean; input?: EpisodeInput } = {},
): Promise<QuestionGeneration> {
  const result = await withEpisodeLock(deps.db, `questions:${episodeId}`, async () => {
    const state = await readQuizState(deps.db, episodeId);
    if (state.quizStatus === "complete" && state.questionCount > 0 && !options.isForced)
      return { ...state, isGenerated: false };
    await deps.db.update(episodes).set({ quizStatus: "generating" }).where(eq(episodes.id, episodeId));
    try {
      // The pipeline passes the show's topics read for its whole page (runPipeline).
      const [loaded, showTopics] = await Promise.all([
        options.input ?? loadEpisodeInput(deps.db, episodeId),
        options.input?.showTopics ?? loadShowTopics(deps.db, [episodeId]).then((byId) => byId.get(episodeId)),
      ]);
      const input = { ...loaded, showTopics: showTopics ?? [] };
      const raw = await deps.provider.generateQuestions(input, await deps.loadContext());
      const generated = selectValidQuestions(raw, input.duration);
      if (!generated.length) throw new Error("The learning engine produced no valid questions.");
      await deps.db.transaction(async (tx) => {
        await tx.delete(questions).where(eq(questions.episodeId, episodeId));
        await tx.insert(questions).values(
          generated.map((question, index) => ({
            episodeId,
            stem: question.stem,
            choices: question.choices,
            answer: question.answer,
            explanation: question.explanation,
            conceptTags: question.concept_tags,
            themeIds: matchThemes(question.concept_tags),
            difficulty: question.difficulty,
            timecode: question.timecode,
            // Distinct creation times keep the quiz order (questions are read by created_at).
            createdAt: sql`now() + make_interval(secs => ${index / 1000})`,
          })),
        );
        await tx.update(episodes).set({ quizStatus: "complete" }).where(eq(episodes.id, episodeId));
      });
      return { quizStatus: "complete" as const, questionCount: generated.length, isGenerated: true };
    } catch (error) {
      // A failed regeneration leaves the old questions in place, and with them a complete quiz.
      await deps.db
        .update(episodes)
        .set({
          quizStatus: sql`case when exists (select 1 from questions q where q.episode_id = ${episodeId}) then 'complete' else 'failed' end`,
        })
        .where(eq(episodes.id, episodeId));
      deps.logger.warn(
        { episodeId, err: error instanceof Error ? error.message : error, provider: deps.provider.name },
        "question generation failed",
      );
      throw error;
    }
  });
  // Another generation of this episode holds the lock; it reports its own outcome.
  if (!result) return { ...(await readQuizState(deps.db, episodeId)), isGenerated: false };
  return result;
}

/**
 * generate-questions from a learner (the quiz screen starts it for an episode without questions,
 * and Retry after 'Generation Failed'): marks the quiz generating at once, so every screen shows
 * the spinner, and queues the job. A complete quiz is answered as it is.
 */
export async function requestQuestionGeneration(
  deps: Pick<AppDeps, "db" | "jobs">,
  userId: string,
  episodeId: string,
): Promise<QuizGeneration> {
  const state = await readQuizState(deps.db, episodeId);
  if (state.quizStatus === "complete" && state.questionCount > 0)
    return { quizStatus: "complete", jobId: null };
  await consumeRateLimits(
    deps.db,
    [{ key: `questions:${userId}`, limit: GENERATE_LIMIT_PER_HOUR, windowSeconds: 60 * 60 }],
    (wait) => `Too many quiz generation requests. Please wait ${wait} and try again.`,
  );
  await deps.db
    .update(episodes)
    .set({ quizStatus: "generating" })
    .where(sql`${episodes.id} = ${episodeId} and ${episodes.quizStatus} <> 'complete'`);
  const jobId = await deps.jobs.send("learning.generate-questions", { episodeId }, { isRetried: false });
  return { quizStatus: "generating", jobId };
}
