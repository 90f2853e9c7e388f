import { createFileRoute } from "@tanstack/react-router";
import { UserRound } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

/** ?userId= is kept for the screen that replaces this stand-in. */
function validateSearch(search: Record<string, unknown>): { userId?: string } {
  return typeof search.userId === "string" && search.userId.length > 0 ? { userId: search.userId } : {};
}

export const Route = createFileRoute("/profile/")({
  validateSearch,
  component: ProfilePage,
});

function ProfilePage() {
  return (
    <ComingSoon
      icon={UserRound}
      title="Profile"
      description="Your level, XP, saved episodes, lists, listening history and followed podcasts in one place."
    />
  );
}
