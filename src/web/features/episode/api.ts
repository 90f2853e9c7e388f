import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/web/lib/api-client";

/** Response shapes of /api/v1/episodes/{id} (src/server/routes/episodes.ts). */
export type Person = {
  id: string;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  websiteUrl: string | null;
  twitterHandle: string | null;
  linkedinUrl: string | null;
};

export type TranscriptSegment = { start: number; end: number; text: string; speaker: string | null };

export type EpisodeDetail = {
  id: string;
  title: string;
  summary: string | null;
  insights: { keyPoint: string; timecode: number | null }[];
  keyInsights: string[];
  topics: string[];
  transcriptText: string | null;
  transcriptUrl: string | null;
  transcriptSegments: TranscriptSegment[];
  audioUrl: string | null;
  youtubeUrl: string | null;
  imageUrl: string | null;
  duration: number | null;
  pubDate: string;
  publishedAt: string | null;
  quizStatus: string;
  podcast: { id: string; name: string; coverUrl: string | null };
  chapters: { startTime: number; title: string }[];
  links: { url: string; title: string | null; category: string | null }[];
  guests: Person[];
  hosts: Person[];
  counts: { people: number; chapters: number; links: number; transcriptSegments: number };
};

export const episodeKeys = {
  detail: (id: string) => ["episode", id] as const,
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
