import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EpisodeChapters, MergedPositions, PlayerSettings, Queue } from "~/domain/contract/player";
import { apiFetch } from "~/web/lib/api-client";

/** Calls of the player area (src/server/routes/player.ts). */

export const playerApi = {
  getQueue: () => apiFetch<Queue>("/api/v1/me/queue"),
  saveQueue: (episodeIds: string[], index: number) =>
    apiFetch<Queue>("/api/v1/me/queue", { method: "PUT", body: { episodeIds, index } }),
  getSettings: () => apiFetch<PlayerSettings>("/api/v1/me/player-settings"),
  saveSettings: (playbackRate: number) =>
    apiFetch<PlayerSettings>("/api/v1/me/player-settings", {
      method: "PUT",
      body: { playbackRate },
    }),
  mergePositions: (
    positions: { episodeId: string; positionSeconds: number; progressSeconds: number; playedAt: string }[],
  ) =>
    apiFetch<MergedPositions>("/api/v1/me/positions/merge", {
      method: "POST",
      body: { positions },
    }),
  getChapters: (episodeId: string, signal?: AbortSignal) =>
    apiFetch<EpisodeChapters>(`/api/v1/episodes/${encodeURIComponent(episodeId)}/chapters`, {
      signal,
    }),
};

export const chaptersQueryOptions = (episodeId: string | null) =>
  queryOptions({
    queryKey: ["player", "chapters", episodeId],
    queryFn: async ({ signal }) => {
      if (!episodeId) return [];
      try {
        return (await playerApi.getChapters(episodeId, signal)).chapters;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") throw error;
        console.error("Could not load chapters", error);
        return [];
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    enabled: Boolean(episodeId),
  });

/** The current episode's chapters (empty when it has none or they cannot be loaded). */
export function useChapters(episodeId: string | null): EpisodeChapters["chapters"] {
  return useQuery(chaptersQueryOptions(episodeId)).data ?? [];
}
