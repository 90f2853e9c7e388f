import { createFileRoute } from "@tanstack/react-router";
import { Medal } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/leaderboard")({
  component: LeaderboardPage,
});

function LeaderboardPage() {
  return (
    <ComingSoon
      icon={Medal}
      title="Leaderboard"
      description="See who is learning the most this week and of all time, among everyone or just your friends."
    />
  );
}
