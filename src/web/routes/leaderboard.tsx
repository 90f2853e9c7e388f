import { createFileRoute } from "@tanstack/react-router";
import { LeaderboardPage } from "~/web/features/leaderboard/components/leaderboard-page";

export const Route = createFileRoute("/leaderboard")({
  component: LeaderboardPage,
});
