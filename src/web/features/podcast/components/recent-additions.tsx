import { useId } from "react";
import { Spinner } from "~/web/components/ui/spinner";
import { isSettled, isShownInLibrary, useRecentAdditions } from "~/web/features/podcast/additions-api";
import { AdditionRow } from "./addition-row";

/**
 * The Library's "Shows being added": feeds the user added (one by one or from an OPML file) that
 * are still being read, and new shows or refusals from the last hour, so progress and failures stay
 * visible after the Add dialog is closed. Renders nothing when there are none.
 */
export function RecentAdditions() {
  const id = useId();
  const query = useRecentAdditions();
  // Date.now() in render: the list is re-read every second while anything is working, and a
  // settled row leaving an hour later on the next render is what we want.
  const now = Date.now();
  const shown = (query.data?.items ?? []).filter((addition) => isShownInLibrary(addition, now));
  if (shown.length === 0) return null;
  const working = shown.filter((addition) => !isSettled(addition)).length;
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 flex flex-col gap-2">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        {working > 0 && <Spinner />}
        {working > 0 ? "Shows being added" : "Shows added recently"}
        {working > 0 && (
          <span className="text-sm font-normal text-muted-foreground">({working} still being read)</span>
        )}
      </h2>
      <ul aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {shown.map((addition) => (
          <AdditionRow key={addition.id} addition={addition} />
        ))}
      </ul>
    </section>
  );
}
