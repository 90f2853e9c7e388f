import { createFileRoute } from "@tanstack/react-router";
import { Newspaper } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/feed/")({
  component: FeedPage,
});

function FeedPage() {
  return (
    <ComingSoon
      icon={Newspaper}
      title="Deep Dives"
      description="Explainers, weekly syntheses, debates and tactical guides drawn from the world's best conversations."
    />
  );
}
