import { useQuery } from "@tanstack/react-query";
import type { AchievementList } from "~/domain/contract/achievements";
import { apiFetch } from "~/web/lib/api-client";

export const achievementsQueryKey = ["achievements"] as const;

/** Every achievement with the caller's progress, earned first. */
export function useAchievements() {
  return useQuery({
    queryKey: achievementsQueryKey,
    queryFn: ({ signal }) => apiFetch<AchievementList>("/api/v1/me/achievements", { signal }),
    // Quizzes and reviews move progress and cannot reach this key: refresh on every visit.
    staleTime: 0,
  });
}
