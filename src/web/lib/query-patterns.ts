import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** What the features' TanStack Query options have in common, written once. */

/** A cursor-paged list (`{ items, nextCursor }`): the first page has no cursor; null ends the list. */
export const cursorPages = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined,
};

/** The address of one page of a cursor-paged list. */
export function pagePath(path: string, limit: number, cursor: string | undefined) {
  return `${path}${path.includes("?") ? "&" : "?"}limit=${limit}${
    cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""
  }`;
}

/**
 * A mutation's `onMutate`: shows its outcome at once. Stops the key's fetches in flight (they would
 * overwrite it), writes `update(previous)`, and returns `{ previous }` for `rollback`.
 */
export async function showOptimistic<T>(
  queryClient: QueryClient,
  key: QueryKey,
  update: (previous: T | undefined) => T | undefined,
) {
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<T>(key);
  const next = update(previous);
  if (next !== undefined) queryClient.setQueryData<T>(key, next);
  return { previous };
}

/** A mutation's `onError` after `showOptimistic`: puts back what the cache held. */
export function rollback<T>(queryClient: QueryClient, key: QueryKey, context: { previous: T } | undefined) {
  queryClient.setQueryData(key, context?.previous);
}
