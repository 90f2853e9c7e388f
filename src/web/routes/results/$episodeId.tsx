import { createFileRoute } from "@tanstack/react-router";
import { Trophy } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/results/$episodeId")({
  component: ResultsPage,
});

function ResultsPage() {
  return (
    <ComingSoon
      icon={Trophy}
      title="Quiz results"
      description="See your score, the answers you missed and the XP you earned for this episode."
    />
  );
}
