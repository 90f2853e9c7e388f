import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuizGeneration } from "~/domain/contract/learning";
import type {
  AnswerInput,
  AnswerResult,
  QuestionServe,
  Quiz,
  QuizAttempt,
  QuizResults,
} from "~/domain/contract/quiz";
import { notifyAchievements } from "~/web/components/achievement-toast";
import { apiFetch, isApiError } from "~/web/lib/api-client";
import { sessionQueryKey, statsQueryKey } from "~/web/lib/session";
import { quizAttemptKey, quizAttemptQueryOptions, withAnswer } from "./quiz-attempt";
import { GENERATION_RELOAD_MS, quizKeys, quizQueryOptions } from "./quiz-queries";
import { reviewKeys } from "./review-api";
import { todayQueryKey } from "./today-api";

export function useQuiz(episodeId: string) {
  return useQuery(quizQueryOptions(episodeId));
}

/** generate-questions: marks the quiz generating and queues the job; questions reload 3 s later. */
export function useGenerateQuestions(episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<QuizGeneration>(`/api/v1/episodes/${episodeId}/questions/generate`, {
        method: "POST",
      }),
    onSuccess: ({ quizStatus }) => {
      queryClient.setQueryData<Quiz>(quizKeys.quiz(episodeId), (quiz) =>
        quiz ? { ...quiz, quizStatus } : quiz,
      );
    },
    onSettled: () => {
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: quizKeys.quiz(episodeId) }),
        GENERATION_RELOAD_MS,
      );
    },
  });
}

/** The learner's attempt (started or resumed by the server); signed out, there is none to ask for. */
export function useQuizAttempt(episodeId: string, isSignedIn: boolean) {
  return useQuery({ ...quizAttemptQueryOptions(episodeId), enabled: isSignedIn });
}

/**
 * Tells the server a question is on screen: it times the answer from here (decision 019). Nothing
 * waits for it, and a failed call costs nothing but timing — the server then counts from the
 * previous answer, which can only be slower.
 */
export function useServeQuestion() {
  return useMutation({
    mutationFn: ({ attemptId, questionId }: { attemptId: string; questionId: string }) =>
      apiFetch<QuestionServe>(`/api/v1/quiz-attempts/${attemptId}/questions/${questionId}/serve`, {
        method: "POST",
      }),
  });
}

/**
 * Records an answer; the verdict and progress go into the cached attempt. Refused as answered
 * already (409, e.g. from another tab): the attempt is asked for again, and the server's state wins.
 */
export function useSubmitAnswer(episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, input }: { attemptId: string; input: AnswerInput }) =>
      apiFetch<AnswerResult>(`/api/v1/quiz-attempts/${attemptId}/answers`, { method: "POST", body: input }),
    onSuccess: (result) => {
      queryClient.setQueryData<QuizAttempt>(quizAttemptKey(episodeId), (attempt) =>
        attempt ? withAnswer(attempt, result) : attempt,
      );
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: quizAttemptKey(episodeId) });
    },
  });
}

/**
 * Finishes the attempt; the results are cached for /results/{episodeId}, and everything that shows
 * XP, level, streak or due cards is refreshed.
 */
export function useFinishQuiz(episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) =>
      apiFetch<QuizResults>(`/api/v1/quiz-attempts/${attemptId}/finish`, { method: "POST" }),
    onSuccess: (results) => {
      queryClient.setQueryData(quizKeys.results(episodeId), results);
      notifyAchievements(results.newAchievements);
      // Finished: never offered again from the cache (the next visit starts a new attempt).
      void queryClient.invalidateQueries({ queryKey: quizAttemptKey(episodeId), refetchType: "none" });
      for (const queryKey of [statsQueryKey, sessionQueryKey, reviewKeys.all, todayQueryKey])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useQuizResults(episodeId: string) {
  return useQuery({
    queryKey: quizKeys.results(episodeId),
    queryFn: ({ signal }) =>
      apiFetch<QuizResults>(`/api/v1/episodes/${encodeURIComponent(episodeId)}/quiz/results`, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
