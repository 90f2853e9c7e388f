import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { isSearchSort, SEARCH_MAX_PAGE, SEARCH_TEXT_MAX, type SearchSort } from "~/domain/search";
import { searchQueryOptions } from "~/web/features/catalog/api";
import {
  EpisodeCard,
  EpisodeGridSkeleton,
  episodeGridClass,
} from "~/web/features/catalog/components/episode-card";
import { EmptyState } from "~/web/features/catalog/components/home-sections";
import {
  Pagination,
  PodcastFilterChip,
  SearchBox,
  SortSelect,
} from "~/web/features/catalog/components/search-parts";
import { PodcastAndPeopleRows, TranscriptMatchLine } from "~/web/features/catalog/components/search-results";
import { formatResultCount } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";

export type SearchPageSearch = { q?: string; podcast?: string; sort?: SearchSort; page?: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /search?q=&podcast=&sort=&page= — malformed values are dropped (a plain function keeps zod out of the chunk). */
function validateSearch(search: Record<string, unknown>): SearchPageSearch {
  const result: SearchPageSearch = {};
  const q =
    typeof search.q === "string" || typeof search.q === "number"
      ? String(search.q).slice(0, SEARCH_TEXT_MAX)
      : "";
  if (q.trim()) result.q = q;
  if (typeof search.podcast === "string" && UUID.test(search.podcast))
    result.podcast = search.podcast.toLowerCase();
  if (isSearchSort(search.sort)) result.sort = search.sort;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= SEARCH_MAX_PAGE) result.page = page;
  return result;
}

export const Route = createFileRoute("/search")({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(searchQueryOptions(deps));
  },
  component: SearchPage,
});

function SearchPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { q = "", podcast } = search;
  const sort: SearchSort =
    search.sort === "relevance" && !q ? "recent" : (search.sort ?? (q ? "relevance" : "recent"));
  const page = search.page ?? 1;
  const { data, isPending, isPlaceholderData } = useQuery(searchQueryOptions(search));
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  usePageMeta({
    title: q ? `Search: ${q}` : "Search",
    description:
      "Search podcast episodes by title, summary, topic, transcript, guest, host and show, and filter by podcast.",
  });

  const onSearch = useCallback(
    (text: string) => {
      void navigate({
        search: (previous) => ({
          ...previous,
          q: text || undefined,
          page: undefined,
          sort: previous.sort === "relevance" && !text ? undefined : previous.sort,
        }),
        replace: true,
      });
    },
    [navigate],
  );

  // A new page moves the reader to the top of the results.
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current !== page) resultsHeading.current?.focus();
    previousPage.current = page;
  }, [page]);

  const episodes = data?.episodes ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Discover episodes</h1>
      <p className="mt-2 text-muted-foreground">
        Search every ready episode by title, summary, topic, what is said in it, its guests and hosts, and its
        show.
      </p>

      <div className="mt-6 flex flex-col gap-4">
        <SearchBox value={q} onSearch={onSearch} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            {podcast && (
              <PodcastFilterChip
                podcastId={podcast}
                onClear={() =>
                  void navigate({
                    search: (previous) => ({ ...previous, podcast: undefined, page: undefined }),
                  })
                }
              />
            )}
          </div>
          <SortSelect
            value={sort}
            hasText={Boolean(q)}
            onChange={(next) =>
              void navigate({
                search: (previous) => ({ ...previous, sort: next, page: undefined }),
                replace: true,
              })
            }
          />
        </div>
      </div>

      {data && !isPending && <PodcastAndPeopleRows podcasts={data.podcasts} people={data.people} />}

      <section aria-labelledby="results-heading" className="mt-8" aria-busy={isPending || isPlaceholderData}>
        <h2 id="results-heading" ref={resultsHeading} tabIndex={-1} className="sr-only">
          Results
        </h2>
        {data && !isPending && data.total > 0 && (
          <p className="mb-3 text-sm text-muted-foreground">
            {formatResultCount(data.total, data.totalIsCapped)}
          </p>
        )}
        <p role="status" className="sr-only">
          {isPending ? "Searching..." : episodes.length ? `Page ${page}: ${episodes.length} episodes` : ""}
        </p>
        {isPending ? (
          <EpisodeGridSkeleton count={6} label="Searching..." />
        ) : episodes.length === 0 ? (
          <EmptyState>No episodes found matching your search</EmptyState>
        ) : (
          <ul className={episodeGridClass} style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            {episodes.map((episode, index) => (
              <li key={episode.id}>
                <EpisodeCard episode={episode} eager={index < 3}>
                  <TranscriptMatchLine episode={episode} />
                </EpisodeCard>
              </li>
            ))}
          </ul>
        )}
        {data && <Pagination page={page} hasMore={data.hasMore} />}
      </section>
    </div>
  );
}
