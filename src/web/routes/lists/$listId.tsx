import { createFileRoute } from "@tanstack/react-router";
import { ListPage } from "~/web/features/library/components/list-page";

export const Route = createFileRoute("/lists/$listId")({
  component: ListRoute,
});

function ListRoute() {
  const { listId } = Route.useParams();
  return <ListPage key={listId} listId={listId} />;
}
