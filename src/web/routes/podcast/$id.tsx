import { createFileRoute } from "@tanstack/react-router";
import { podcastEpisodesQueryOptions, podcastQueryOptions } from "~/web/features/podcast/api";
import { PodcastPage } from "~/web/features/podcast/components/podcast-page";

export const Route = createFileRoute("/podcast/$id")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(podcastQueryOptions(params.id));
    void context.queryClient.prefetchInfiniteQuery(podcastEpisodesQueryOptions(params.id));
  },
  component: PodcastRoute,
});

function PodcastRoute() {
  const { id } = Route.useParams();
  return <PodcastPage key={id} podcastId={id} />;
}
