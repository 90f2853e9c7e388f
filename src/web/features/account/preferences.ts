import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { Session, ThemeSetting, UserStats } from "~/domain/contract/account";
import { notify } from "~/web/components/ui/toaster";
import { apiFetch } from "~/web/lib/api-client";
import {
  applyTheme,
  getThemePreference,
  subscribeToThemePreference,
  type ThemePreference,
} from "~/web/lib/theme";
import { sessionQueryKey, useSession } from "./session";

export const statsQueryKey = ["me", "stats"] as const;

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

/**
 * Whether this browser was signed in last time (a hint only; the session decides). The home page
 * uses it to show the landing page at once to visitors instead of a placeholder while the session
 * loads, and the placeholder to returning users, so neither sees the other's page flash.
 */
const SIGNED_IN_HINT_KEY = "earmark.signedIn";

export function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

export function useRememberSignedIn(): void {
  const { session } = useSession();
  const isSignedIn = session === undefined ? undefined : Boolean(session.user);
  useEffect(() => {
    if (isSignedIn === undefined) return;
    try {
      if (isSignedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, "1");
      else localStorage.removeItem(SIGNED_IN_HINT_KEY);
    } catch {
      // Storage may be unavailable (private mode); the hint is optional.
    }
  }, [isSignedIn]);
}
