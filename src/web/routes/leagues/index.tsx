import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { LeaguesPage } from "~/web/features/leagues/components/leagues-page";

export const Route = createFileRoute("/leagues/")({
  beforeLoad: requireSignIn,
  component: LeaguesPage,
});
