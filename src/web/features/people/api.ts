import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/web/lib/api-client";

/** Response shape of /api/v1/guests/{id} and /api/v1/hosts/{id} (src/server/routes/people.ts). */
export type PersonKind = "guest" | "host";

export type PersonPage = {
  person: {
    id: string;
    name: string;
    bio: string | null;
    avatarUrl: string | null;
    websiteUrl: string | null;
    twitterHandle: string | null;
    linkedinUrl: string | null;
  };
  episodes: {
    id: string;
    title: string;
    summary: string | null;
    imageUrl: string | null;
    pubDate: string;
    duration: number | null;
    podcast: { id: string; name: string; coverUrl: string | null };
  }[];
};

export function personQueryOptions(kind: PersonKind, id: string) {
  return queryOptions({
    queryKey: ["people", kind, id],
    queryFn: ({ signal }) => apiFetch<PersonPage>(`/api/v1/${kind}s/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePerson(kind: PersonKind, id: string) {
  return useQuery(personQueryOptions(kind, id));
}
