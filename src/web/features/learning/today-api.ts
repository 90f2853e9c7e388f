import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DailyGoalSetting, Today } from "~/domain/contract/today";
import type { DailyXpGoal } from "~/domain/today";
import { notify } from "~/web/components/ui/toaster";
import { apiFetch } from "~/web/lib/api-client";
import { useSession } from "~/web/lib/session";

/** The Today card's query: refreshed by whatever earns XP or changes the due cards (quiz, review). */
export const todayQueryKey = ["me", "today"] as const;

export function useToday() {
  const { isSignedIn } = useSession();
  return useQuery({
    queryKey: todayQueryKey,
    queryFn: ({ signal }) => apiFetch<Today>("/api/v1/me/today", { signal }),
    enabled: isSignedIn,
    staleTime: 30_000,
  });
}

/**
 * Sets the daily XP goal. Optimistic: the card shows the new goal at once; if the save fails the
 * old goal comes back and a toast says so.
 */
export function useSetDailyGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: DailyXpGoal) =>
      apiFetch<DailyGoalSetting>("/api/v1/me/daily-goal", { method: "PUT", body: { goal } }),
    onMutate: async (goal) => {
      await queryClient.cancelQueries({ queryKey: todayQueryKey });
      const previous = queryClient.getQueryData<Today>(todayQueryKey);
      queryClient.setQueryData<Today>(todayQueryKey, (today) =>
        today ? { ...today, dailyGoal: goal } : today,
      );
      return { previous };
    },
    onError: (error, _goal, context) => {
      if (context?.previous) queryClient.setQueryData(todayQueryKey, context.previous);
      notify.error("Daily goal not saved", error.message || "We couldn't save your goal. Please try again.");
    },
    onSuccess: ({ goal }) => {
      queryClient.setQueryData<Today>(todayQueryKey, (today) =>
        today ? { ...today, dailyGoal: goal } : today,
      );
    },
  });
}
