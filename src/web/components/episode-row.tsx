import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { formatTime } from "~/domain/time";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { formatDate } from "~/web/lib/format";

/** What a row shows of an episode; the library's and the people pages' episodes both have it. */
export type EpisodeRowData = {
  id: string;
  title: string;
  imageUrl: string | null;
  pubDate: string;
  duration: number | null;
  podcast: { name: string };
};

/**
 * One episode in a list: artwork, podcast, title (opens /episode/{id}), date and length, with
 * optional `leading` content (a position) and `actions`. Without actions the whole row opens the
 * episode; with them only the title does, so a click beside a button does nothing unexpected.
 */
export function EpisodeRow({
  episode,
  actions,
  leading,
}: {
  episode: EpisodeRowData;
  actions?: ReactNode;
  leading?: ReactNode;
}) {
  const isWholeRowLink = !actions;
  return (
    <article
      className={cn(
        "relative flex items-center gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm focus-within:ring-2 focus-within:ring-ring sm:gap-4",
        isWholeRowLink && "hover:bg-muted/50",
      )}
    >
      {leading}
      {/* Decorative: the title is right next to it. */}
      <ImageWithFallback
        src={episode.imageUrl}
        loading="lazy"
        className="size-16 rounded-lg sm:size-20"
        iconClassName="size-6"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-xs font-medium text-muted-foreground">{episode.podcast.name}</p>
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold sm:text-base">
          <Link
            to="/episode/$episodeId"
            params={{ episodeId: episode.id }}
            className={cn(
              "outline-none",
              isWholeRowLink ? "after:absolute after:inset-0 after:content-['']" : "hover:underline",
            )}
          >
            {episode.title}
          </Link>
        </h3>
        <p className="text-xs text-muted-foreground">
          <time dateTime={episode.pubDate}>{formatDate(episode.pubDate)}</time>
          {episode.duration ? <span> · {formatTime(episode.duration)}</span> : null}
        </p>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center justify-end gap-1">{actions}</div>}
    </article>
  );
}

export function EpisodeRowSkeleton() {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-card p-3 sm:gap-4">
      <Skeleton className="size-16 rounded-lg sm:size-20" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-3 w-1/4" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}

export function EpisodeRowsSkeleton({ count = 4, label }: { count?: number; label: string }) {
  return (
    <div className="flex flex-col gap-3">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <EpisodeRowSkeleton key={index} />
      ))}
    </div>
  );
}
