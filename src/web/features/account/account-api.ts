import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput, DeleteAccountInput } from "~/domain/account-controls";
import type { AccountOverview, BillingRedirect, BillingStatus } from "~/domain/contract/billing";
import { apiFetch } from "~/web/lib/api-client";
import { sessionQueryKey, signedOutSession } from "~/web/lib/session";

/** The account page and Plus billing (decision 030). */
export const accountQueryKey = ["account"] as const;

export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKey,
  queryFn: ({ signal }) => apiFetch<AccountOverview>("/api/v1/account", { signal }),
});

export const useAccount = () => useQuery(accountQueryOptions);

/** Starts Checkout; the caller sends the browser to the returned url. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: () => apiFetch<BillingRedirect>("/api/v1/billing/checkout", { method: "POST" }),
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => apiFetch<BillingRedirect>("/api/v1/billing/portal", { method: "POST" }),
  });
}

/** The return from Checkout: the server re-reads the subscription, so Plus shows at once. */
export function useSyncBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<BillingStatus>("/api/v1/billing/sync", { method: "POST" }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiFetch<void>("/api/v1/me/password", { method: "PUT", body: input }),
  });
}

/** After the server ended the session: forget everything that belonged to the user. */
function useForgetUser() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, signedOutSession);
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
}

export function useSignOutEverywhere() {
  const forget = useForgetUser();
  return useMutation({
    mutationFn: () => apiFetch<void>("/api/v1/me/sign-out-everywhere", { method: "POST" }),
    onSuccess: forget,
  });
}

export function useDeleteAccount() {
  const forget = useForgetUser();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiFetch<void>("/api/v1/me/delete", { method: "POST", body: input }),
    onSuccess: forget,
  });
}

/** The data export as a file download (the server names it earmark-data-<day>.json). */
export async function downloadMyData(): Promise<void> {
  const response = await fetch("/api/v1/me/export", { credentials: "include" });
  if (!response.ok) throw new Error("Your data could not be prepared. Please try again.");
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "earmark-data.json";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
