import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { LeaguePage } from "~/web/features/leagues/components/league-page";

export const Route = createFileRoute("/leagues/$leagueId")({
  beforeLoad: requireSignIn,
  component: LeagueRoute,
});

function LeagueRoute() {
  const { leagueId } = Route.useParams();
  return <LeaguePage key={leagueId} leagueId={leagueId} />;
}
