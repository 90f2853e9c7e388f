import { Link } from "@tanstack/react-router";
import { Globe, Home, Play, Podcast, Rss, Search } from "lucide-react";
import type { PodcastDetail } from "~/domain/contract/podcasts";
import { BackButton } from "~/web/components/back-button";
import { CoverHero, coverClass } from "~/web/components/cover-hero";
import { EpisodeRow, EpisodeRowsSkeleton } from "~/web/components/episode-row";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { PageFrame } from "~/web/components/page-frame";
import { AddToQueueButton, PlayButton } from "~/web/components/play-button";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { usePodcast, usePodcastEpisodes } from "~/web/features/podcast/api";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { playEpisode } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { FollowButton } from "./follow-button";

export const episodeCountLabel = (count: number) => `${count} episode${count === 1 ? "" : "s"}`;

/** /podcast/{id} (issue 22): the show, Follow, Play latest, and its episodes newest first. */
export function PodcastPage({ podcastId }: { podcastId: string }) {
  const query = usePodcast(podcastId);
  const isMissing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  usePageMeta({
    title: query.data?.name ?? (isMissing ? "Podcast not found" : "Podcast"),
    description: query.data?.description ?? undefined,
  });

  if (query.isPending) {
    return (
      <PageFrame>
        <span className="sr-only" role="status">
          Loading the podcast
        </span>
        <Skeleton className="h-8 w-20" />
        <CoverHero cover={<Skeleton className={coverClass("podcast")} />}>
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-10 w-48" />
          </div>
        </CoverHero>
        <Skeleton className="h-16 w-full" />
        <EpisodeRowsSkeleton count={3} label="Loading episodes" />
      </PageFrame>
    );
  }
  if (isMissing) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Podcast not found</h1>
        <p className="max-w-md text-muted-foreground">
          There is no podcast at this address. It may have been merged with another or removed.
        </p>
        <Link to="/" className={buttonVariants({ className: "mt-2" })}>
          <Home aria-hidden="true" />
          Go Home
        </Link>
      </div>
    );
  }
  if (query.isError) {
    return (
      <PageFrame>
        <BackButton />
        <div role="alert" className="flex flex-col items-start gap-3 py-12">
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <p className="text-muted-foreground">{query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </PageFrame>
    );
  }
  return <PodcastContent podcast={query.data} />;
}

const linkClass = buttonVariants({ variant: "outline", size: "sm" });

function PodcastContent({ podcast }: { podcast: PodcastDetail }) {
  const episodes = usePodcastEpisodes(podcast.id);
  const latest = episodes.data?.pages[0]?.items[0];
  const latestPlayable = latest ? toPlayableEpisode(latest) : null;
  return (
    <PageFrame>
      <BackButton />
      <header>
        <CoverHero
          cover={
            <ImageWithFallback
              src={podcast.coverUrl}
              alt={`Cover art for ${podcast.name}`}
              icon={Podcast}
              iconClassName="size-12"
              className={coverClass("podcast", "shadow-md")}
            />
          }
        >
          <div className="flex min-w-0 flex-col gap-2">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Podcast</p>
            <h1 className="text-2xl leading-tight font-semibold tracking-tight text-balance break-words sm:text-3xl">
              {podcast.name}
            </h1>
            <p className="text-sm text-muted-foreground">
              {podcast.author && <span>By {podcast.author} · </span>}
              {episodeCountLabel(podcast.episodeCount)}
            </p>
            <div className="flex flex-wrap gap-2 pt-1">
              <FollowButton podcastId={podcast.id} />
              {latestPlayable && (
                <Button variant="outline" onClick={() => void playEpisode(latestPlayable)}>
                  <Play aria-hidden="true" />
                  Play latest
                </Button>
              )}
            </div>
          </div>
        </CoverHero>
      </header>
      {podcast.description && (
        <p className="max-w-prose leading-relaxed break-words whitespace-pre-line text-foreground/90">
          {podcast.description}
        </p>
      )}
      <ul aria-label="Links" className="flex flex-wrap gap-2">
        <li>
          <Link to="/search" search={{ podcast: podcast.id }} className={linkClass}>
            <Search aria-hidden="true" />
            Search this podcast
          </Link>
        </li>
        {podcast.websiteUrl && (
          <li>
            <a href={podcast.websiteUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <Globe aria-hidden="true" />
              Website
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        {podcast.feedUrl && (
          <li>
            <a href={podcast.feedUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <Rss aria-hidden="true" />
              RSS feed
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
      <section aria-labelledby="podcast-episodes" className="flex flex-col gap-3">
        <h2 id="podcast-episodes" className="text-lg font-semibold">
          Episodes
        </h2>
        <EpisodeList query={episodes} />
      </section>
    </PageFrame>
  );
}

function EpisodeList({ query }: { query: ReturnType<typeof usePodcastEpisodes> }) {
  if (query.isPending) return <EpisodeRowsSkeleton count={3} label="Loading episodes" />;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="text-destructive">We couldn't load the episodes. {query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground">
        No episodes yet. A podcast that was just added shows its episodes once its feed has been read.
      </p>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((episode) => (
          <li key={episode.id}>
            <EpisodeRow
              episode={episode}
              actions={
                <>
                  <PlayButton episode={episode} />
                  <AddToQueueButton episode={episode} />
                </>
              }
            />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage && <Spinner />}
          Load more
        </Button>
      )}
    </>
  );
}
