import { createRoute, z } from "@hono/zod-openapi";
import {
  answerInputSchema,
  answerResultSchema,
  questionServeSchema,
  quizAttemptSchema,
  quizResultsSchema,
  quizSchema,
} from "../../domain/contract/quiz.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import {
  finishQuizAttempt,
  getLatestResults,
  getQuiz,
  serveQuestion,
  startQuizAttempt,
  submitAnswer,
} from "../services/learning/quiz.ts";

const episodeParam = z.object({ episodeId: uuidParam("episodeId") });
const attemptParam = z.object({ attemptId: uuidParam("attemptId") });

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
      responses: { 200: jsonResponse("The quiz", quizSchema), ...errorResponses(400, 404) },
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
        200: jsonResponse("The unfinished attempt, resumed", quizAttemptSchema),
        201: jsonResponse("A new attempt", quizAttemptSchema),
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
      path: "/quiz-attempts/{attemptId}/questions/{questionId}/serve",
      tags: ["learning"],
      summary: "The quiz screen shows a question: the server starts timing the answer (first serve counts)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: {
        params: z.object({ attemptId: uuidParam("attemptId"), questionId: uuidParam("questionId") }),
      },
      responses: {
        200: jsonResponse("When the question was served", questionServeSchema),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => {
      const { attemptId, questionId } = c.req.valid("param");
      return c.json(await serveQuestion(deps, getUser(c).id, attemptId, questionId), 200);
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
        200: jsonResponse("Correct or not, the explanation and the XP awarded", answerResultSchema),
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
        200: jsonResponse("The results", quizResultsSchema),
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
      responses: { 200: jsonResponse("The results", quizResultsSchema), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json(await getLatestResults(deps, getUser(c).id, c.req.valid("param").episodeId), 200),
  );

  return router;
}
