import { Rss } from "lucide-react";
import { useEffect } from "react";
import { buttonVariants } from "~/web/components/ui/button-variants";

export const RSS_PATH = "/feed.xml";

/** Adds `<link rel="alternate" type="application/rss+xml">` to the head while the page is shown. */
export function useRssAlternateLink(): void {
  useEffect(() => {
    const link = document.createElement("link");
    link.rel = "alternate";
    link.type = "application/rss+xml";
    link.title = "Earmark Deep Dives";
    link.href = RSS_PATH;
    document.head.append(link);
    return () => link.remove();
  }, []);
}

/**
 * Where the spec's subscribe box was (an e-mail field that sent nothing): the RSS feed, which any
 * reader can follow today, instead of a box that silently drops addresses.
 */
export function FollowByRss() {
  const url = typeof window === "undefined" ? RSS_PATH : new URL(RSS_PATH, window.location.origin).toString();
  return (
    <aside
      aria-labelledby="follow-heading"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id="follow-heading" className="text-base font-semibold">
          Follow Deep Dives
        </h2>
        <p className="text-sm text-muted-foreground">
          Add the feed to any RSS reader and new posts come to you. Feed address:{" "}
          <span className="font-mono break-all text-foreground">{url}</span>
        </p>
      </div>
      <a href={RSS_PATH} className={buttonVariants({ className: "self-start sm:self-center" })}>
        <Rss aria-hidden="true" className="size-4" />
        Open the RSS feed
      </a>
    </aside>
  );
}
