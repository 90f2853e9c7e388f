import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { Session, ThemeSetting, UserStats } from "~/domain/contract/account";
import { notify } from "~/web/components/ui/toaster";
import { apiFetch } from "~/web/lib/api-client";
import { sessionQueryKey, statsQueryKey, useSession } from "~/web/lib/session";
import {
  applyTheme,
  getThemePreference,
  subscribeToThemePreference,
  type ThemePreference,
} from "~/web/lib/theme";

/** Level, XP and streak for the header badges (signed in only). */
export function useStats() {
  const { isSignedIn } = useSession();
  return useQuery({
    queryKey: statsQueryKey,
    queryFn: ({ signal }) => apiFetch<UserStats>("/api/v1/me/stats", { signal }),
    enabled: isSignedIn,
    staleTime: 30_000,
  });
}

/** The current theme preference; it changes when the profile's theme is applied or the user picks one. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribeToThemePreference, getThemePreference, () => "dark" as const);
}

let hasChosen = false;

/** Whether the visitor picked a theme during this visit (it then wins over the signed-out default). */
export function hasChosenTheme(): boolean {
  return hasChosen;
}

/**
 * Spec 1 §4: choosing a theme applies at once and, when signed in, is saved to the profile.
 * A failed save keeps the choice for this visit and says so.
 */
export function useChooseTheme() {
  const queryClient = useQueryClient();
  const { isSignedIn } = useSession();
  return (theme: ThemePreference) => {
    hasChosen = true;
    applyTheme(theme);
    if (!isSignedIn) return;
    queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
      session?.profile ? { ...session, profile: { ...session.profile, theme } } : session,
    );
    // A plain request rather than a mutation hook: the theme switch is on the landing page's first
    // render, and this keeps TanStack Query's mutation code out of it (decision 012).
    apiFetch<ThemeSetting>("/api/v1/me/theme", { method: "PUT", body: { theme } }).catch((error: unknown) => {
      notify.error(
        "Theme not saved",
        error instanceof Error ? error.message : "We couldn't save your theme. Please try again.",
      );
    });
  };
}
