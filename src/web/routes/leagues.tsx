import { createFileRoute } from "@tanstack/react-router";
import { Flag } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/leagues")({
  component: LeaguesPage,
});

function LeaguesPage() {
  return (
    <ComingSoon
      icon={Flag}
      title="Leagues"
      description="Create or join a league and learn alongside people who follow the same shows."
    />
  );
}
