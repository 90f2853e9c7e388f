import { createFileRoute } from "@tanstack/react-router";
import { UserPen } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/profile/edit")({
  component: ProfileEditPage,
});

function ProfileEditPage() {
  return (
    <ComingSoon
      icon={UserPen}
      title="Edit profile"
      description="Change your avatar, display name and handle."
    />
  );
}
