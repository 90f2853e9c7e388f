import { Link } from "@tanstack/react-router";
import { format } from "date-fns";
import { Headphones } from "lucide-react";
import { type ReactNode, useState } from "react";
import { formatTime } from "~/domain/time";
import { Skeleton } from "~/web/components/ui/skeleton";
import type { LibraryEpisode } from "~/web/features/library/api";
import { cn } from "~/web/lib/cn";

export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : format(date, "MMM d, yyyy");
}

function Cover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  const className = "size-16 shrink-0 rounded-lg bg-secondary object-cover sm:size-20";
  if (!src || failed) {
    return (
      <span aria-hidden="true" className={cn(className, "flex items-center justify-center text-primary")}>
        <Headphones className="size-6" />
      </span>
    );
  }
  // Decorative: the title is right next to it.
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}

/** One episode of a library screen: cover, title (opens the episode), podcast, date, length, actions. */
export function EpisodeRow({
  episode,
  actions,
  leading,
}: {
  episode: LibraryEpisode;
  actions?: ReactNode;
  leading?: ReactNode;
}) {
  return (
    <article className="relative flex items-center gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm focus-within:ring-2 focus-within:ring-ring sm:gap-4">
      {leading}
      <Cover src={episode.imageUrl} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-xs font-medium text-muted-foreground">{episode.podcast.name}</p>
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold sm:text-base">
          <Link
            to="/episode/$episodeId"
            params={{ episodeId: episode.id }}
            className="outline-none hover:underline"
          >
            {episode.title}
          </Link>
        </h3>
        <p className="text-xs text-muted-foreground">
          <time dateTime={episode.pubDate}>{formatDay(episode.pubDate)}</time>
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
