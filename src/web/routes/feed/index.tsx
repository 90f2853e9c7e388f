import { createFileRoute } from "@tanstack/react-router";
import { isPostType } from "~/domain/post-types";
import type { FeedFilters } from "~/web/features/feed/api";
import { FeedPage } from "~/web/features/feed/components/feed-page";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** /feed?type=&topic= — unknown values are dropped (a plain function keeps zod out of the chunk). */
function validateSearch(search: Record<string, unknown>): FeedFilters {
  const result: FeedFilters = {};
  if (isPostType(search.type)) result.type = search.type;
  if (typeof search.topic === "string" && search.topic.length <= 80 && SLUG.test(search.topic))
    result.topic = search.topic;
  return result;
}

export const Route = createFileRoute("/feed/")({
  validateSearch,
  component: FeedRoute,
});

function FeedRoute() {
  return <FeedPage filters={Route.useSearch()} />;
}
