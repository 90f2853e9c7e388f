import { Link } from "@tanstack/react-router";
import { ArrowRight, Lightbulb } from "lucide-react";
import type { ReactNode } from "react";
import type { EpisodeCard as EpisodeCardData, InsightSummary } from "~/domain/contract/catalog";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { Skeleton } from "~/web/components/ui/skeleton";
import { HOME_RECENT_SHOWN, useHome, useNewFromShows } from "~/web/features/catalog/api";
import { formatDate } from "~/web/lib/format";
import { EpisodeCard, EpisodeGridSkeleton, episodeGridClass, TopicBadges } from "./episode-card";

export function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="py-8">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold tracking-tight sm:text-2xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const moreLinkClass = buttonVariants({ variant: "link", size: "sm", className: "h-auto px-0" });

export function FeaturedEpisode() {
  const { data, isPending } = useHome();
  if (isPending) {
    return (
      <div className="grid gap-6 rounded-2xl border border-border bg-card p-4 sm:p-6 md:grid-cols-[2fr_3fr]">
        <Skeleton className="aspect-[16/9] w-full md:aspect-square" />
        <div className="flex flex-col gap-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-4/5" />
          <Skeleton className="h-16 w-full" />
        </div>
      </div>
    );
  }
  const featured = data?.featured;
  if (!featured) return null;
  return <FeaturedCard episode={featured} />;
}

function FeaturedCard({ episode }: { episode: EpisodeCardData }) {
  return (
    <article
      aria-labelledby="featured-title"
      className="grid gap-6 overflow-hidden rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-6 md:grid-cols-[2fr_3fr]"
    >
      {/* Large artwork from tablet width up; phones get a thumbnail, so the headline stays the hero. */}
      <ImageWithFallback
        src={episode.imageUrl}
        className="hidden aspect-square w-full rounded-xl md:block"
        loading="eager"
      />
      <div className="flex min-w-0 flex-col gap-3">
        <p className="text-xs font-semibold tracking-wide text-accent-foreground uppercase">
          <span className="rounded-full bg-accent px-2 py-0.5">Featured episode</span>
        </p>
        <div className="flex items-start gap-3">
          <ImageWithFallback
            src={episode.imageUrl}
            className="size-16 rounded-lg md:hidden"
            loading="eager"
          />
          <h2
            id="featured-title"
            className="text-2xl leading-tight font-semibold tracking-tight text-balance"
          >
            {episode.title}
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">
          {episode.podcastName} · <time dateTime={episode.pubDate}>{formatDate(episode.pubDate)}</time>
        </p>
        {episode.summary && (
          <p className="line-clamp-4 text-pretty text-muted-foreground">{episode.summary}</p>
        )}
        <TopicBadges topics={episode.topics} />
        <div className="mt-auto pt-2">
          <Link to="/episode/$episodeId" params={{ episodeId: episode.id }} className={buttonVariants()}>
            Explore episode
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Spec 1 §7: 24 fetched and de-duplicated by the API; the first 6 are shown. */
/**
 * "New from your shows" (issue 22): the newest episodes of the podcasts the user follows. Shown to
 * every signed-in user; following nothing, it invites them to follow shows (decision 031).
 */
export function NewFromYourShows() {
  const { data, isPending, isError } = useNewFromShows();
  if (isError) return null;
  return (
    <Section
      id="new-from-your-shows"
      title="New from your shows"
      action={
        data?.isFollowingAny ? (
          <Link to="/profile" search={{}} className={moreLinkClass}>
            Your shows
          </Link>
        ) : undefined
      }
    >
      {isPending ? (
        <EpisodeGridSkeleton count={3} label="Loading new episodes from your shows" />
      ) : data?.items.length ? (
        <ul className={episodeGridClass}>
          {data.items.map((episode) => (
            <li key={episode.id}>
              <EpisodeCard
                episode={{
                  id: episode.id,
                  title: episode.title,
                  imageUrl: episode.imageUrl,
                  podcastId: episode.podcast.id,
                  podcastName: episode.podcast.name,
                  pubDate: episode.pubDate,
                  duration: episode.duration,
                  topics: [],
                }}
              />
            </li>
          ))}
        </ul>
      ) : data?.isFollowingAny ? (
        <EmptyState>No new episodes from the shows you follow yet.</EmptyState>
      ) : (
        <EmptyState>
          Follow the shows you like and their newest episodes appear here.{" "}
          <Link to="/search" className="font-medium text-primary underline-offset-4 hover:underline">
            Find shows
          </Link>
        </EmptyState>
      )}
    </Section>
  );
}

export function RecentEpisodes() {
  const { data, isPending } = useHome();
  return (
    <Section
      id="recent-episodes"
      title="Recent Episodes"
      action={
        <Link to="/search" search={{ sort: "recent" }} className={moreLinkClass}>
          Browse all
        </Link>
      }
    >
      {isPending ? (
        <EpisodeGridSkeleton />
      ) : data?.recent.length ? (
        <ul className={episodeGridClass}>
          {data.recent.slice(0, HOME_RECENT_SHOWN).map((episode) => (
            <li key={episode.id}>
              <EpisodeCard episode={episode} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No episodes yet. Check back soon!</EmptyState>
      )}
    </Section>
  );
}

export function LatestInsights() {
  const { data, isPending } = useHome();
  return (
    <Section
      id="latest-insights"
      title="Latest Insights"
      action={
        <Link to="/feed" className={moreLinkClass}>
          All insights
        </Link>
      }
    >
      {isPending ? (
        <div className="grid gap-4 md:grid-cols-3">
          <span className="sr-only" role="status">
            Loading insights
          </span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-36 w-full rounded-xl" />
          ))}
        </div>
      ) : data?.insights.length ? (
        <ul className="grid gap-4 md:grid-cols-3">
          {data.insights.map((post) => (
            <li key={post.id}>
              <InsightCard post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No insights published yet. Check back soon!</EmptyState>
      )}
    </Section>
  );
}

function InsightCard({ post }: { post: InsightSummary }) {
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <span className="flex items-center gap-2 text-xs text-muted-foreground">
        <Lightbulb aria-hidden="true" className="size-3.5 text-accent" />
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
      </span>
      <h3 className="text-base leading-snug font-semibold">
        <Link
          to="/feed/$slug"
          params={{ slug: post.slug }}
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          {post.title}
        </Link>
      </h3>
      {post.dek && <p className="line-clamp-3 text-sm text-muted-foreground">{post.dek}</p>}
    </article>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
      {children}
    </p>
  );
}
