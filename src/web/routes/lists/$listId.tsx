import { createFileRoute } from "@tanstack/react-router";
import { ListMusic } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/lists/$listId")({
  component: ListPage,
});

function ListPage() {
  return (
    <ComingSoon
      icon={ListMusic}
      title="List"
      description="See the episodes in a list, in the order you chose."
    />
  );
}
