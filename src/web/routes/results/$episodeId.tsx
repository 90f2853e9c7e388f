import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { ResultsPage } from "~/web/features/learning/results-page";

export const Route = createFileRoute("/results/$episodeId")({
  beforeLoad: requireSignIn,
  component: ResultsRoute,
});

function ResultsRoute() {
  const { episodeId } = Route.useParams();
  return <ResultsPage key={episodeId} episodeId={episodeId} />;
}
