import { Link } from "@tanstack/react-router";
import { Award, BarChart3, Home, ListMusic, Settings, UserRoundX } from "lucide-react";
import type { ReactNode } from "react";
import type { ProfileSummary } from "~/domain/contract/profile";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { useProfileSummary } from "~/web/features/profile/api";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { useSession } from "~/web/lib/session";
import { ProfileHeader, ProfileHeaderSkeleton } from "./profile-header";
import { OwnProfileTabs, PublicLists } from "./profile-tabs";

/**
 * /profile (spec 3 §2 Profile): the signed-in user's own profile, or another user's when `userId`
 * names someone else. The own profile has Settings, Logout and the four tabs; another user's shows
 * only their public header and public lists (the server refuses the rest, decision 016).
 * `signOutButton` comes from the route, which composes the account feature.
 */
export function ProfilePage({
  userId,
  signOutButton,
}: {
  userId?: string | undefined;
  signOutButton: ReactNode;
}) {
  const { user } = useSession();
  const ownId = user?.id;
  const profileId = userId ?? ownId;
  const isSelf = Boolean(ownId && profileId?.toLowerCase() === ownId);
  const summary = useProfileSummary(profileId ?? "");
  const displayName = summary.data?.name || "User";
  usePageMeta({
    title: isSelf ? "Your profile" : summary.data ? `${displayName}'s profile` : "Profile",
    description: "Level, XP, points and accuracy, with saved episodes, lists, history and followed podcasts.",
  });

  const isNotFound =
    summary.isError && isApiError(summary.error) && [400, 404].includes(summary.error.status);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <nav aria-label="Profile" className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          <Home aria-hidden="true" />
          Back to Home
        </Link>
        {isSelf && (
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/profile/edit" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Settings aria-hidden="true" />
              Settings
            </Link>
            {signOutButton}
          </div>
        )}
      </nav>

      {!profileId || summary.isPending ? (
        <ProfileHeaderSkeleton />
      ) : isNotFound ? (
        <ProfileNotFound />
      ) : summary.isError ? (
        <LoadError title="Profile" onRetry={() => void summary.refetch()}>
          We couldn't load this profile. {summary.error.message}
        </LoadError>
      ) : (
        <ProfileBody profile={summary.data} />
      )}
    </div>
  );
}

function ProfileBody({ profile }: { profile: ProfileSummary }) {
  return (
    <>
      <ProfileHeader profile={profile} />
      <QuickLinks />
      {profile.isSelf ? <OwnProfileTabs userId={profile.userId} /> : <PublicLists userId={profile.userId} />}
    </>
  );
}

function QuickLinks() {
  const links = [
    { to: "/knowledge", label: "My Progress", icon: BarChart3 },
    { to: "/lists", label: "My Lists", icon: ListMusic },
    { to: "/achievements", label: "Achievements", icon: Award },
  ] as const;
  return (
    <nav aria-label="Your progress" className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
      {links.map(({ to, label, icon: Icon }) => (
        <Link key={to} to={to} className={buttonVariants({ variant: "outline", className: "w-full" })}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      ))}
    </nav>
  );
}

function ProfileNotFound() {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
        <UserRoundX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-xl font-semibold">Profile not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        There is no user at this link. Check the address, or go back to your own profile.
      </p>
      <Link to="/profile" search={{}} className={buttonVariants({ variant: "outline" })}>
        Go to your profile
      </Link>
    </Card>
  );
}
