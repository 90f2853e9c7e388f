import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Session } from "~/domain/contract/account";
import type { AppConfig } from "~/domain/contract/system";
import { apiFetch, isApiError } from "~/web/lib/api-client";

/**
 * The session and the app's config: what the shell, the landing page and every feature read (who is
 * signed in, the signed-in hint, the query keys that belong to the account). Shared here because
 * features do not import each other. Apart from the sign-in and sign-out mutations
 * (features/account/api.ts), so that those stay out of the landing page's first load (decision 012).
 */
export const signedOutSession: Session = { user: null, profile: null, roles: [] };

export const sessionQueryKey = ["session"] as const;
export const configQueryKey = ["config"] as const;
/** The level, XP and streak of the signed-in user: invalidated by whatever earns XP (quiz, review). */
export const statsQueryKey = ["me", "stats"] as const;

export const getSession = (signal?: AbortSignal) => apiFetch<Session>("/api/v1/auth/session", { signal });
export const getConfig = (signal?: AbortSignal) => apiFetch<AppConfig>("/api/v1/config", { signal });

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: 60_000,
  // The whole shell waits for the session; do not keep it waiting long on a failing server.
  retry: (failureCount, error) =>
    failureCount < 1 && !(isApiError(error) && error.status < 500 && error.status > 0),
  retryDelay: 500,
});

export const configQueryOptions = queryOptions({
  queryKey: configQueryKey,
  queryFn: ({ signal }) => getConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The current session. `data` is undefined while the first load is pending; if the session
 * cannot be loaded the visitor is treated as signed out.
 */
export function useSession() {
  const query = useQuery(sessionQueryOptions);
  const session = query.data ?? (query.isError ? signedOutSession : undefined);
  return {
    ...query,
    session,
    user: session?.user ?? null,
    profile: session?.profile ?? null,
    isSignedIn: Boolean(session?.user),
    /** True until we know whether someone is signed in. */
    isResolving: session === undefined,
  };
}

export function useAppConfig() {
  return useQuery(configQueryOptions);
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

/** Keeps the signed-in hint in step with the session (the root layout calls it once). */
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
