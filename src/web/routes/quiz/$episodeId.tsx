import { createFileRoute } from "@tanstack/react-router";
import { ListChecks } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/quiz/$episodeId")({
  component: EpisodeQuizPage,
});

function EpisodeQuizPage() {
  return (
    <ComingSoon
      icon={ListChecks}
      title="Episode quiz"
      description="Answer questions about this episode, rate your confidence and earn XP for what you remember."
    />
  );
}
