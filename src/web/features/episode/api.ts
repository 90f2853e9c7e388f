import { queryOptions, useQuery } from "@tanstack/react-query";
import type { EpisodeDetail, EpisodeTranscript } from "~/domain/contract/episodes";
import { apiFetch } from "~/web/lib/api-client";

export const episodeKeys = {
  detail: (id: string) => ["episode", id] as const,
  // Keyed by who made the transcript: one arriving (transcription) is a new fetch.
  transcript: (id: string, source: string | null) => ["episode", id, "transcript", source] as const,
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

/** The transcript, fetched when the Transcript tab opens (the detail does not carry it). */
export function useEpisodeTranscript(
  id: string,
  source: string | null,
  { isEnabled }: { isEnabled: boolean },
) {
  return useQuery({
    queryKey: episodeKeys.transcript(id, source),
    queryFn: ({ signal }) =>
      apiFetch<EpisodeTranscript>(`/api/v1/episodes/${encodeURIComponent(id)}/transcript`, { signal }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
