import { createFileRoute } from "@tanstack/react-router";
import { Headphones } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/episode/$episodeId")({
  component: EpisodePage,
});

function EpisodePage() {
  return (
    <ComingSoon
      icon={Headphones}
      title="Episode"
      description="Listen to an episode, read its summary and key insights, and jump straight to its mind map or quiz."
    />
  );
}
