import { createFileRoute } from "@tanstack/react-router";
import { BookmarksPage } from "~/web/features/library/components/bookmarks-page";
import { AddPodcastButton } from "~/web/features/podcast/components/add-podcast-dialog";
import { RecentAdditions } from "~/web/features/podcast/components/recent-additions";

export const Route = createFileRoute("/bookmarks")({
  component: BookmarksRoute,
});

function BookmarksRoute() {
  return <BookmarksPage headerAction={<AddPodcastButton />} notice={<RecentAdditions />} />;
}
