import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Session } from "~/domain/contract/account";
import type { AppConfig } from "~/domain/contract/system";
import { apiFetch, isApiError } from "~/web/lib/api-client";

/**
 * The session and the app's config: what the shell and the landing page read on their first render.
 * Apart from the sign-in and sign-out mutations (./api.ts), so that those stay out of the landing
 * page's first load (decision 012).
 */
export const signedOutSession: Session = { user: null, profile: null, roles: [] };

export const sessionQueryKey = ["session"] as const;
export const configQueryKey = ["config"] as const;

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
