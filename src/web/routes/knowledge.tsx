import { createFileRoute } from "@tanstack/react-router";
import { BrainCircuit } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/knowledge")({
  component: KnowledgePage,
});

function KnowledgePage() {
  return (
    <ComingSoon
      icon={BrainCircuit}
      title="Knowledge"
      description="Your learning profile by theme: levels, progress, mastered themes and what to focus on next."
    />
  );
}
