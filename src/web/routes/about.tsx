import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "~/web/features/marketing/components/about-page";
import { usePageMeta } from "~/web/lib/page-meta";

export const Route = createFileRoute("/about")({
  component: About,
});

function About() {
  usePageMeta({
    title: "About",
    description:
      "Why Earmark exists and how it works: mindmaps, learning checkpoints and spaced repetition that turn the podcasts you love into knowledge you keep.",
  });
  return <AboutPage />;
}
