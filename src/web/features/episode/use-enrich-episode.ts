import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EnrichmentQueued } from "~/domain/contract/episodes";
import { apiFetch } from "~/web/lib/api-client";
import { episodeKeys } from "./api";

// Apart from ./api.ts, whose query options the episode route's loader (in the first-load chunk) uses.
/** Enrich Data: queues the feed fetch; the page reloads the episode a few times while it runs. */
export function useEnrichEpisode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<EnrichmentQueued>(`/api/v1/episodes/${id}/enrich`, { method: "POST" }),
    onSuccess: () => {
      for (const delay of [5_000, 15_000, 45_000]) {
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: episodeKeys.detail(id) }), delay);
      }
    },
  });
}
