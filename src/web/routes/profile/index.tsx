import { createFileRoute } from "@tanstack/react-router";
import { SignOutButton } from "~/web/features/account/components/sign-out-button";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { ProfilePage } from "~/web/features/profile/components/profile-page";

/** /profile?userId= — another user's profile when userId names someone else (spec 3 §2). */
function validateSearch(search: Record<string, unknown>): { userId?: string } {
  return typeof search.userId === "string" && search.userId.length > 0 ? { userId: search.userId } : {};
}

export const Route = createFileRoute("/profile/")({
  validateSearch,
  beforeLoad: requireSignIn,
  component: ProfileRoute,
});

function ProfileRoute() {
  const { userId } = Route.useSearch();
  return <ProfilePage userId={userId} signOutButton={<SignOutButton label="Logout" />} />;
}
