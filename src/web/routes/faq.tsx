import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "~/web/features/marketing/components/faq-page";
import { usePageMeta } from "~/web/lib/page-meta";

export const Route = createFileRoute("/faq")({
  component: Faq,
});

function Faq() {
  usePageMeta({
    title: "FAQ",
    description:
      "Answers about Earmark: how it works, what is free and what Plus adds, supported podcasts, milestones, points and how we use your data.",
  });
  return <FaqPage />;
}
