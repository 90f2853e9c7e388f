import { createFileRoute } from "@tanstack/react-router";
import type { MindmapViewType } from "~/domain/contract/mindmap";
import { parseMindmapView } from "~/domain/mindmap";
import { mindmapEpisodeQueryOptions, mindmapQueryOptions } from "~/web/features/mindmap/mindmap-api";
import { MindmapPage } from "~/web/features/mindmap/mindmap-page";

export type MindmapSearch = { view?: MindmapViewType; node?: string };

/** /mindmap/{id}?view=tree|radial|graph&node={nodeId} — an unknown view is the tree. */
function validateSearch(search: Record<string, unknown>): MindmapSearch {
  const result: MindmapSearch = {};
  if (search.view !== undefined) result.view = parseMindmapView(search.view);
  if (typeof search.node === "string" && search.node.length > 0) result.node = search.node;
  return result;
}

export const Route = createFileRoute("/mindmap/$id")({
  validateSearch,
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
