import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { PodcastDetail, PodcastEpisodePage } from "~/domain/contract/podcasts";
import { PODCAST_EPISODES_PAGE } from "~/domain/podcasts";
import { apiFetch } from "~/web/lib/api-client";
import { cursorPages, pagePath, rollback, showOptimistic } from "~/web/lib/query-patterns";

/**
 * The podcast page and following (src/server/routes/podcasts.ts). The route's loader imports this
 * module, so it is part of the first JavaScript every visitor loads: adding shows lives apart, in
 * additions-api.ts, loaded with the screens that use it.
 */

export const NEW_FROM_SHOWS_KEY = ["catalog", "new-from-shows"];

export const podcastKeys = {
  detail: (id: string) => ["podcast", id] as const,
  episodes: (id: string) => ["podcast", id, "episodes"] as const,
  addition: (id: string) => ["podcast-addition", id] as const,
  recentAdditions: ["podcast-addition", "recent"] as const,
};

export const api = {
  detail: (id: string, signal?: AbortSignal) =>
    apiFetch<PodcastDetail>(`/api/v1/podcasts/${encodeURIComponent(id)}`, { signal }),
  episodes: (id: string, cursor: string | undefined, signal?: AbortSignal) =>
    apiFetch<PodcastEpisodePage>(
      pagePath(`/api/v1/podcasts/${encodeURIComponent(id)}/episodes`, PODCAST_EPISODES_PAGE, cursor),
      { signal },
    ),
  setFollowing: (id: string, following: boolean) =>
    apiFetch<void>(`/api/v1/me/podcasts/${encodeURIComponent(id)}`, { method: following ? "PUT" : "DELETE" }),
};

export function podcastQueryOptions(id: string) {
  return queryOptions({
    queryKey: podcastKeys.detail(id),
    queryFn: ({ signal }) => api.detail(id, signal),
  });
}

export function usePodcast(id: string) {
  return useQuery(podcastQueryOptions(id));
}

export function podcastEpisodesQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: podcastKeys.episodes(id),
    queryFn: ({ pageParam, signal }) => api.episodes(id, pageParam, signal),
    ...cursorPages,
  });
}

export function usePodcastEpisodes(id: string) {
  return useInfiniteQuery(podcastEpisodesQueryOptions(id));
}

/** Follow on/off, shown at once and rolled back if the server refuses. */
export function useSetFollowing(id: string) {
  const queryClient = useQueryClient();
  const key = podcastKeys.detail(id);
  return useMutation({
    mutationFn: (following: boolean) => api.setFollowing(id, following),
    onMutate: (following) =>
      showOptimistic<PodcastDetail>(queryClient, key, (previous) =>
        previous ? { ...previous, following } : undefined,
      ),
    onError: (_error, _following, context) => rollback(queryClient, key, context),
    // The profile's Following tab lists follows under "profile" (features/profile); the home hub's
    // "New from your shows" is keyed under "catalog" (features/catalog).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: ["podcast-lookup"] }),
        queryClient.invalidateQueries({ queryKey: ["profile"] }),
        queryClient.invalidateQueries({ queryKey: NEW_FROM_SHOWS_KEY }),
      ]),
  });
}
