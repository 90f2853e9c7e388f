import { createFileRoute } from "@tanstack/react-router";
import { ListChecks } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

/** ?episodeId= is kept for the screen that replaces this stand-in. */
function validateSearch(search: Record<string, unknown>): { episodeId?: string } {
  return typeof search.episodeId === "string" && search.episodeId.length > 0
    ? { episodeId: search.episodeId }
    : {};
}

export const Route = createFileRoute("/quiz/")({
  validateSearch,
  component: QuizPage,
});

function QuizPage() {
  return (
    <ComingSoon
      icon={ListChecks}
      title="Quiz"
      description="Pick a ready episode and test what you remember with a short quiz."
    />
  );
}
