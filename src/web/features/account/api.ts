import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SignInInput, SignUpInput } from "~/domain/auth";
import type { Session, SessionUser } from "~/domain/session";
import { apiFetch, isApiError } from "~/web/lib/api-client";

export type AppConfig = { googleEnabled: boolean };

export const signedOutSession: Session = { user: null, profile: null, roles: [] };

export const sessionQueryKey = ["session"] as const;
export const configQueryKey = ["config"] as const;

export const api = {
  getSession: (signal?: AbortSignal) => apiFetch<Session>("/api/v1/auth/session", { signal }),
  signUp: (input: SignUpInput) =>
    apiFetch<{ user: SessionUser }>("/api/v1/auth/sign-up", { method: "POST", body: input }),
  signIn: (input: SignInInput) =>
    apiFetch<{ user: SessionUser }>("/api/v1/auth/sign-in", { method: "POST", body: input }),
  signOut: () => apiFetch<void>("/api/v1/auth/sign-out", { method: "POST" }),
  getConfig: (signal?: AbortSignal) => apiFetch<AppConfig>("/api/v1/config", { signal }),
  /** Starts the Google OAuth flow; the browser must then go to the returned url. */
  startGoogleSignIn: (callbackURL: string) =>
    apiFetch<{ url?: string }>("/api/auth/sign-in/social", {
      method: "POST",
      body: { provider: "google", callbackURL },
    }),
};

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => api.getSession(signal),
  staleTime: 60_000,
  // The whole shell waits for the session; do not keep it waiting long on a failing server.
  retry: (failureCount, error) =>
    failureCount < 1 && !(isApiError(error) && error.status < 500 && error.status > 0),
  retryDelay: 500,
});

export const configQueryOptions = queryOptions({
  queryKey: configQueryKey,
  queryFn: ({ signal }) => api.getConfig(signal),
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

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: api.signOut,
    onSuccess: async () => {
      // Drop everything that belonged to the signed-in user, then confirm with the server.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, signedOutSession);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: api.startGoogleSignIn });
}
