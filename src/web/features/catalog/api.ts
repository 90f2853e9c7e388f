import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type {
  ContinueListening,
  Home,
  PodcastSummary,
  SearchResult,
  Suggestions,
} from "~/domain/contract/catalog";
import type { NewFromShows } from "~/domain/contract/podcasts";
import { SEARCH_PAGE_SIZE, type SearchSort, SUGGEST_MIN_LENGTH } from "~/domain/search";
import { apiFetch } from "~/web/lib/api-client";
import { useIsHydrated } from "~/web/lib/use-is-hydrated";

export type SearchParams = { q?: string; podcast?: string; sort?: SearchSort; page?: number };

/** Spec 1 §9. */
export const HOME_RECENT_SHOWN = 6;
export const SUGGEST_DEBOUNCE_MS = 300;

function toQueryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const homeQueryOptions = queryOptions({
  queryKey: ["catalog", "home"],
  queryFn: ({ signal }) => apiFetch<Home>("/api/v1/catalog/home", { signal }),
  staleTime: 60_000,
});

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: ["catalog", "search", params],
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<SearchResult>(`/api/v1/catalog/search${toQueryString(params)}`, { signal });
      } catch (error) {
        // Spec 1 §8: search errors are only logged; the result list becomes empty.
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.error("search failed", error);
        return {
          episodes: [],
          podcasts: [],
          people: [],
          total: 0,
          totalIsCapped: false,
          page: params.page ?? 1,
          pageSize: SEARCH_PAGE_SIZE,
          hasMore: false,
          sort: params.sort ?? "recent",
          match: "all",
        } satisfies SearchResult;
      }
    },
    placeholderData: keepPreviousData,
  });
}

export function suggestQueryOptions(q: string) {
  return queryOptions({
    queryKey: ["catalog", "suggest", q],
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<Suggestions>(`/api/v1/catalog/suggest${toQueryString({ q })}`, { signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.error("search suggestions failed", error);
        return { episodes: [], podcasts: [], people: [] } satisfies Suggestions;
      }
    },
    enabled: q.trim().length >= SUGGEST_MIN_LENGTH,
    staleTime: 30_000,
  });
}

export function podcastSummaryQueryOptions(id: string | undefined) {
  return queryOptions({
    queryKey: ["catalog", "podcast", id],
    queryFn: ({ signal }) => apiFetch<PodcastSummary>(`/api/v1/catalog/podcasts/${id}`, { signal }),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}

/** The home lists; skeletons while prerendered markup hydrates (see useIsHydrated). */
export function useHome(): { data: Home | undefined; isPending: boolean } {
  const { data, isPending } = useQuery(homeQueryOptions);
  const isHydrated = useIsHydrated();
  return isHydrated ? { data, isPending } : { data: undefined, isPending: true };
}

export function useContinueListening(enabled: boolean) {
  return useQuery({
    queryKey: ["catalog", "continue-listening"],
    queryFn: async ({ signal }) => {
      try {
        return (await apiFetch<ContinueListening>("/api/v1/me/continue-listening", { signal })).episodes;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.error("continue listening failed", error);
        return [];
      }
    },
    enabled,
  });
}

/**
 * The home hub's "New from your shows" (GET /me/new-from-shows). Keyed under "catalog" so a follow
 * or an addition anywhere (features/podcast invalidates ["catalog", "new-from-shows"]) refreshes it.
 */
export function useNewFromShows() {
  return useQuery({
    queryKey: ["catalog", "new-from-shows"],
    queryFn: ({ signal }) => apiFetch<NewFromShows>("/api/v1/me/new-from-shows", { signal }),
  });
}
