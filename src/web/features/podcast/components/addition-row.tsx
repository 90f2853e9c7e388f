import { Link } from "@tanstack/react-router";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import type { PodcastAddition } from "~/domain/contract/podcasts";
import { buttonVariants } from "~/web/components/ui/button";
import { Spinner } from "~/web/components/ui/spinner";
import { isSettled } from "~/web/features/podcast/additions-api";
import { formatCount } from "~/web/lib/format";

/** What a row says about its feed's state. */
function describeAdditionState(addition: PodcastAddition): string {
  switch (addition.status) {
    case "queued":
      return "Waiting to be read";
    case "reading":
      return `Reading the feed… ${formatCount(addition.episodeCount, "episode", "episodes")} so far`;
    case "done":
      return `Ready · ${formatCount(addition.episodeCount, "episode", "episodes")}`;
    case "failed":
      return "Could not be added";
  }
}

const hostOf = (feedUrl: string) => {
  try {
    return new URL(feedUrl).hostname;
  } catch {
    return feedUrl;
  }
};

/**
 * One show being added (queued → reading → ready, or failed and why), as a list item: in the OPML
 * import's progress list and in the Library's "Shows being added".
 */
export function AdditionRow({ addition, onOpen }: { addition: PodcastAddition; onOpen?: () => void }) {
  const name = addition.podcast?.name ?? hostOf(addition.feedUrl);
  return (
    <li className="flex items-start gap-3 rounded-lg border border-border p-3 text-sm">
      <span className="mt-0.5 shrink-0">
        {addition.status === "done" && <CircleCheck aria-hidden="true" className="size-4 text-primary" />}
        {addition.status === "failed" && (
          <CircleAlert aria-hidden="true" className="size-4 text-destructive" />
        )}
        {addition.status === "queued" && (
          <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
        )}
        {addition.status === "reading" && <Spinner />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="truncate font-medium">{name}</p>
        <p className={addition.status === "failed" ? "text-destructive" : "text-muted-foreground"}>
          {describeAdditionState(addition)}
          {addition.status === "failed" && `: ${addition.error ?? "the feed could not be read."}`}
        </p>
        {!isSettled(addition) || addition.status === "failed" ? (
          <p className="text-xs break-all text-muted-foreground">{addition.feedUrl}</p>
        ) : null}
      </div>
      {addition.status === "done" && addition.podcast && (
        <Link
          to="/podcast/$id"
          params={{ id: addition.podcast.id }}
          onClick={onOpen}
          className={buttonVariants({ variant: "outline", size: "sm", className: "shrink-0" })}
        >
          Open<span className="sr-only"> {name}</span>
        </Link>
      )}
    </li>
  );
}
