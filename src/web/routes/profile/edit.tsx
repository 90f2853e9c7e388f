import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { ProfileEditPage } from "~/web/features/profile/components/profile-edit-page";

export const Route = createFileRoute("/profile/edit")({
  beforeLoad: requireSignIn,
  component: ProfileEditPage,
});
