import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import { apiFetch } from "~/web/lib/api-client";

export const episodeKeys = {
  detail: (id: string) => ["episode", id] as const,
};

export function episodeQueryOptions(id: string) {
  return queryOptions({
    queryKey: episodeKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch<EpisodeDetail>(`/api/v1/episodes/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
  });
}

export function useEpisode(id: string) {
  return useQuery(episodeQueryOptions(id));
}
