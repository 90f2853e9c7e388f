import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/web/lib/api-client";
import { useIsHydrated } from "~/web/lib/use-is-hydrated";

/** Response shapes of /api/v1/catalog/* (see src/server/routes/catalog.ts). */
export type EpisodeCardData = {
  id: string;
  title: string;
  summary: string | null;
  imageUrl: string | null;
  podcastId: string;
  podcastName: string;
  pubDate: string;
  duration: number | null;
  topics: string[];
};

export type InsightSummary = {
  id: string;
  slug: string;
  title: string;
  dek: string | null;
  heroImage: string | null;
  publishedAt: string;
};

export type HomeData = {
  featured: EpisodeCardData | null;
  recent: (EpisodeCardData & { audioUrl: string | null; youtubeUrl: string | null })[];
  insights: InsightSummary[];
};

export type SearchSort = "relevance" | "recent" | "oldest";
export type SearchParams = { q?: string; podcast?: string; sort?: SearchSort; page?: number };
export type SearchData = {
  episodes: EpisodeCardData[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  sort: SearchSort;
  match: "all" | "words" | "partial";
};

export type Suggestion = { id: string; title: string; imageUrl: string | null; podcastName: string };
export type PodcastSummary = { id: string; name: string; coverUrl: string | null };
export type ContinueItem = EpisodeCardData & { positionSeconds: number; lastPlayedAt: string };

/** Spec 1 §9. */
export const HOME_RECENT_SHOWN = 6;
export const SUGGEST_MIN_CHARS = 2;
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
  queryFn: ({ signal }) => apiFetch<HomeData>("/api/v1/catalog/home", { signal }),
  staleTime: 60_000,
});

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: ["catalog", "search", params],
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<SearchData>(`/api/v1/catalog/search${toQueryString(params)}`, { signal });
      } catch (error) {
        // Spec 1 §8: search errors are only logged; the result list becomes empty.
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.error("search failed", error);
        return {
          episodes: [],
          page: params.page ?? 1,
          pageSize: 24,
          hasMore: false,
          sort: params.sort ?? "recent",
          match: "all",
        } satisfies SearchData;
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
        const data = await apiFetch<{ episodes: Suggestion[] }>(
          `/api/v1/catalog/suggest${toQueryString({ q })}`,
          { signal },
        );
        return data.episodes;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.error("search suggestions failed", error);
        return [];
      }
    },
    enabled: q.trim().length >= SUGGEST_MIN_CHARS,
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
export function useHome(): { data: HomeData | undefined; isPending: boolean } {
  const { data, isPending } = useQuery(homeQueryOptions);
  const isHydrated = useIsHydrated();
  return isHydrated ? { data, isPending } : { data: undefined, isPending: true };
}

export function useContinueListening(enabled: boolean) {
  return useQuery({
    queryKey: ["catalog", "continue-listening"],
    queryFn: async ({ signal }) => {
      try {
        return (await apiFetch<{ episodes: ContinueItem[] }>("/api/v1/me/continue-listening", { signal }))
          .episodes;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.error("continue listening failed", error);
        return [];
      }
    },
    enabled,
  });
}
