import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AcceptedInvite,
  CreatedInvite,
  FollowStatusBody,
  FriendRequests,
  FriendSearch,
  Friends,
  InvitePreview,
} from "~/domain/contract/social";
import { apiFetch, isApiError } from "~/web/lib/api-client";

export const socialKeys = {
  all: ["social"] as const,
  friends: ["social", "friends"] as const,
  requests: ["social", "requests"] as const,
  search: (text: string) => ["social", "search", text] as const,
  invite: (token: string) => ["invite", token] as const,
};

const userPath = (userId: string) => encodeURIComponent(userId);

export const api = {
  friends: (signal?: AbortSignal) => apiFetch<Friends>("/api/v1/friends", { signal }),
  requests: (signal?: AbortSignal) => apiFetch<FriendRequests>("/api/v1/friends/requests", { signal }),
  search: (text: string, signal?: AbortSignal) =>
    apiFetch<FriendSearch>(`/api/v1/friends/search?q=${encodeURIComponent(text)}`, { signal }),
  sendRequest: (userId: string) =>
    apiFetch<FollowStatusBody>("/api/v1/friends/requests", { method: "POST", body: { userId } }),
  accept: (userId: string) =>
    apiFetch<FollowStatusBody>(`/api/v1/friends/requests/${userPath(userId)}/accept`, { method: "POST" }),
  decline: (userId: string) =>
    apiFetch<void>(`/api/v1/friends/requests/${userPath(userId)}`, { method: "DELETE" }),
  remove: (userId: string) => apiFetch<void>(`/api/v1/friends/${userPath(userId)}`, { method: "DELETE" }),
  createInvite: () => apiFetch<CreatedInvite>("/api/v1/invites", { method: "POST" }),
  invite: (token: string, signal?: AbortSignal) =>
    apiFetch<InvitePreview>(`/api/v1/invites/${encodeURIComponent(token)}`, { signal }),
  acceptInvite: (token: string) =>
    apiFetch<AcceptedInvite>(`/api/v1/invites/${encodeURIComponent(token)}/accept`, { method: "POST" }),
};

export function useFriends() {
  return useQuery({ queryKey: socialKeys.friends, queryFn: ({ signal }) => api.friends(signal) });
}

export function useFriendRequests() {
  return useQuery({ queryKey: socialKeys.requests, queryFn: ({ signal }) => api.requests(signal) });
}

/** The player search; empty text asks nothing (the server would find nobody anyway). */
export function usePlayerSearch(text: string) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: socialKeys.search(trimmed),
    queryFn: ({ signal }) => api.search(trimmed, signal),
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Any change to a follow refreshes the friends, the requests and the search results. */
function useSocialMutation<T>(mutationFn: (userId: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialKeys.all }),
  });
}

export const useSendFriendRequest = () => useSocialMutation(api.sendRequest);
export const useAcceptFriendRequest = () => useSocialMutation(api.accept);
export const useDeclineFriendRequest = () => useSocialMutation(api.decline);
export const useRemoveFriend = () => useSocialMutation(api.remove);

export function useCreateInvite() {
  return useMutation({ mutationFn: api.createInvite });
}

export function useInvite(token: string) {
  return useQuery({
    queryKey: socialKeys.invite(token),
    queryFn: ({ signal }) => api.invite(token, signal),
    // An invalid link does not become valid by asking again.
    retry: (count, error) => count < 2 && !(isApiError(error) && [400, 404].includes(error.status)),
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.acceptInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialKeys.all }),
  });
}
