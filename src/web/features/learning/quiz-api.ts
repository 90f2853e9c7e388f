import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sessionQueryKey } from "~/web/features/account/api";
import { statsQueryKey } from "~/web/features/account/preferences";
import { apiFetch } from "~/web/lib/api-client";
import { reviewKeys } from "./review-api";

/** Response shapes of the quiz API (src/server/routes/quiz.ts). */
export type QuizStatus = "none" | "generating" | "failed" | "complete";

export type QuizEpisode = {
  id: string;
  title: string;
  imageUrl: string | null;
  audioUrl: string | null;
  duration: number | null;
  podcast: { id: string; name: string };
};
export type QuizQuestion = { id: string; stem: string; choices: string[] };
export type Quiz = { episode: QuizEpisode; quizStatus: QuizStatus; questions: QuizQuestion[] };

export type AnswerFeedback = {
  questionId: string;
  choice: string;
  isCorrect: boolean;
  correctAnswer: string;
  explanation: string | null;
  timecode: number | null;
  xpAwarded: number;
  combo: number;
};

export type AttemptProgress = {
  attemptId: string;
  episodeId: string;
  questionCount: number;
  answeredCount: number;
  correctCount: number;
  combo: number;
  maxCombo: number;
  xpEarned: number;
};
export type QuizAttempt = AttemptProgress & { answers: AnswerFeedback[]; isResumed: boolean };
export type AnswerResult = AnswerFeedback & AttemptProgress;

/** What the client sends: never correctness, XP or score (the server decides those). */
export type AnswerInput = { questionId: string; choice: string; confidence: number; timeMs: number };

export type QuizResults = {
  attemptId: string;
  episode: { id: string; title: string; podcastName: string };
  score: number;
  accuracy: number;
  correctCount: number;
  questionCount: number;
  xpEarned: number;
  maxCombo: number;
  levelBefore: number;
  levelAfter: number;
  finishedAt: string;
  answers: (AnswerFeedback & { stem: string; confidence: number; timeMs: number })[];
};

export const quizKeys = {
  quiz: (episodeId: string) => ["quiz", episodeId] as const,
  results: (episodeId: string) => ["quiz", episodeId, "results"] as const,
};

/** After a generation call the questions are reloaded 3 seconds later (spec 2 §4). */
export const GENERATION_RELOAD_MS = 3000;
/** While generating, the quiz is checked this often as well as on Check Status. */
const GENERATING_POLL_MS = 5000;

export function quizQueryOptions(episodeId: string) {
  return queryOptions({
    queryKey: quizKeys.quiz(episodeId),
    queryFn: ({ signal }) =>
      apiFetch<Quiz>(`/api/v1/episodes/${encodeURIComponent(episodeId)}/quiz`, { signal }),
    refetchInterval: (query) => (query.state.data?.quizStatus === "generating" ? GENERATING_POLL_MS : false),
    // A quiz in play must not change under the learner.
    refetchOnWindowFocus: false,
  });
}

export function useQuiz(episodeId: string) {
  return useQuery(quizQueryOptions(episodeId));
}

/** generate-questions: marks the quiz generating and queues the job; questions reload 3 s later. */
export function useGenerateQuestions(episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ quizStatus: QuizStatus }>(`/api/v1/episodes/${episodeId}/questions/generate`, {
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
