import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CardRatingResult, DueCards, DueCount } from "~/domain/contract/review";
import type { ReviewGrade } from "~/domain/spaced-repetition";
import { notifyAchievements } from "~/web/components/achievement-toast";
import { apiFetch } from "~/web/lib/api-client";
import { statsQueryKey, useSession } from "~/web/lib/session";
import { todayQueryKey } from "./today-api";

export const reviewKeys = {
  all: ["review"] as const,
  cards: ["review", "cards"] as const,
  dueCount: ["review", "due-count"] as const,
};

/** The due cards of this session, loaded once: rating them must not reshuffle the deck. */
export function useDueCards() {
  return useQuery({
    queryKey: reviewKeys.cards,
    queryFn: ({ signal }) => apiFetch<DueCards>("/api/v1/me/review/cards", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * Rates a card; each saved rating refreshes the due counts of the badge and the Today card, and the
 * header's XP (a rating earns review XP).
 */
export function useRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, grade }: { cardId: string; grade: ReviewGrade }) =>
      apiFetch<CardRatingResult>(`/api/v1/me/review/cards/${cardId}/rating`, {
        method: "POST",
        body: { grade },
      }),
    onSuccess: (result) => {
      notifyAchievements(result.newAchievements);
      for (const queryKey of [reviewKeys.dueCount, todayQueryKey, statsQueryKey])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/**
 * After a review session: the badge and the header streak refresh now; the deck on screen stays
 * until the next visit, which loads a fresh one.
 */
export function useReviewDone() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [reviewKeys.dueCount, statsQueryKey, todayQueryKey])
      void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.cards, refetchType: "none" });
  };
}

/** How many cards are due, for the navigation badge (signed in only). */
export function useDueCount() {
  const { isSignedIn } = useSession();
  return useQuery({
    queryKey: reviewKeys.dueCount,
    queryFn: ({ signal }) => apiFetch<DueCount>("/api/v1/me/review/due-count", { signal }),
    enabled: isSignedIn,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    select: (data) => data.count,
  });
}
