import { createFileRoute } from "@tanstack/react-router";
import { requireSignIn } from "~/web/features/account/require-sign-in";
import { KnowledgePage } from "~/web/features/knowledge/knowledge-page";

export const Route = createFileRoute("/knowledge")({
  beforeLoad: requireSignIn,
  component: KnowledgePage,
});
