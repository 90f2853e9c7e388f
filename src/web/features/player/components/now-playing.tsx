import { Link } from "@tanstack/react-router";
import { ArrowLeft, ChevronDown, ListMusic } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { cn } from "~/web/lib/cn";
import { setExpanded } from "~/web/lib/player/engine";
import { type PlayableEpisode, usePlayer } from "~/web/lib/player/store";
import {
  Artwork,
  SeekBar,
  SleepTimerMenu,
  SpeedMenu,
  TimeDisplay,
  Transport,
  useCurrentChapter,
  VolumeControl,
} from "./controls";
import { QueueView } from "./queue-view";

/**
 * Now Playing (spec 1 §2): a full-screen dialog — back, 'Now Playing', queue toggle and collapse;
 * large artwork; the title links to the episode; 'View Podcast' when there is a podcast; the
 * current chapter; the seek slider; transport; speed, sleep timer and volume. Escape collapses.
 * Rendered inside the player's Dialog.Root (see PlayerRoot), whose trigger is the mini player's
 * expand button, so focus returns there on collapse.
 */
export function NowPlaying() {
  const episode = usePlayer((state) => state.current);
  if (!episode) return null;
  return (
    <Dialog.Portal>
      <Dialog.Content
        aria-describedby={undefined}
        data-now-playing=""
        className="fixed inset-0 z-50 flex flex-col bg-background text-foreground outline-none"
      >
        <NowPlayingPanel episode={episode} />
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/**
 * What Now Playing shows. The dialog's content exists only while it is open, so each opening
 * starts here afresh: on the player, not on the queue shown last time.
 */
function NowPlayingPanel({ episode }: { episode: PlayableEpisode }) {
  const [showQueue, setShowQueue] = useState(false);
  const chapter = useCurrentChapter();
  const collapse = () => setExpanded(false);

  return (
    <>
      <header className="flex items-center gap-2 border-b border-border px-3 py-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Back"
          onClick={() => (showQueue ? setShowQueue(false) : collapse())}
        >
          <ArrowLeft aria-hidden="true" />
        </Button>
        <Dialog.Title className="flex-1 text-center text-base font-semibold">Now Playing</Dialog.Title>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Queue"
          aria-pressed={showQueue}
          onClick={() => setShowQueue((value) => !value)}
          className={cn(showQueue && "bg-secondary text-secondary-foreground")}
        >
          <ListMusic aria-hidden="true" />
        </Button>
        <Dialog.Close asChild>
          <Button variant="ghost" size="icon" aria-label="Collapse player">
            <ChevronDown aria-hidden="true" />
          </Button>
        </Dialog.Close>
      </header>

      <div className="mx-auto flex min-h-0 w-full max-w-xl flex-1 flex-col gap-5 overflow-y-auto px-5 py-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]">
        {showQueue ? (
          <QueueView />
        ) : (
          <>
            <Artwork
              src={episode.imageUrl}
              className="mx-auto aspect-square w-full max-w-[min(22rem,42dvh)] rounded-xl shadow-lg"
            />
            <div className="flex flex-col items-center gap-1 text-center">
              <h2 className="text-xl leading-snug font-semibold text-balance">
                <Link
                  to="/episode/$episodeId"
                  params={{ episodeId: episode.id }}
                  onClick={collapse}
                  className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {episode.title}
                </Link>
              </h2>
              {episode.podcastName && <p className="text-sm text-muted-foreground">{episode.podcastName}</p>}
              {episode.podcastId && (
                <Link
                  to="/search"
                  search={{ podcast: episode.podcastId }}
                  onClick={collapse}
                  className={buttonVariants({
                    variant: "link",
                    size: "sm",
                    className: "h-auto px-0 py-0",
                  })}
                >
                  View Podcast
                </Link>
              )}
              {chapter && (
                <p className="mt-1 text-sm text-foreground/80">
                  <span className="sr-only">Chapter: </span>
                  {chapter}
                </p>
              )}
            </div>
            <div className="flex flex-col gap-1">
              <SeekBar />
              <TimeDisplay className="text-center" />
            </div>
            <Transport />
            <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
              <SpeedMenu />
              <SleepTimerMenu />
              <VolumeControl />
            </div>
          </>
        )}
      </div>
    </>
  );
}
