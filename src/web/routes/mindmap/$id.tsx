import { createFileRoute } from "@tanstack/react-router";
import { mindmapEpisodeQueryOptions, mindmapQueryOptions } from "~/web/features/mindmap/mindmap-api";
import { MindmapPage } from "~/web/features/mindmap/mindmap-page";
import { parseMindmapSearch } from "~/web/features/mindmap/mindmap-search";

/** /mindmap/{id}?view=tree|radial|graph&node={nodeId} — an unknown view is the tree. */
export const Route = createFileRoute("/mindmap/$id")({
  validateSearch: parseMindmapSearch,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(mindmapEpisodeQueryOptions(params.id));
    void context.queryClient.prefetchQuery(mindmapQueryOptions(params.id));
  },
  component: MindmapRoute,
});

function MindmapRoute() {
  const { id } = Route.useParams();
  const { view, node } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MindmapPage
      key={id}
      episodeId={id}
      view={view ?? "tree"}
      nodeId={node}
      onViewChange={(next) =>
        void navigate({ search: (previous) => ({ ...previous, view: next }), resetScroll: false })
      }
    />
  );
}
