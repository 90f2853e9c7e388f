import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PersonPage } from "~/domain/contract/people";
import { apiFetch } from "~/web/lib/api-client";

/** /api/v1/guests/{id} and /api/v1/hosts/{id} (src/server/routes/people.ts). */
export type PersonKind = "guest" | "host";

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
