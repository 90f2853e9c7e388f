import { ChevronUp } from "lucide-react";
import { Dialog } from "radix-ui";
import { Button } from "~/web/components/ui/button";
import { usePlayer } from "~/web/lib/player/store";
import {
  Artwork,
  NextButton,
  PlayPauseButton,
  PreviousButton,
  SeekBar,
  TimeDisplay,
  useCurrentChapter,
  VolumeControl,
} from "./controls";

/**
 * The mini player (spec 1 §2): fixed at the bottom, above the mobile tab bar. A progress strip that
 * seeks when clicked, artwork, title, elapsed and total time; previous / play-pause / next
 * (previous and next on desktop), volume on large screens, and expand.
 */
export function MiniPlayer() {
  const episode = usePlayer((state) => state.current);
  const chapter = useCurrentChapter();
  if (!episode) return null;
  return (
    <section
      aria-label="Player"
      data-mini-player=""
      className="fixed inset-x-0 bottom-[var(--bottom-nav-height)] z-40 border-t border-border bg-background/95 pb-[var(--mini-player-safe-area)] shadow-[0_-4px_16px_-8px_rgb(0_0_0/0.25)] backdrop-blur supports-[backdrop-filter]:bg-background/85"
    >
      <SeekBar variant="strip" className="absolute inset-x-0 -top-1.5" />
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-3 px-3 sm:px-4">
        <Artwork src={episode.imageUrl} className="size-11" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={episode.title}>
            {episode.title}
          </p>
          <div className="flex min-w-0 items-center gap-2">
            <TimeDisplay className="shrink-0" />
            {(chapter ?? episode.podcastName) && (
              <p className="truncate text-xs text-muted-foreground">
                <span aria-hidden="true">· </span>
                {chapter ?? episode.podcastName}
              </p>
            )}
          </div>
        </div>
        <div className="flex items-center gap-1">
          <PreviousButton className="hidden md:inline-flex" />
          <PlayPauseButton />
          <NextButton className="hidden md:inline-flex" />
        </div>
        <VolumeControl className="hidden lg:flex" />
        <Dialog.Trigger asChild>
          <Button variant="ghost" size="icon" aria-label="Expand player">
            <ChevronUp aria-hidden="true" />
          </Button>
        </Dialog.Trigger>
      </div>
    </section>
  );
}
