import { Link } from "@tanstack/react-router";
import { Link2, ListPlus, Pause, Play, Podcast } from "lucide-react";
import type { ReactNode } from "react";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import { formatTime } from "~/domain/time";
import { BackButton } from "~/web/components/back-button";
import { CoverHero, coverClass } from "~/web/components/cover-hero";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { Button } from "~/web/components/ui/button";
import { notify } from "~/web/components/ui/toaster";
import type { EpisodePlayback } from "~/web/features/episode/use-episode-playback";
import { formatLongDate } from "~/web/lib/format";
import { addToQueue } from "~/web/lib/player/engine";

export async function copyText(text: string, success: { title: string; description?: string }) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(success.title, success.description);
  } catch {
    notify.error("Failed to copy");
  }
}

/**
 * Spec 2 §2: back, bookmark toggle, copy link, cover, play, podcast badge (→ /search?podcast=),
 * title and published date; beside the badge, Follow and a link to the podcast's page.
 */
export function EpisodeHeader({
  episode,
  playback,
  bookmark,
  follow,
}: {
  episode: EpisodeDetail;
  playback: EpisodePlayback;
  bookmark: ReactNode;
  follow: ReactNode;
}) {
  const published = formatLongDate(episode.pubDate);
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <BackButton />
        <div className="flex items-center gap-2">
          {bookmark}
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy link"
            title="Copy link"
            onClick={() =>
              void copyText(`${window.location.origin}/episode/${episode.id}`, {
                title: "Link copied",
                description: "Paste it anywhere to share this episode.",
              })
            }
          >
            <Link2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <CoverHero
        cover={
          <ImageWithFallback
            src={episode.imageUrl}
            alt={`Cover art for ${episode.podcast.name}`}
            iconClassName="size-12"
            className={coverClass("episode", "shadow-md")}
          />
        }
      >
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/search"
              search={{ podcast: episode.podcast.id }}
              className="rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground transition-colors outline-none hover:bg-secondary/70 focus-visible:ring-2 focus-visible:ring-ring"
            >
              {episode.podcast.name}
            </Link>
            <Link
              to="/podcast/$id"
              params={{ id: episode.podcast.id }}
              aria-label={`About the podcast ${episode.podcast.name}`}
              title="About the podcast"
              className="inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Podcast aria-hidden="true" className="size-4" />
            </Link>
            {follow}
          </div>
          <h1 className="text-2xl leading-tight font-semibold tracking-tight text-balance break-words sm:text-3xl">
            {episode.title}
          </h1>
          <p className="text-sm text-muted-foreground">
            {published && (
              <>
                Published <time dateTime={episode.pubDate}>{published}</time>
              </>
            )}
            {episode.duration ? <span> · {formatTime(episode.duration)}</span> : null}
          </p>
          {playback.playable && (
            <div className="flex flex-wrap gap-2">
              <Button size="lg" onClick={playback.toggle}>
                {playback.isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                {playback.isPlaying ? "Pause" : playback.isCurrent ? "Resume" : "Play episode"}
              </Button>
              <Button
                size="lg"
                variant="outline"
                onClick={() => playback.playable && addToQueue(playback.playable)}
              >
                <ListPlus aria-hidden="true" />
                Add to queue
              </Button>
            </div>
          )}
        </div>
      </CoverHero>
    </header>
  );
}
