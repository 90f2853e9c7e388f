import { createFileRoute } from "@tanstack/react-router";
import { InvitePage } from "~/web/features/social/components/invite-page";

/** /invite/{token} (spec 3 §2 Invite acceptance): public; accepting asks for sign-in. */
export const Route = createFileRoute("/invite/$token")({
  component: InviteRoute,
});

function InviteRoute() {
  const { token } = Route.useParams();
  // A new token is a new page: no state of the previous invite carries over.
  return <InvitePage key={token} token={token} />;
}
