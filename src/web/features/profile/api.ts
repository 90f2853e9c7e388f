import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Avatar } from "~/domain/contract/avatar";
import type {
  ProfileFollowing,
  ProfileHistory,
  ProfileLists,
  ProfileSaved,
  ProfileSummary,
} from "~/domain/contract/profile";
import type { UpdateProfileInput } from "~/domain/profile";
import { apiFetch, isApiError } from "~/web/lib/api-client";
import { sessionQueryKey } from "~/web/lib/session";

export type ProfileTab = "saved" | "lists" | "history" | "following";

type TabData = {
  saved: ProfileSaved;
  lists: ProfileLists;
  history: ProfileHistory;
  following: ProfileFollowing;
};

export const profileKeys = {
  all: ["profile"] as const,
  summary: (userId: string) => ["profile", userId] as const,
  tab: (userId: string, tab: ProfileTab) => ["profile", userId, tab] as const,
};

export const api = {
  summary: (userId: string, signal?: AbortSignal) =>
    apiFetch<ProfileSummary>(`/api/v1/profiles/${encodeURIComponent(userId)}`, { signal }),
  tab: <T extends ProfileTab>(userId: string, tab: T, signal?: AbortSignal) =>
    apiFetch<TabData[T]>(`/api/v1/profiles/${encodeURIComponent(userId)}/${tab}`, { signal }),
  update: (input: UpdateProfileInput) =>
    apiFetch<ProfileSummary>("/api/v1/me/profile", { method: "PATCH", body: input }),
  /** The avatar routes (contract/avatar.ts): the raw image bytes as the body. */
  uploadAvatar: (file: Blob) =>
    apiFetch<Avatar>("/api/v1/me/avatar", {
      method: "PUT",
      body: file,
      headers: { "Content-Type": file.type || "application/octet-stream" },
    }),
  removeAvatar: () => apiFetch<Avatar>("/api/v1/me/avatar", { method: "DELETE" }),
};

export function useProfileSummary(userId: string) {
  return useQuery({
    queryKey: profileKeys.summary(userId),
    queryFn: ({ signal }) => api.summary(userId, signal),
    enabled: userId.length > 0,
    // A missing profile or a malformed id will not appear by asking again.
    retry: (count, error) =>
      count < 2 && !(isApiError(error) && (error.status === 404 || error.status === 400)),
  });
}

export function useProfileTab<T extends ProfileTab>(userId: string, tab: T) {
  return useQuery({
    queryKey: profileKeys.tab(userId, tab),
    queryFn: ({ signal }) => api.tab(userId, tab, signal),
  });
}

/** Refreshes what shows the profile: the session (the header's name and avatar) and the profile pages. */
function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    ]);
}

/** Uploads an avatar image; the avatar route stores it on the profile at once. */
export function useUploadAvatar() {
  const refresh = useRefreshProfile();
  return useMutation({ mutationFn: api.uploadAvatar, onSuccess: refresh });
}

/** Removes the stored picture files and clears the profile's avatar (also before a pasted URL replaces it). */
export function useRemoveAvatar() {
  const refresh = useRefreshProfile();
  return useMutation({ mutationFn: api.removeAvatar, onSuccess: refresh });
}

export function useUpdateProfile() {
  const refresh = useRefreshProfile();
  return useMutation({ mutationFn: api.update, onSuccess: refresh });
}
