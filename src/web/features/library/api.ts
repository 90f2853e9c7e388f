import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  BookmarkPage,
  BookmarkState,
  ListEpisodeAdded,
  ListSummary,
  ListView,
  MyLists,
} from "~/domain/contract/library";
import type { CreateListInput, UpdateListInput } from "~/domain/library";
import { apiFetch } from "~/web/lib/api-client";
import { cursorPages, pagePath, rollback, showOptimistic } from "~/web/lib/query-patterns";

export const BOOKMARKS_PAGE_SIZE = 24;

export const libraryKeys = {
  all: ["library"] as const,
  bookmarks: ["library", "bookmarks"] as const,
  bookmark: (episodeId: string) => ["library", "bookmark", episodeId] as const,
  myLists: ["library", "lists", "mine"] as const,
  myListsFor: (episodeId: string | undefined) => ["library", "lists", "mine", episodeId ?? null] as const,
  list: (listId: string) => ["library", "list", listId] as const,
};

export const api = {
  bookmarks: (cursor: string | undefined, signal?: AbortSignal) =>
    apiFetch<BookmarkPage>(pagePath("/api/v1/me/bookmarks", BOOKMARKS_PAGE_SIZE, cursor), { signal }),
  bookmarkState: (episodeId: string, signal?: AbortSignal) =>
    apiFetch<BookmarkState>(`/api/v1/me/bookmarks/${episodeId}`, { signal }),
  setBookmark: (episodeId: string, bookmarked: boolean) =>
    apiFetch<BookmarkState>(`/api/v1/me/bookmarks/${episodeId}`, { method: bookmarked ? "PUT" : "DELETE" }),
  myLists: (episodeId: string | undefined, signal?: AbortSignal) =>
    apiFetch<MyLists>(`/api/v1/me/lists${episodeId ? `?episodeId=${episodeId}` : ""}`, {
      signal,
    }),
  createList: (input: CreateListInput) =>
    apiFetch<ListSummary>("/api/v1/me/lists", { method: "POST", body: input }),
  list: (listId: string, signal?: AbortSignal) => apiFetch<ListView>(`/api/v1/lists/${listId}`, { signal }),
  updateList: (listId: string, input: UpdateListInput) =>
    apiFetch<ListSummary>(`/api/v1/lists/${listId}`, { method: "PATCH", body: input }),
  deleteList: (listId: string) => apiFetch<void>(`/api/v1/lists/${listId}`, { method: "DELETE" }),
  addToList: (listId: string, episodeId: string) =>
    apiFetch<ListEpisodeAdded>(`/api/v1/lists/${listId}/episodes`, {
      method: "POST",
      body: { episodeId },
    }),
  removeFromList: (listId: string, episodeId: string) =>
    apiFetch<void>(`/api/v1/lists/${listId}/episodes/${episodeId}`, { method: "DELETE" }),
  reorderList: (listId: string, episodeIds: string[]) =>
    apiFetch<void>(`/api/v1/lists/${listId}/order`, { method: "PUT", body: { episodeIds } }),
};

export const bookmarksQueryOptions = infiniteQueryOptions({
  queryKey: libraryKeys.bookmarks,
  queryFn: ({ pageParam, signal }) => api.bookmarks(pageParam, signal),
  ...cursorPages,
});

export function useBookmarks(enabled: boolean) {
  return useInfiniteQuery({ ...bookmarksQueryOptions, enabled });
}

export function bookmarkStateQueryOptions(episodeId: string) {
  return queryOptions({
    queryKey: libraryKeys.bookmark(episodeId),
    queryFn: ({ signal }) => api.bookmarkState(episodeId, signal),
  });
}

export function useBookmarkState(episodeId: string, enabled: boolean) {
  return useQuery({ ...bookmarkStateQueryOptions(episodeId), enabled });
}

/** Bookmark on/off, shown at once and rolled back if the server refuses. */
export function useSetBookmark(episodeId: string) {
  const queryClient = useQueryClient();
  const key = libraryKeys.bookmark(episodeId);
  return useMutation({
    mutationFn: (bookmarked: boolean) => api.setBookmark(episodeId, bookmarked),
    onMutate: (bookmarked) =>
      showOptimistic<BookmarkState>(queryClient, key, () => ({
        bookmarked,
        bookmarkedAt: bookmarked ? new Date().toISOString() : null,
      })),
    onError: (_error, _bookmarked, context) => rollback(queryClient, key, context),
    onSuccess: (state) => queryClient.setQueryData(key, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.bookmarks }),
  });
}

export function myListsQueryOptions(episodeId?: string) {
  return queryOptions({
    queryKey: libraryKeys.myListsFor(episodeId),
    queryFn: ({ signal }) => api.myLists(episodeId, signal),
  });
}

export function useMyLists(enabled: boolean, episodeId?: string) {
  return useQuery({ ...myListsQueryOptions(episodeId), enabled });
}

export function listQueryOptions(listId: string) {
  return queryOptions({
    queryKey: libraryKeys.list(listId),
    queryFn: ({ signal }) => api.list(listId, signal),
  });
}

export function useList(listId: string) {
  return useQuery(listQueryOptions(listId));
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.createList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.myLists }),
  });
}

export function useUpdateList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateListInput) => api.updateList(listId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.list(listId) }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.myLists }),
      ]),
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => api.deleteList(listId),
    onSuccess: (_data, listId) => {
      queryClient.removeQueries({ queryKey: libraryKeys.list(listId) });
      return queryClient.invalidateQueries({ queryKey: libraryKeys.myLists });
    },
  });
}

export function useAddToList(episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => api.addToList(listId, episodeId),
    onSettled: (_data, _error, listId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.myLists }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.list(listId) }),
      ]),
  });
}

export function useRemoveFromList(listId: string) {
  const queryClient = useQueryClient();
  const key = libraryKeys.list(listId);
  return useMutation({
    mutationFn: (episodeId: string) => api.removeFromList(listId, episodeId),
    onMutate: (episodeId) =>
      showOptimistic<ListView>(queryClient, key, (previous) =>
        previous
          ? {
              list: { ...previous.list, episodeCount: Math.max(0, previous.list.episodeCount - 1) },
              episodes: previous.episodes.filter((entry) => entry.episode.id !== episodeId),
            }
          : undefined,
      ),
    onError: (_error, _episodeId, context) => rollback(queryClient, key, context),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: libraryKeys.myLists }),
      ]),
  });
}

/** Applies the new order at once; the server's answer (or a rollback) follows. */
export function useReorderList(listId: string) {
  const queryClient = useQueryClient();
  const key = libraryKeys.list(listId);
  const mutationKey = ["library", "reorder", listId];
  return useMutation({
    mutationKey,
    // Moves made in quick succession are saved one after another, in the order they were made:
    // two requests in flight at once could reach the server in either order.
    scope: { id: mutationKey.join(":") },
    mutationFn: (episodeIds: string[]) => api.reorderList(listId, episodeIds),
    onMutate: (episodeIds) =>
      showOptimistic<ListView>(queryClient, key, (previous) => {
        if (!previous) return undefined;
        const byId = new Map(previous.episodes.map((entry) => [entry.episode.id, entry]));
        const episodes = episodeIds.flatMap((id, position) => {
          const entry = byId.get(id);
          return entry ? [{ ...entry, position }] : [];
        });
        return { ...previous, episodes };
      }),
    onError: (_error, _ids, context) => rollback(queryClient, key, context),
    // Refetch after the last move only: the list as an earlier move left it would undo the later
    // moves on screen until they are saved.
    onSettled: () =>
      queryClient.isMutating({ mutationKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: key })
        : undefined,
  });
}
