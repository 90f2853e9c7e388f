import { createFileRoute } from "@tanstack/react-router";
import { Award } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/achievements")({
  component: AchievementsPage,
});

function AchievementsPage() {
  return (
    <ComingSoon
      icon={Award}
      title="Achievements"
      description="Unlock Bronze, Silver, Gold and Platinum milestones as you listen, learn and review."
    />
  );
}
