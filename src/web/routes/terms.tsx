import { createFileRoute } from "@tanstack/react-router";
import { TermsPage } from "~/web/features/marketing/components/terms-page";
import { usePageMeta } from "~/web/lib/page-meta";

export const Route = createFileRoute("/terms")({
  component: Terms,
});

function Terms() {
  usePageMeta({
    title: "Terms of Service",
    description:
      "The terms for using Earmark: accounts, the Free and Plus plans, the 14-day money-back guarantee, acceptable use and your content.",
  });
  return <TermsPage />;
}
