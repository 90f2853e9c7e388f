import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnswerFeedback, AnswerResult, QuizAttempt } from "~/domain/contract/quiz";
import { quizAttemptKey, quizAttemptQueryOptions, withAnswer } from "./quiz-attempt";

const first: AnswerFeedback = {
  questionId: "q1",
  choice: "A",
  isCorrect: true,
  correctAnswer: "A",
  explanation: "Because.",
  timecode: 12,
  xpAwarded: 10,
  combo: 1,
};

const attempt: QuizAttempt = {
  attemptId: "attempt-1",
  episodeId: "episode-1",
  questionCount: 3,
  answeredCount: 1,
  correctCount: 1,
  combo: 1,
  maxCombo: 1,
  xpEarned: 10,
  answers: [first],
  isResumed: true,
};

const second: AnswerResult = {
  questionId: "q2",
  choice: "B",
  isCorrect: true,
  correctAnswer: "B",
  explanation: null,
  timecode: null,
  xpAwarded: 15,
  combo: 2,
  attemptId: "attempt-1",
  episodeId: "episode-1",
  questionCount: 3,
  answeredCount: 2,
  correctCount: 2,
  maxCombo: 2,
  xpEarned: 25,
};

describe("withAnswer", () => {
  it("adds the answer's feedback and takes the server's progress", () => {
    const next = withAnswer(attempt, second);
    expect(next).toMatchObject({ answeredCount: 2, correctCount: 2, combo: 2, maxCombo: 2, xpEarned: 25 });
    expect(next.answers.map((answer) => answer.questionId)).toEqual(["q1", "q2"]);
    expect(next.answers[1]).toEqual({
      questionId: "q2",
      choice: "B",
      isCorrect: true,
      correctAnswer: "B",
      explanation: null,
      timecode: null,
      xpAwarded: 15,
      combo: 2,
    });
    // Earlier answers keep their identity (the question card flashes only a new verdict).
    expect(next.answers[0]).toBe(first);
    expect(attempt.answers).toHaveLength(1);
  });

  it("replaces an earlier verdict for the same question instead of counting it twice", () => {
    const again = withAnswer(attempt, { ...second, questionId: "q1", choice: "C", isCorrect: false });
    expect(again.answers).toHaveLength(1);
    expect(again.answers[0]).toMatchObject({ questionId: "q1", choice: "C", isCorrect: false });
  });
});

describe("quizAttemptQueryOptions", () => {
  const started = () =>
    new Response(JSON.stringify({ ...attempt, answers: [], answeredCount: 0, isResumed: false }), {
      status: 201,
      headers: { "content-type": "application/json" },
    });
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>(async () => started());
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends one start for a screen that mounts, unmounts and mounts again (StrictMode), or twice", async () => {
    const client = new QueryClient();
    const observer = new QueryObserver(client, quizAttemptQueryOptions("episode-1"));
    const unsubscribe = observer.subscribe(() => {});
    unsubscribe();
    const unsubscribeAgain = observer.subscribe(() => {});
    const second = new QueryObserver(client, quizAttemptQueryOptions("episode-1"));
    const unsubscribeSecond = second.subscribe(() => {});

    await vi.waitFor(() => expect(observer.getCurrentResult().data?.attemptId).toBe("attempt-1"));
    expect(second.getCurrentResult().data?.attemptId).toBe("attempt-1");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/v1/episodes/episode-1/quiz/attempts");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    unsubscribeAgain();
    unsubscribeSecond();
  });

  it("keeps the attempt (with its answers) while the screen is open; after it closes, asks the server again", async () => {
    const client = new QueryClient();
    const observer = new QueryObserver(client, quizAttemptQueryOptions("episode-1"));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    client.setQueryData<QuizAttempt>(quizAttemptKey("episode-1"), (current) =>
      current ? withAnswer(current, second) : current,
    );

    // Another part of the screen reading the attempt gets the cached one, answer included.
    const reader = new QueryObserver(client, quizAttemptQueryOptions("episode-1"));
    const unsubscribeReader = reader.subscribe(() => {});
    expect(reader.getCurrentResult().data?.answeredCount).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    unsubscribeReader();
    unsubscribe();
    await vi.waitFor(() => expect(client.getQueryData(quizAttemptKey("episode-1"))).toBeUndefined());
    const later = new QueryObserver(client, quizAttemptQueryOptions("episode-1"));
    const unsubscribeLater = later.subscribe(() => {});
    await vi.waitFor(() => expect(later.getCurrentResult().isSuccess).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unsubscribeLater();
  });
});
