import { createFileRoute } from "@tanstack/react-router";
import { personQueryOptions } from "~/web/features/people/api";
import { PersonPage } from "~/web/features/people/components/person-page";

export const Route = createFileRoute("/host/$hostId")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(personQueryOptions("host", params.hostId));
  },
  component: HostRoute,
});

function HostRoute() {
  const { hostId } = Route.useParams();
  return <PersonPage key={hostId} kind="host" id={hostId} />;
}
