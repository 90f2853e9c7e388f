import { createRoute, z } from "@hono/zod-openapi";
import { quizStatuses } from "../../domain/learning-views.ts";
import { CONFIDENCE_MAX, CONFIDENCE_MIN } from "../../domain/xp.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody } from "../lib/openapi.ts";
import {
  finishQuizAttempt,
  getLatestResults,
  getQuiz,
  startQuizAttempt,
  submitAnswer,
} from "../services/learning/quiz.ts";

const uuidParam = (name: string) => z.uuid().openapi({ param: { name, in: "path" } });
const episodeParam = z.object({ episodeId: uuidParam("episodeId") });
const attemptParam = z.object({ attemptId: uuidParam("attemptId") });

const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

const quizSchema = z
  .object({
    episode: z.object({
      id: z.uuid(),
      title: z.string(),
      imageUrl: z.string().nullable(),
      audioUrl: z.string().nullable(),
      duration: z.int().nullable().openapi({ description: "Seconds" }),
      podcast: z.object({ id: z.uuid(), name: z.string() }),
    }),
    quizStatus: z.enum(quizStatuses),
    questions: z
      .array(z.object({ id: z.uuid(), stem: z.string(), choices: z.array(z.string()) }))
      .openapi({ description: "Up to 12, in creation order; no answers or explanations" }),
  })
  .openapi("Quiz");

const feedbackShape = {
  questionId: z.uuid(),
  choice: z.string(),
  isCorrect: z.boolean(),
  correctAnswer: z.string(),
  explanation: z.string().nullable(),
  timecode: z.int().nullable().openapi({ description: "Seconds into the episode" }),
  xpAwarded: z.int(),
  combo: z.int().openapi({ description: "Consecutive correct answers including this one" }),
};
const feedbackSchema = z.object(feedbackShape).openapi("AnswerFeedback");

const progressShape = {
  attemptId: z.uuid(),
  episodeId: z.uuid(),
  questionCount: z.int(),
  answeredCount: z.int(),
  correctCount: z.int(),
  combo: z.int(),
  maxCombo: z.int(),
  xpEarned: z.int(),
};

const attemptStateSchema = z
  .object({ ...progressShape, answers: z.array(feedbackSchema), isResumed: z.boolean() })
  .openapi("QuizAttempt");

const answerResultSchema = z.object({ ...feedbackShape, ...progressShape }).openapi("AnswerResult");

const resultsSchema = z
  .object({
    attemptId: z.uuid(),
    episode: z.object({ id: z.uuid(), title: z.string(), podcastName: z.string() }),
    score: z.int(),
    accuracy: z.number().openapi({ description: "Percent correct, 0–100" }),
    correctCount: z.int(),
    questionCount: z.int(),
    xpEarned: z.int(),
    maxCombo: z.int(),
    levelBefore: z.int(),
    levelAfter: z.int(),
    finishedAt: z.string().openapi({ format: "date-time" }),
    answers: z.array(z.object({ ...feedbackShape, stem: z.string(), confidence: z.int(), timeMs: z.int() })),
  })
  .openapi("QuizResults");

/**
 * The client says what it chose, how sure it was and how long it took; nothing else. Extra fields
 * (isCorrect, xp, score …) are refused, so a tampered client learns it cannot send them.
 */
const answerInputSchema = z
  .strictObject({
    questionId: z.uuid({ error: "questionId must be a question id." }),
    choice: z.string({ error: "choice must be text." }).min(1).max(2000),
    confidence: z
      .int({ error: "confidence must be a whole number." })
      .min(CONFIDENCE_MIN, { error: `confidence must be ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}.` })
      .max(CONFIDENCE_MAX, { error: `confidence must be ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}.` }),
    timeMs: z
      .int({ error: "timeMs must be a whole number of milliseconds." })
      .min(0, { error: "timeMs cannot be negative." })
      .openapi({ description: "Time taken to answer; above 10 minutes counts as 10 minutes" }),
  })
  .openapi("AnswerInput");

/** Quiz play and results (spec 2 §2 Quiz and Results, §4, §5, §9). */
export function createQuizRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{episodeId}/quiz",
      tags: ["learning"],
      summary: "An episode's quiz: quiz_status and up to 12 questions, without answers",
      "x-access": "public",
      request: { params: episodeParam },
      responses: { 200: json("The quiz", quizSchema), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(await getQuiz(deps, c.req.valid("param").episodeId), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/episodes/{episodeId}/quiz/attempts",
      tags: ["learning"],
      summary: "Start a quiz, or resume the caller's unfinished attempt at this episode",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: episodeParam },
      responses: {
        200: json("The unfinished attempt, resumed", attemptStateSchema),
        201: json("A new attempt", attemptStateSchema),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const attempt = await startQuizAttempt(deps, getUser(c).id, c.req.valid("param").episodeId);
      return attempt.isResumed ? c.json(attempt, 200) : c.json(attempt, 201);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/quiz-attempts/{attemptId}/answers",
      tags: ["learning"],
      summary: "Answer one question; the server decides correctness, XP and combo",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: attemptParam, body: jsonBody(answerInputSchema) },
      responses: {
        200: json("Correct or not, the explanation and the XP awarded", answerResultSchema),
        ...errorResponses(400, 401, 404, 409, 413, 415),
      },
    }),
    async (c) =>
      c.json(
        await submitAnswer(deps, getUser(c).id, c.req.valid("param").attemptId, c.req.valid("json")),
        200,
      ),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/quiz-attempts/{attemptId}/finish",
      tags: ["learning"],
      summary: "Finish a fully answered attempt (once): adds its XP, weekly score and review cards",
      description: "On a server failure nothing changes and the answer is a 500 'Could not update XP'.",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: attemptParam },
      responses: {
        200: json("The results", resultsSchema),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => c.json(await finishQuizAttempt(deps, getUser(c).id, c.req.valid("param").attemptId), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{episodeId}/quiz/results",
      tags: ["learning"],
      summary: "The caller's latest finished quiz at this episode",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: episodeParam },
      responses: { 200: json("The results", resultsSchema), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json(await getLatestResults(deps, getUser(c).id, c.req.valid("param").episodeId), 200),
  );

  return router;
}
