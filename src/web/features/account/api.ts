import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignInInput, SignUpInput } from "~/domain/auth";
import type { SignedIn } from "~/domain/contract/account";
import { apiFetch } from "~/web/lib/api-client";
import { getConfig, getSession, sessionQueryKey, signedOutSession } from "~/web/lib/session";

export const api = {
  getSession,
  signUp: (input: SignUpInput) => apiFetch<SignedIn>("/api/v1/auth/sign-up", { method: "POST", body: input }),
  signIn: (input: SignInInput) => apiFetch<SignedIn>("/api/v1/auth/sign-in", { method: "POST", body: input }),
  signOut: () => apiFetch<void>("/api/v1/auth/sign-out", { method: "POST" }),
  getConfig,
  /** Starts the Google OAuth flow; the browser must then go to the returned url. */
  startGoogleSignIn: (callbackURL: string) =>
    apiFetch<{ url?: string }>("/api/auth/sign-in/social", {
      method: "POST",
      body: { provider: "google", callbackURL },
    }),
};

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
