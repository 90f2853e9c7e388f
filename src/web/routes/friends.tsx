import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { FriendsPage } from "~/web/features/social/components/friends-page";

/** /friends (spec 3 §2 Friends): signed-in only; signed-out visitors go to /auth and come back. */
export const Route = createFileRoute("/friends")({
  beforeLoad: requireSignIn,
  component: FriendsPage,
});
