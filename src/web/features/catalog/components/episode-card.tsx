import { Link } from "@tanstack/react-router";
import type { EpisodeCard as EpisodeCardData } from "~/domain/contract/catalog";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { formatDate, formatDuration } from "~/web/lib/format";

/** Cards show at most 3 topic badges (spec 1 §2). */
const MAX_TOPIC_BADGES = 3;

export function TopicBadges({ topics, className }: { topics: string[]; className?: string }) {
  if (!topics.length) return null;
  return (
    <ul aria-label="Topics" className={cn("flex flex-wrap gap-1.5", className)}>
      {topics.slice(0, MAX_TOPIC_BADGES).map((topic) => (
        <li
          key={topic}
          className="max-w-full truncate rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
        >
          {topic}
        </li>
      ))}
    </ul>
  );
}

/** An episode in a list: artwork, title, podcast, date, duration and up to 3 topics; opens /episode/{id}. */
export function EpisodeCard({
  episode,
  headingLevel = 3,
  eager = false,
  children,
}: {
  /** The card shows no summary, so search results (which carry none) fit too. */
  episode: Omit<EpisodeCardData, "summary">;
  headingLevel?: 2 | 3;
  eager?: boolean;
  children?: React.ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const duration = formatDuration(episode.duration);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <ImageWithFallback
        src={episode.imageUrl}
        className="aspect-[16/9] w-full"
        loading={eager ? "eager" : "lazy"}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="truncate text-xs font-medium text-muted-foreground">{episode.podcastName}</p>
        <Heading className="line-clamp-2 text-base leading-snug font-semibold">
          <Link
            to="/episode/$episodeId"
            params={{ episodeId: episode.id }}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {episode.title}
          </Link>
        </Heading>
        <p className="text-xs text-muted-foreground">
          <time dateTime={episode.pubDate}>{formatDate(episode.pubDate)}</time>
          {duration && <span> · {duration}</span>}
        </p>
        {children}
        <TopicBadges topics={episode.topics} className="mt-auto pt-1" />
      </div>
    </article>
  );
}

export function EpisodeCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-border bg-card">
      <Skeleton className="aspect-[16/9] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-3 w-1/4" />
        <div className="flex gap-1.5 pt-1">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-12 rounded-full" />
        </div>
      </div>
    </div>
  );
}

export const episodeGridClass = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function EpisodeGridSkeleton({
  count = 6,
  label = "Loading episodes",
}: {
  count?: number;
  label?: string;
}) {
  return (
    <div>
      <span className="sr-only" role="status">
        {label}
      </span>
      <div className={episodeGridClass}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <EpisodeCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
