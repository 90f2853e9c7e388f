import { createFileRoute } from "@tanstack/react-router";
import { Radio } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/host/$hostId")({
  component: HostPage,
});

function HostPage() {
  return (
    <ComingSoon
      icon={Radio}
      title="Host"
      description="The shows and episodes this host has recorded, in one place."
    />
  );
}
