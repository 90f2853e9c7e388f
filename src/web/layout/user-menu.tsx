import { useNavigate } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { Button } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useSignOut } from "~/web/features/account/api";
import { cn } from "~/web/lib/cn";
import { useSession } from "~/web/lib/session";

/** The signed-in user's name (visible on wide screens unless `compact`) and Sign out. */
export function UserMenu({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { user, profile } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const displayName = profile?.name || user?.name || "User";

  async function handleSignOut() {
    try {
      await signOut.mutateAsync();
      void navigate({ to: "/" });
    } catch (error) {
      notify.error("Error", error instanceof Error ? error.message : "Could not sign out. Please try again.");
    }
  }

  return (
    <div className={cn("flex min-w-0 items-center gap-1", className)}>
      <span
        aria-hidden="true"
        title={displayName}
        className={cn(
          "hidden size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground",
          compact ? "lg:flex" : "xl:flex",
        )}
      >
        {displayName.slice(0, 1).toUpperCase()}
      </span>
      <span
        className={cn(
          "sr-only max-w-[10rem] truncate text-sm font-medium whitespace-nowrap",
          // not-sr-only resets white-space, so nowrap is repeated at the same breakpoint.
          !compact && "xl:not-sr-only xl:whitespace-nowrap",
        )}
        title={displayName}
      >
        {displayName}
      </span>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void handleSignOut()}
        disabled={signOut.isPending}
        aria-label="Sign out"
        title="Sign out"
        className="px-2.5"
      >
        {signOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
        <span className="hidden lg:inline">Sign out</span>
      </Button>
    </div>
  );
}
