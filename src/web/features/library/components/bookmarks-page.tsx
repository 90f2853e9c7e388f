import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bookmark, Search, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import type { BookmarkPage } from "~/domain/contract/library";
import { EpisodeRow, EpisodeRowsSkeleton } from "~/web/components/episode-row";
import { PlayButton } from "~/web/components/play-button";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { api, libraryKeys, useBookmarks } from "~/web/features/library/api";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { EmptyState, PageHeading, PageShell, SignedInOnly } from "./page-parts";

/**
 * /bookmarks (spec 1 §2 Library): my bookmarks, newest first, with remove. `headerAction`: another
 * Library action in the heading (Add a podcast, from the route); `notice`: shown above the bookmarks to a
 * signed-in user (the shows being added, from the route).
 */
export function BookmarksPage({
  headerAction,
  notice,
}: {
  headerAction?: ReactNode;
  notice?: ReactNode;
} = {}) {
  usePageMeta({ title: "Bookmarks", description: "Episodes you bookmarked, newest first." });
  return (
    <PageShell>
      <PageHeading title="Bookmarks" description="Episodes you saved, newest first." action={headerAction} />
      <SignedInOnly fallback={<EpisodeRowsSkeleton label="Loading bookmarks" />}>
        {notice}
        <BookmarkList />
      </SignedInOnly>
    </PageShell>
  );
}

function BookmarkList() {
  const bookmarks = useBookmarks(true);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (episodeId: string) => api.setBookmark(episodeId, false),
    onSuccess: (state, episodeId) => {
      queryClient.setQueryData(libraryKeys.bookmark(episodeId), state);
      queryClient.setQueryData<{ pages: BookmarkPage[]; pageParams: unknown[] }>(
        libraryKeys.bookmarks,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item.episode.id !== episodeId),
            })),
          },
      );
      notify.success("Bookmark removed");
    },
    onError: (error) =>
      notify.error("Could not remove bookmark", isApiError(error) ? error.message : undefined),
  });

  if (bookmarks.isPending) return <EpisodeRowsSkeleton label="Loading bookmarks" />;
  if (bookmarks.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="text-destructive">We couldn't load your bookmarks. {bookmarks.error.message}</p>
        <Button variant="outline" onClick={() => void bookmarks.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = bookmarks.data.pages.flatMap((page) => page.items);
  if (!items.length) {
    return (
      <EmptyState
        icon={Bookmark}
        title="No bookmarks yet"
        description="Bookmark an episode from its page to find it here later."
      >
        <Link to="/search" className={buttonVariants()}>
          <Search aria-hidden="true" />
          Find episodes
        </Link>
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="page-heading" className="flex flex-col gap-3">
      <ul aria-label="Bookmarked episodes" className="flex flex-col gap-3">
        {items.map(({ episode }) => (
          <li key={episode.id}>
            <EpisodeRow
              episode={episode}
              actions={
                <>
                  <PlayButton episode={episode} />
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove bookmark: ${episode.title}`}
                    title="Remove bookmark"
                    disabled={remove.isPending && remove.variables === episode.id}
                    onClick={() => remove.mutate(episode.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              }
            />
          </li>
        ))}
      </ul>
      {bookmarks.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={bookmarks.isFetchingNextPage}
          onClick={() => void bookmarks.fetchNextPage()}
        >
          {bookmarks.isFetchingNextPage && <Spinner />}
          Load more
        </Button>
      )}
    </section>
  );
}
