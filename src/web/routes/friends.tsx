import { createFileRoute } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/friends")({
  component: FriendsPage,
});

function FriendsPage() {
  return (
    <ComingSoon
      icon={Users}
      title="Friends"
      description="Find friends, answer their requests and invite people to learn together with you."
    />
  );
}
