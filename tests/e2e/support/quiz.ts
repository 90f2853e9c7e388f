import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { findEpisode, uniqueEmail, waitForCatalog } from "./shell.ts";

export type QuizQuestion = { id: string; stem: string; choices: string[] };

/** The newest toast (sonner keeps older ones in the DOM, hidden, while they leave). */
export const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');

/**
 * The episode's quiz questions. The demo catalog gets its questions on first start; should they not
 * be there yet, a signed-in request starts generation and this waits for it.
 */
export async function waitForQuiz(request: APIRequestContext, episodeId: string): Promise<QuizQuestion[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const quiz = (await (await request.get(`/api/v1/episodes/${episodeId}/quiz`)).json()) as {
      quizStatus: string;
      questions: QuizQuestion[];
    };
    if (quiz.questions.length) return quiz.questions;
    if (quiz.quizStatus !== "generating")
      await request.post(`/api/v1/episodes/${episodeId}/questions/generate`);
    if (Date.now() > deadline) throw new Error(`The quiz of ${episodeId} was not generated in time.`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The correct answer of each question, learnt the way any learner would: a separate account answers
 * every question (first choice) and reads the server's feedback. (The quiz API never sends answers
 * before a question is answered.)
 */
export async function learnAnswers(
  scout: APIRequestContext,
  episodeId: string,
): Promise<Map<string, string>> {
  const signUp = await scout.post("/api/v1/auth/sign-up", {
    data: { name: "Scout", email: uniqueEmail("scout"), password: "secret-pass" },
  });
  expect(signUp.status()).toBe(201);
  const questions = await waitForQuiz(scout, episodeId);
  const { attemptId } = await (await scout.post(`/api/v1/episodes/${episodeId}/quiz/attempts`)).json();
  const answers = new Map<string, string>();
  for (const question of questions) {
    const response = await scout.post(`/api/v1/quiz-attempts/${attemptId}/answers`, {
      data: { questionId: question.id, choice: question.choices[0], confidence: 3, timeMs: 4000 },
    });
    expect(response.status()).toBe(200);
    answers.set(question.id, ((await response.json()) as { correctAnswer: string }).correctAnswer);
  }
  return answers;
}

/**
 * A demo episode found by title, and the answers of its quiz learnt by a separate scout account: what
 * the quiz-taking specs need before their tests (call it from beforeAll with its fixtures).
 */
export async function learnEpisodeQuiz(
  fixtures: {
    request: APIRequestContext;
    playwright: PlaywrightWorkerArgs["playwright"];
    baseURL: string | undefined;
  },
  title: string,
): Promise<{ episodeId: string; answers: Map<string, string> }> {
  await waitForCatalog(fixtures.request);
  const episodeId = (await findEpisode(fixtures.request, title)).id;
  const scout = await fixtures.playwright.request.newContext({ baseURL: fixtures.baseURL });
  try {
    return { episodeId, answers: await learnAnswers(scout, episodeId) };
  } finally {
    await scout.dispose();
  }
}

/** A wrong choice for a question. */
export function wrongChoice(question: QuizQuestion, answers: Map<string, string>): string {
  const wrong = question.choices.find((choice) => choice !== answers.get(question.id));
  if (!wrong) throw new Error(`No wrong choice for ${question.id}`);
  return wrong;
}

/** A whole quiz through the API for the signed-in user of `request`; `wrong` lists question indexes. */
export async function takeQuizViaApi(
  request: APIRequestContext,
  episodeId: string,
  answers: Map<string, string>,
  { wrong = [] as number[], confidence = 5, timeMs = 1000 } = {},
) {
  const questions = await waitForQuiz(request, episodeId);
  const start = await request.post(`/api/v1/episodes/${episodeId}/quiz/attempts`);
  expect(start.ok()).toBe(true);
  const { attemptId } = (await start.json()) as { attemptId: string };
  for (const [index, question] of questions.entries()) {
    const choice = wrong.includes(index) ? wrongChoice(question, answers) : answers.get(question.id);
    const response = await request.post(`/api/v1/quiz-attempts/${attemptId}/answers`, {
      data: { questionId: question.id, choice, confidence, timeMs },
    });
    expect(response.status()).toBe(200);
  }
  const finish = await request.post(`/api/v1/quiz-attempts/${attemptId}/finish`);
  expect(finish.status()).toBe(200);
  return (await finish.json()) as { xpEarned: number; score: number; accuracy: number };
}
