import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { ReviewPage } from "~/web/features/learning/review-page";

export const Route = createFileRoute("/review")({
  beforeLoad: requireSignIn,
  component: ReviewPage,
});
