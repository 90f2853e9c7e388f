import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Suggestions } from "~/domain/contract/catalog";
import type { EpisodeTranscript } from "~/domain/contract/episodes";
import type {
  AdminPost,
  AdminPostPage,
  PostPage,
  PostView,
  Reflection,
  ReflectionPage,
  TopicList,
} from "~/domain/contract/feed";
import type { PostInput } from "~/domain/feed";
import { FEED_PAGE_SIZE } from "~/domain/feed-constants";
import type { PostType } from "~/domain/post-types";
import { SUGGEST_MIN_LENGTH } from "~/domain/search";
import { apiFetch, isApiError } from "~/web/lib/api-client";

export type FeedFilters = { type?: PostType | undefined; topic?: string | undefined };

export const feedKeys = {
  all: ["feed"] as const,
  list: (filters: FeedFilters) => ["feed", "list", filters.type ?? "all", filters.topic ?? "all"] as const,
  topics: ["feed", "topics"] as const,
  post: (slug: string) => ["feed", "post", slug] as const,
  reflections: (slug: string) => ["feed", "reflections", slug] as const,
  admin: ["feed", "admin"] as const,
  adminPost: (id: string) => ["feed", "admin", id] as const,
};

function feedQuery(filters: FeedFilters, cursor: string | undefined) {
  const params = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (filters.type) params.set("type", filters.type);
  if (filters.topic) params.set("topic", filters.topic);
  if (cursor) params.set("cursor", cursor);
  return params.toString();
}

export function useFeed(filters: FeedFilters) {
  return useInfiniteQuery({
    queryKey: feedKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PostPage>(`/api/v1/posts?${feedQuery(filters, pageParam)}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useTopics() {
  return useQuery({
    queryKey: feedKeys.topics,
    queryFn: ({ signal }) => apiFetch<TopicList>("/api/v1/topics", { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePost(slug: string) {
  return useQuery({
    queryKey: feedKeys.post(slug),
    queryFn: ({ signal }) => apiFetch<PostView>(`/api/v1/posts/${encodeURIComponent(slug)}`, { signal }),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status === 404),
  });
}

export function useReflections(slug: string) {
  return useInfiniteQuery({
    queryKey: feedKeys.reflections(slug),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ReflectionPage>(
        `/api/v1/posts/${encodeURIComponent(slug)}/reflections?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function usePostReflection(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiFetch<Reflection>(`/api/v1/posts/${encodeURIComponent(slug)}/reflections`, {
        method: "POST",
        body: { content },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.reflections(slug) }),
  });
}

export function useDeleteReflection(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/v1/reflections/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.reflections(slug) }),
  });
}

// Authoring ----------------------------------------------------------------------------------------

export function useAdminPosts() {
  return useQuery({
    queryKey: feedKeys.admin,
    queryFn: ({ signal }) => apiFetch<AdminPostPage>("/api/v1/admin/posts?limit=100", { signal }),
  });
}

export function useAdminPost(id: string | null) {
  return useQuery({
    queryKey: feedKeys.adminPost(id ?? "new"),
    queryFn: ({ signal }) => apiFetch<AdminPost>(`/api/v1/admin/posts/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PostInput }) =>
      apiFetch<AdminPost>(id ? `/api/v1/admin/posts/${id}` : "/api/v1/admin/posts", {
        method: id ? "PUT" : "POST",
        body: input,
      }),
    // Drafts, the feed, the home page's insights and the post itself may all change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["catalog"] }),
      ]),
  });
}

export function useDraftWeeklySynthesis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<AdminPost>("/api/v1/admin/posts/weekly-synthesis", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.admin }),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/v1/admin/posts/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

/** Episodes whose title or summary match, for choosing a source (the catalog's suggestion list). */
export function useEpisodeChoices(q: string) {
  return useQuery({
    queryKey: ["feed", "episode-choices", q],
    queryFn: ({ signal }) =>
      apiFetch<Suggestions>(`/api/v1/catalog/suggest?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim().length >= SUGGEST_MIN_LENGTH,
    staleTime: 60_000,
  });
}

/** An episode's transcript lines, to pick a source's quote and times from. */
export function useEpisodeTranscript(episode: { id: string; title: string } | null) {
  return useQuery({
    queryKey: ["feed", "transcript", episode?.id],
    queryFn: ({ signal }) =>
      apiFetch<EpisodeTranscript>(`/api/v1/episodes/${episode?.id}/transcript`, { signal }),
    enabled: episode !== null,
    select: (transcript) => ({ title: episode?.title ?? "", segments: transcript.segments }),
    staleTime: 5 * 60_000,
  });
}
