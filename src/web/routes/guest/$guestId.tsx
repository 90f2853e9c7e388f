import { createFileRoute } from "@tanstack/react-router";
import { personQueryOptions } from "~/web/features/people/api";
import { PersonPage } from "~/web/features/people/components/person-page";

export const Route = createFileRoute("/guest/$guestId")({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(personQueryOptions("guest", params.guestId));
  },
  component: GuestRoute,
});

function GuestRoute() {
  const { guestId } = Route.useParams();
  return <PersonPage key={guestId} kind="guest" id={guestId} />;
}
