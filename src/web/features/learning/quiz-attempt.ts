import { queryOptions } from "@tanstack/react-query";
import type { AnswerFeedback, AnswerResult, QuizAttempt } from "~/domain/contract/quiz";
import { apiFetch } from "~/web/lib/api-client";

/**
 * The learner's attempt at one episode's quiz, as a query: POST …/quiz/attempts starts one, or
 * resumes the unfinished one (the server answers 200 with its answers so far), so asking again is
 * safe and never starts a second attempt. Answers update this cache entry (`withAnswer`).
 * Its key is not under quizKeys.quiz: refreshing the quiz must not re-ask for the attempt.
 */
export const quizAttemptKey = (episodeId: string) => ["quiz-attempt", episodeId] as const;

export function quizAttemptQueryOptions(episodeId: string) {
  return queryOptions({
    queryKey: quizAttemptKey(episodeId),
    // No abort signal: a start that reached the server stands, and a component that mounts again
    // (React's StrictMode does so at once) joins the request under way instead of sending another.
    queryFn: () =>
      apiFetch<QuizAttempt>(`/api/v1/episodes/${encodeURIComponent(episodeId)}/quiz/attempts`, {
        method: "POST",
      }),
    // Only the screen in play uses it: while it is open the cache is the truth (answers update it);
    // once it closes the entry goes, and coming back asks the server, which resumes or starts afresh.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

/** The attempt after an answer: the server's progress, and the answer's feedback for its question. */
export function withAnswer(attempt: QuizAttempt, result: AnswerResult): QuizAttempt {
  const feedback: AnswerFeedback = {
    questionId: result.questionId,
    choice: result.choice,
    isCorrect: result.isCorrect,
    correctAnswer: result.correctAnswer,
    explanation: result.explanation,
    timecode: result.timecode,
    xpAwarded: result.xpAwarded,
    combo: result.combo,
  };
  return {
    ...attempt,
    attemptId: result.attemptId,
    episodeId: result.episodeId,
    questionCount: result.questionCount,
    answeredCount: result.answeredCount,
    correctCount: result.correctCount,
    combo: result.combo,
    maxCombo: result.maxCombo,
    xpEarned: result.xpEarned,
    answers: [...attempt.answers.filter((answer) => answer.questionId !== result.questionId), feedback],
  };
}
