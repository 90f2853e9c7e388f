import { queryOptions } from "@tanstack/react-query";
import type { Quiz } from "~/domain/contract/quiz";
import { apiFetch } from "~/web/lib/api-client";

// The quiz route's loader uses these from the first-load chunk; the mutations stay in ./quiz-api.ts.
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
