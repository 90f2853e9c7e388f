import { createFileRoute } from "@tanstack/react-router";
import { BookOpen } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/feed/$slug")({
  component: PostPage,
});

function PostPage() {
  return (
    <ComingSoon
      icon={BookOpen}
      title="Deep Dive"
      description="A long-form post with its sources, room for your reflections and a quick way to quiz yourself."
    />
  );
}
