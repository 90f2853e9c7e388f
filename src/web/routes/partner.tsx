import { createFileRoute } from "@tanstack/react-router";
import { PartnerPage } from "~/web/features/marketing/components/partner-page";
import { usePageMeta } from "~/web/lib/page-meta";

export const Route = createFileRoute("/partner")({
  component: Partner,
});

function Partner() {
  usePageMeta({
    title: "Partner With Us",
    description:
      "For podcast creators, networks and educators: add mindmaps, learning checkpoints and analytics to your episodes so listeners remember your ideas.",
  });
  return <PartnerPage />;
}
