import { createFileRoute } from "@tanstack/react-router";
import { ListsPage } from "~/web/features/library/components/lists-page";
import { AddPodcastButton } from "~/web/features/podcast/components/add-podcast-dialog";
import { RecentAdditions } from "~/web/features/podcast/components/recent-additions";

export const Route = createFileRoute("/lists/")({
  component: ListsRoute,
});

function ListsRoute() {
  return <ListsPage headerAction={<AddPodcastButton />} notice={<RecentAdditions />} />;
}
