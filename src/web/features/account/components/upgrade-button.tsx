import { useNavigate } from "@tanstack/react-router";
import { Sparkles } from "lucide-react";
import { accountNotices } from "~/domain/account-controls";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useStartCheckout } from "~/web/features/account/account-api";
import { useAppConfig, useSession } from "~/web/lib/session";

/**
 * The Plus card's 'Upgrade to Plus' (spec 3 §4 checkout button: idle, 'Loading...', idle). Signed
 * out it asks to sign in and comes back to /pricing; signed in it starts Checkout and sends the
 * browser to Stripe. On a server without billing it says so instead.
 */
export function UpgradeButton() {
  const { isSignedIn } = useSession();
  const config = useAppConfig();
  const checkout = useStartCheckout();
  const navigate = useNavigate();
  // Still 'Loading...' while the browser leaves for Checkout.
  const isBusy = checkout.isPending || checkout.isSuccess;

  if (config.data && !config.data.billingEnabled) {
    return (
      <p className="rounded-md border border-dashed border-border p-3 text-center text-sm text-muted-foreground">
        {accountNotices.billingOff}
      </p>
    );
  }

  async function upgrade() {
    if (!isSignedIn) {
      notify.error(accountNotices.signInToUpgrade);
      await navigate({ to: "/auth", search: { redirect: "/pricing" } });
      return;
    }
    try {
      const { url } = await checkout.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      notify.error(accountNotices.checkoutFailed, error instanceof Error ? error.message : undefined);
    }
  }

  return (
    <Button size="lg" className="w-full" onClick={() => void upgrade()} disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? <Spinner /> : <Sparkles aria-hidden="true" />}
      {isBusy ? "Loading..." : "Upgrade to Plus"}
    </Button>
  );
}
