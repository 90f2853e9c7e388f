import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPage } from "~/web/features/marketing/components/privacy-page";
import { usePageMeta } from "~/web/lib/page-meta";

export const Route = createFileRoute("/privacy")({
  component: Privacy,
});

function Privacy() {
  usePageMeta({
    title: "Privacy Policy",
    description:
      "What Earmark collects, why, who can see it and how to exercise your rights. We never sell your data and show no ads.",
  });
  return <PrivacyPage />;
}
