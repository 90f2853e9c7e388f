import { useNavigate } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useSignOut } from "~/web/features/account/api";

/** A labelled sign-out button (the profile's Logout): signs out, then goes home. */
export function SignOutButton({ label = "Sign out" }: { label?: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();

  async function handleSignOut() {
    try {
      await signOut.mutateAsync();
      await navigate({ to: "/" });
    } catch (error) {
      notify.error("Error", error instanceof Error ? error.message : "Could not sign out. Please try again.");
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={() => void handleSignOut()} disabled={signOut.isPending}>
      {signOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
      {label}
    </Button>
  );
}
