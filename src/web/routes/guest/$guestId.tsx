import { createFileRoute } from "@tanstack/react-router";
import { Mic } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/guest/$guestId")({
  component: GuestPage,
});

function GuestPage() {
  return (
    <ComingSoon
      icon={Mic}
      title="Guest"
      description="Every episode featuring this guest, across all the podcasts on Earmark."
    />
  );
}
