import { createFileRoute } from "@tanstack/react-router";
import { MailOpen } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/invite/$token")({
  component: InvitePage,
});

function InvitePage() {
  return (
    <ComingSoon
      icon={MailOpen}
      title="Invite"
      description="Accept a friend's invitation to learn together on Earmark."
    />
  );
}
