import { createFileRoute } from "@tanstack/react-router";
import { AccountPage, type CheckoutReturn } from "~/web/features/account/components/account-page";
import { requireSignIn } from "~/web/features/account/require-sign-in";

type AccountSearch = { checkout?: "success" | "cancelled" };

function validateSearch(search: Record<string, unknown>): AccountSearch {
  return search.checkout === "success" || search.checkout === "cancelled"
    ? { checkout: search.checkout }
    : {};
}

export const Route = createFileRoute("/account")({
  validateSearch,
  beforeLoad: requireSignIn,
  component: Account,
});

function Account() {
  const { checkout } = Route.useSearch();
  return <AccountPage checkout={checkout satisfies CheckoutReturn} />;
}
