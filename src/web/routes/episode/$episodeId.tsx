import { createFileRoute } from "@tanstack/react-router";
import { episodeQueryOptions } from "~/web/features/episode/api";
import { EpisodePage } from "~/web/features/episode/components/episode-page";
import { type EpisodeTab, episodeTabs } from "~/web/features/episode/tabs";
import { EpisodeExports } from "~/web/features/learning/export-actions";
import { AddToListDialog } from "~/web/features/library/components/add-to-list-dialog";
import { BookmarkToggle } from "~/web/features/library/components/bookmark-toggle";
import { FollowButton } from "~/web/features/podcast/components/follow-button";

export type EpisodeSearch = { tab?: EpisodeTab };

/** /episode/{id}?tab=overview|transcript|people|chapters|show-notes — unknown tabs are dropped. */
function validateSearch(search: Record<string, unknown>): EpisodeSearch {
  const tab = search.tab;
  return typeof tab === "string" && (episodeTabs as readonly string[]).includes(tab) && tab !== "overview"
    ? { tab: tab as EpisodeTab }
    : {};
}

export const Route = createFileRoute("/episode/$episodeId")({
  validateSearch,
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(episodeQueryOptions(params.episodeId));
  },
  component: EpisodeRoute,
});

function EpisodeRoute() {
  const { episodeId } = Route.useParams();
  const { tab = "overview" } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EpisodePage
      key={episodeId}
      episodeId={episodeId}
      tab={tab}
      onTabChange={(next) =>
        void navigate({ search: next === "overview" ? {} : { tab: next }, replace: true, resetScroll: false })
      }
      bookmark={(id) => <BookmarkToggle episodeId={id} />}
      follow={(podcastId) => <FollowButton podcastId={podcastId} size="sm" />}
      exports={(id) => <EpisodeExports episodeId={id} />}
      addToList={({ episode, open, onOpenChange }) => (
        <AddToListDialog
          episodeId={episode.id}
          episodeTitle={episode.title}
          open={open}
          onOpenChange={onOpenChange}
        />
      )}
    />
  );
}
