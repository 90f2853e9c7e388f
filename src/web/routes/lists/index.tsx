import { createFileRoute } from "@tanstack/react-router";
import { ListsPage } from "~/web/features/library/components/lists-page";

export const Route = createFileRoute("/lists/")({
  component: ListsPage,
});
