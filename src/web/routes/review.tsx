import { createFileRoute } from "@tanstack/react-router";
import { RotateCcw } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/review")({
  component: ReviewPage,
});

function ReviewPage() {
  return (
    <ComingSoon
      icon={RotateCcw}
      title="Review"
      description="Spaced-repetition review of the questions that are due today, so what you learn stays learned."
    />
  );
}
