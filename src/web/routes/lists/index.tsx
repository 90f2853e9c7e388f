import { createFileRoute } from "@tanstack/react-router";
import { ListMusic } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/lists/")({
  component: ListsPage,
});

function ListsPage() {
  return (
    <ComingSoon
      icon={ListMusic}
      title="My lists"
      description="Collect episodes into lists of your own, to keep private or to share."
    />
  );
}
