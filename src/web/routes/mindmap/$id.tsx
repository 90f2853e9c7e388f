import { createFileRoute } from "@tanstack/react-router";
import { Network } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/mindmap/$id")({
  component: MindmapPage,
});

function MindmapPage() {
  return (
    <ComingSoon
      icon={Network}
      title="Mind map"
      description="Explore how an episode's ideas connect and jump to the moment each one is discussed."
    />
  );
}
