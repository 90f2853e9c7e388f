import { createFileRoute } from "@tanstack/react-router";
import { PostPage } from "~/web/features/feed/components/post-page";

export const Route = createFileRoute("/feed/$slug")({
  component: PostRoute,
});

function PostRoute() {
  const { slug } = Route.useParams();
  return <PostPage key={slug} slug={slug} />;
}
