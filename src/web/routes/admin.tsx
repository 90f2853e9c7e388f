import { createFileRoute } from "@tanstack/react-router";
import { FlaskConical } from "lucide-react";
import { ComingSoon } from "~/web/components/coming-soon";

export const Route = createFileRoute("/admin")({
  component: AdminPage,
});

function AdminPage() {
  return (
    <ComingSoon
      icon={FlaskConical}
      title="Knowledge Lab"
      description="Tools for admins to ingest podcasts, generate quizzes and mind maps, and manage roles."
    />
  );
}
