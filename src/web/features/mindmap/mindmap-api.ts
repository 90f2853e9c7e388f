import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import type { EpisodeMindmap } from "~/domain/contract/learning";
import type { ConceptOccurrences } from "~/domain/contract/mindmap";
import { apiFetch } from "~/web/lib/api-client";

export const mindmapKeys = {
  map: (episodeId: string) => ["mindmap", episodeId] as const,
  concept: (concept: string, excludeEpisodeId: string) =>
    ["mindmap", "concept", concept.trim().toLowerCase(), excludeEpisodeId] as const,
  // The episode page's key: both screens load the same detail, so the cache is shared.
  episode: (episodeId: string) => ["episode", episodeId] as const,
};

const episodePath = (episodeId: string) => `/api/v1/episodes/${encodeURIComponent(episodeId)}`;

export function mindmapQueryOptions(episodeId: string) {
  return queryOptions({
    queryKey: mindmapKeys.map(episodeId),
    queryFn: ({ signal }) => apiFetch<EpisodeMindmap>(`${episodePath(episodeId)}/mindmap`, { signal }),
    staleTime: 5 * 60_000,
    // A 404 ("no mind map yet") is an answer, not a hiccup: show the Generate button at once.
    retry: false,
  });
}

export function mindmapEpisodeQueryOptions(episodeId: string) {
  return queryOptions({
    queryKey: mindmapKeys.episode(episodeId),
    queryFn: ({ signal }) => apiFetch<EpisodeDetail>(episodePath(episodeId), { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

export function useEpisodeMindmap(episodeId: string) {
  return useQuery(mindmapQueryOptions(episodeId));
}

/** The episode itself: its title for the page and its audio for "Play from". */
export function useMindmapEpisode(episodeId: string) {
  return useQuery(mindmapEpisodeQueryOptions(episodeId));
}

/** POST …/mindmap: generates (or rebuilds) the map; signed-in only. */
export function useGenerateMindmap(episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<EpisodeMindmap>(`${episodePath(episodeId)}/mindmap`, { method: "POST" }),
    onSuccess: (data) => queryClient.setQueryData(mindmapKeys.map(episodeId), data),
  });
}

/** Where each concept appears in other episodes' maps; only fetched while the panel is open. */
export function useConceptOccurrences(concepts: string[], excludeEpisodeId: string, isEnabled: boolean) {
  return useQueries({
    queries: concepts.map((concept) => ({
      queryKey: mindmapKeys.concept(concept, excludeEpisodeId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<ConceptOccurrences>(
          `/api/v1/mindmaps/concepts?${new URLSearchParams({ concept: concept.trim(), excludeEpisodeId })}`,
          { signal },
        ),
      enabled: isEnabled && concept.trim().length > 0,
      staleTime: 5 * 60_000,
    })),
  });
}
