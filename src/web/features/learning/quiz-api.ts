import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuizGeneration } from "~/domain/contract/learning";
import type { AnswerInput, AnswerResult, Quiz, QuizAttempt, QuizResults } from "~/domain/contract/quiz";
import { apiFetch } from "~/web/lib/api-client";
import { sessionQueryKey, statsQueryKey } from "~/web/lib/session";
import { GENERATION_RELOAD_MS, quizKeys, quizQueryOptions } from "./quiz-queries";
import { reviewKeys } from "./review-api";

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

export const startAttempt = (episodeId: string) =>
  apiFetch<QuizAttempt>(`/api/v1/episodes/${episodeId}/quiz/attempts`, { method: "POST" });

export const submitAnswer = (attemptId: string, input: AnswerInput) =>
  apiFetch<AnswerResult>(`/api/v1/quiz-attempts/${attemptId}/answers`, { method: "POST", body: input });

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
      for (const queryKey of [statsQueryKey, sessionQueryKey, reviewKeys.all])
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
