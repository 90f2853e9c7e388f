import { Link, useNavigate } from "@tanstack/react-router";
import { FlaskConical, LogOut } from "lucide-react";
import { useState } from "react";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useSignOut } from "~/web/features/account/api";
import { cn } from "~/web/lib/cn";
import { useSession } from "~/web/lib/session";

/**
 * The signed-in user's avatar (the initial when there is none or it fails to load) and name (visible
 * when the header row is wide, unless `compact`), linking to /profile from 640 px up, and Sign out.
 */
export function UserMenu({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { user, profile, session } = useSession();
  const isAdmin = Boolean(session?.roles.includes("admin"));
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
      <Link
        to="/profile"
        search={{}}
        title="Your profile"
        aria-label={`Your profile (${displayName})`}
        // Phones reach the profile through the bottom tabs; the header has no room to spare there.
        className="hidden min-w-0 items-center gap-2 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex"
      >
        <UserAvatar name={displayName} src={profile?.avatarUrl ?? null} />
        <span
          className={cn(
            "sr-only max-w-[10rem] truncate text-sm font-medium whitespace-nowrap",
            // Shown when the header row (a container) has room. not-sr-only resets white-space and
            // overflow, so nowrap and the ellipsis are repeated at the same width.
            !compact &&
              "@min-[66rem]:not-sr-only @min-[66rem]:overflow-hidden @min-[66rem]:text-ellipsis @min-[66rem]:whitespace-nowrap",
          )}
        >
          {displayName}
        </span>
      </Link>
      {/* Admins only; the lab and the server check the role again. */}
      {isAdmin && (
        <Link
          to="/admin"
          search={{}}
          title="Knowledge Lab"
          aria-label="Knowledge Lab"
          className={buttonVariants({ variant: "ghost", size: "sm", className: "px-2.5" })}
        >
          <FlaskConical aria-hidden="true" />
        </Link>
      )}
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
        <span className="hidden @min-[62rem]:inline">Sign out</span>
      </Button>
    </div>
  );
}

/** The avatar image, or the name's initial when there is none or it fails to load. Decorative. */
function UserAvatar({ name, src }: { name: string; src: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const base = "flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary";
  if (src && src !== failedSrc)
    return (
      <span className={base}>
        <img
          src={src}
          alt=""
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      </span>
    );
  return (
    <span aria-hidden="true" className={cn(base, "text-xs font-semibold text-secondary-foreground")}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
