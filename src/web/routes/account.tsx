import { createFileRoute } from "@tanstack/react-router";
import { Settings } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/account")({
  component: AccountPage,
});

function AccountPage() {
  return (
    <ComingSoon
      icon={Settings}
      title="Account"
      description="Your profile details, your plan and billing, and signing out."
    />
  );
}
