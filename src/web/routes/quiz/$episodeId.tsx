import { createFileRoute } from "@tanstack/react-router";
import { QuizPage } from "~/web/features/learning/quiz-page";
import { quizQueryOptions } from "~/web/features/learning/quiz-queries";

export const Route = createFileRoute("/quiz/$episodeId")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(quizQueryOptions(params.episodeId));
  },
  component: EpisodeQuizRoute,
});

function EpisodeQuizRoute() {
  const { episodeId } = Route.useParams();
  return <QuizPage key={episodeId} episodeId={episodeId} />;
}
