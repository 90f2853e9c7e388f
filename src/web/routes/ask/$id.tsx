import { createFileRoute } from "@tanstack/react-router";
import { episodeQueryOptions, useEpisode } from "~/web/features/episode/api";
import { EpisodeNotFound } from "~/web/features/episode/components/episode-page";
import { AskPage, AskSkeleton } from "~/web/features/learning/ask-page";
import { SignedInOnly } from "~/web/features/library/components/page-parts";
import { isApiError } from "~/web/lib/api-client";

/** /ask/{id}: Ask AI about an episode; signed-out visitors go to /auth and come back afterwards. */
export const Route = createFileRoute("/ask/$id")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(episodeQueryOptions(params.id));
  },
  component: AskRoute,
});

function AskRoute() {
  const { id } = Route.useParams();
  return (
    <SignedInOnly fallback={<AskSkeleton />}>
      <AskScreen episodeId={id} />
    </SignedInOnly>
  );
}

function AskScreen({ episodeId }: { episodeId: string }) {
  const episode = useEpisode(episodeId);
  const isMissing =
    isApiError(episode.error) && (episode.error.status === 404 || episode.error.status === 400);
  if (isMissing) return <EpisodeNotFound />;
  return <AskPage key={episodeId} episodeId={episodeId} episode={episode.data} />;
}
