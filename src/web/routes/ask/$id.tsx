import { createFileRoute } from "@tanstack/react-router";
import { MessageCircleQuestionMark } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/ask/$id")({
  component: AskPage,
});

function AskPage() {
  return (
    <ComingSoon
      icon={MessageCircleQuestionMark}
      title="Ask the episode"
      description="Ask questions about an episode and get answers with timestamps from its transcript."
    />
  );
}
