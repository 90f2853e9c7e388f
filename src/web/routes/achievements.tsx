import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { AchievementsPage } from "~/web/features/achievements/achievements-page";

export const Route = createFileRoute("/achievements")({
  beforeLoad: requireSignIn,
  component: AchievementsPage,
});
