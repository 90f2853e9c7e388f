import { Link, useNavigate } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useSession, useSignOut } from "~/web/features/account/api";
import { LogoMark } from "./logo";

/** The minimal top header: logo, then Login / Get Started, or the user's name and Sign out. */
export function Header() {
  const { user, profile, isResolving } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();

  async function handleSignOut() {
    try {
      await signOut.mutateAsync();
      void navigate({ to: "/" });
    } catch (error) {
      notify.error("Error", error instanceof Error ? error.message : "Could not sign out. Please try again.");
    }
  }

  const displayName = profile?.name || user?.name || "User";

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="-mx-1 flex items-center gap-2 rounded-md px-1 py-1 text-lg font-semibold tracking-tight"
        >
          <LogoMark />
          Earmark
        </Link>

        <nav aria-label="Account" className="flex min-w-0 items-center gap-1.5 sm:gap-2">
          {isResolving ? (
            <Skeleton className="h-9 w-36" />
          ) : user ? (
            <>
              <span
                className="max-w-[9rem] truncate text-sm font-medium sm:max-w-[16rem]"
                title={displayName}
              >
                {displayName}
              </span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void handleSignOut()}
                disabled={signOut.isPending}
              >
                {signOut.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
                Sign out
              </Button>
            </>
          ) : (
            <>
              <Link
                to="/auth"
                search={{ mode: "sign-in" }}
                className={buttonVariants({ variant: "ghost", size: "sm" })}
              >
                Login
              </Link>
              <Link to="/auth" search={{ mode: "sign-up" }} className={buttonVariants({ size: "sm" })}>
                Get Started
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
