import { useQuery } from "@tanstack/react-query";
import type { ConceptMap, KnowledgeProfile } from "~/domain/contract/knowledge";
import { apiFetch } from "~/web/lib/api-client";

export const knowledgeKeys = {
  profile: ["knowledge", "profile"] as const,
  concepts: ["knowledge", "concepts"] as const,
};

/** Points, level and progress per theme, with mastered themes and the recommended focus. */
export function useKnowledgeProfile() {
  return useQuery({
    queryKey: knowledgeKeys.profile,
    queryFn: ({ signal }) => apiFetch<KnowledgeProfile>("/api/v1/me/knowledge", { signal }),
    // Any quiz answer changes it, and the quiz screens cannot reach these keys: refresh on every visit.
    staleTime: 0,
  });
}

/** The concepts the user answered most, with their episodes and moments. */
export function useConceptMap() {
  return useQuery({
    queryKey: knowledgeKeys.concepts,
    queryFn: ({ signal }) => apiFetch<ConceptMap>("/api/v1/me/knowledge/concepts", { signal }),
    staleTime: 0,
  });
}
