import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import type { PodcastAddition, PodcastAdditionList, PodcastMatches } from "~/domain/contract/podcasts";
import type { OpmlImport } from "~/domain/contract/subscriptions";
import { PODCAST_LOOKUP_MIN, RECENT_ADDITIONS_MAX } from "~/domain/podcasts";
import { NEW_FROM_SHOWS_KEY, podcastKeys } from "~/web/features/podcast/api";
import { apiFetch } from "~/web/lib/api-client";

/**
 * Adding shows: by feed address, by OPML file, by finding them in the catalog, and the progress of
 * what was added (src/server/routes/podcasts.ts, subscriptions.ts). Apart from api.ts so that only
 * the screens that add shows load it.
 */

const api = {
  add: (feedUrl: string) =>
    apiFetch<PodcastAddition>("/api/v1/me/podcast-additions", { method: "POST", body: { feedUrl } }),
  lookup: (q: string, signal?: AbortSignal) =>
    apiFetch<PodcastMatches>(`/api/v1/podcasts?q=${encodeURIComponent(q)}`, { signal }),
  importOpml: (opml: string) =>
    apiFetch<OpmlImport>("/api/v1/me/podcasts/opml", { method: "POST", body: { opml } }),
  addition: (id: string, signal?: AbortSignal) =>
    apiFetch<PodcastAddition>(`/api/v1/me/podcast-additions/${encodeURIComponent(id)}`, { signal }),
  recentAdditions: (signal?: AbortSignal) =>
    apiFetch<PodcastAdditionList>(`/api/v1/me/podcast-additions?limit=${RECENT_ADDITIONS_MAX}`, { signal }),
};

export function useAddPodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.add,
    onSuccess: (addition) => {
      queryClient.setQueryData(podcastKeys.addition(addition.id), addition);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: podcastKeys.recentAdditions }),
        queryClient.invalidateQueries({ queryKey: ["profile"] }),
        queryClient.invalidateQueries({ queryKey: NEW_FROM_SHOWS_KEY }),
      ]);
    },
  });
}

/** Podcasts of the catalog by name, for "Add a podcast"; nothing under PODCAST_LOOKUP_MIN characters. */
export function usePodcastLookup(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ["podcast-lookup", text],
    queryFn: ({ signal }) => api.lookup(text, signal),
    enabled: text.length >= PODCAST_LOOKUP_MIN,
    placeholderData: keepPreviousData,
  });
}

/** Follows every feed of an OPML file (POST /me/podcasts/opml); new ones are read in the background. */
export function useImportOpml() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.importOpml,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: podcastKeys.recentAdditions }),
        queryClient.invalidateQueries({ queryKey: ["profile"] }),
        queryClient.invalidateQueries({ queryKey: NEW_FROM_SHOWS_KEY }),
      ]),
  });
}

export const isSettled = (addition: PodcastAddition | undefined) =>
  addition?.status === "done" || addition?.status === "failed";

/** The import's additions as last read: the recent list's copy where it has one, else the import's. */
function pickAdditions(started: PodcastAddition[], recent: PodcastAdditionList | undefined) {
  const byId = new Map(recent?.items.map((addition) => [addition.id, addition]));
  return started.map((addition) => byId.get(addition.id) ?? addition);
}

/**
 * The user's recent additions, shared by the OPML import's progress list and the Library. When a
 * read finds that additions it last saw queued or being read have settled, the podcasts and the
 * lists that show followed shows are read again: settling is seen by polling, not by a mutation.
 */
function recentAdditionsQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: podcastKeys.recentAdditions,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<PodcastAdditionList>(podcastKeys.recentAdditions);
      const list = await api.recentAdditions(signal);
      const wasWorking = new Set(before?.items.filter((item) => !isSettled(item)).map((item) => item.id));
      if (list.items.some((item) => wasWorking.has(item.id) && isSettled(item))) {
        void Promise.all([
          queryClient.invalidateQueries({ queryKey: ["podcast"] }),
          queryClient.invalidateQueries({ queryKey: ["profile"] }),
          queryClient.invalidateQueries({ queryKey: NEW_FROM_SHOWS_KEY }),
        ]);
      }
      return list;
    },
  });
}

/**
 * The additions an OPML import made, with live progress: one request a second for the user's
 * recent additions (not one per feed) while any is still queued or being read, then none.
 */
export function useImportProgress(started: PodcastAddition[]) {
  const query = useQuery({
    ...recentAdditionsQueryOptions(useQueryClient()),
    enabled: started.length > 0,
    refetchInterval: (current) =>
      pickAdditions(started, current.state.data).every(isSettled) ? false : 1000,
  });
  const additions = pickAdditions(started, query.data);
  return { additions, isAllSettled: additions.every(isSettled), error: query.error };
}

/** How long a settled addition stays in the Library's "Shows being added" list. */
export const RECENT_ADDITION_SHOWN_MS = 60 * 60 * 1000;

/** Shown in the Library: still being read, or a new show or a refusal from the last hour. */
export const isShownInLibrary = (addition: PodcastAddition, now: number) =>
  !isSettled(addition) ||
  ((addition.isNew || addition.status === "failed") &&
    now - Date.parse(addition.createdAt) < RECENT_ADDITION_SHOWN_MS);

/** The user's recent additions for the Library, polled every second while any is being read. */
export function useRecentAdditions() {
  return useQuery({
    ...recentAdditionsQueryOptions(useQueryClient()),
    refetchInterval: (current) => (current.state.data?.items.some((item) => !isSettled(item)) ? 1000 : false),
  });
}

/**
 * An addition, polled every second until its feed has been read or refused. Once it settles, what
 * was cached of its podcast (a preloaded page of the placeholder) is read again.
 */
export function usePodcastAddition(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: podcastKeys.addition(id ?? ""),
    queryFn: ({ signal }) => api.addition(id ?? "", signal),
    enabled: id !== null,
    refetchInterval: (current) => (isSettled(current.state.data) ? false : 1000),
  });
  const podcastId = query.data?.podcast?.id;
  const settled = isSettled(query.data);
  useEffect(() => {
    if (settled && podcastId) void queryClient.invalidateQueries({ queryKey: podcastKeys.detail(podcastId) });
  }, [settled, podcastId, queryClient]);
  return query;
}
