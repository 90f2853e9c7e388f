import {
  Check,
  Headphones,
  Moon,
  Pause,
  Play,
  RotateCcw,
  RotateCw,
  SkipBack,
  SkipForward,
  Volume2,
  VolumeX,
} from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import {
  canGoNext,
  canGoPrevious,
  chapterIndexAt,
  formatPlaybackRate,
  PLAYBACK_RATES,
  perMilleToSeconds,
  SEEK_SLIDER,
  SKIP_BACK_SECONDS,
  SKIP_FORWARD_SECONDS,
  SLEEP_TIMER_MINUTES,
  type SleepTimerChoice,
  secondsToPerMille,
  VOLUME_SLIDER,
  volumeFromSlider,
  volumeToSlider,
} from "~/domain/player";
import { describeTime, formatTime } from "~/domain/time";
import { Button } from "~/web/components/ui/button";
import { Slider } from "~/web/components/ui/slider";
import { Spinner } from "~/web/components/ui/spinner";
import { cn } from "~/web/lib/cn";
import {
  playNext,
  playPrevious,
  seekTo,
  setPlaybackRate,
  setSleepTimer,
  setVolume,
  skipBack,
  skipForward,
  toggleMute,
  togglePlay,
} from "~/web/lib/player/engine";
import { usePlayer } from "~/web/lib/player/store";
import { useChapters } from "../api";

/** Episode artwork, or a placeholder; decorative (the title is always next to it). */
export function Artwork({ src, className }: { src: string | null | undefined; className?: string }) {
  // Remembers which image failed, so a new one gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === failedSrc) {
    return (
      <span
        aria-hidden="true"
        className={cn(
          "flex shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-secondary to-muted text-primary",
          className,
        )}
      >
        <Headphones className="size-1/2 max-h-24 max-w-24" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn("shrink-0 rounded-md bg-secondary object-cover", className)}
    />
  );
}

/** The current chapter's title, when the episode has chapters. */
export function useCurrentChapter(): string | null {
  const episodeId = usePlayer((state) => state.current?.id ?? null);
  const chapters = useChapters(episodeId);
  const index = usePlayer((state) => chapterIndexAt(chapters, state.currentTime));
  return index >= 0 ? (chapters[index]?.title ?? null) : null;
}

/** Elapsed and total time: m:ss, h:mm:ss past an hour (spec 1 §9). */
export function TimeDisplay({ className }: { className?: string }) {
  const currentTime = usePlayer((state) => Math.floor(state.currentTime));
  const duration = usePlayer((state) => Math.floor(state.duration));
  return (
    <p className={cn("font-mono text-xs text-muted-foreground tabular-nums", className)}>
      <span aria-hidden="true">
        {formatTime(currentTime)} / {formatTime(duration)}
      </span>
      <span className="sr-only">
        {formatTime(currentTime)} of {formatTime(duration)}
      </span>
    </p>
  );
}

/**
 * The seek slider (spec 1 §2, §9): steps of 0.1 percent, chapter markers on the track. Keys and a
 * click seek at once; a drag shows where it will land and seeks when released.
 */
export function SeekBar({ variant = "full", className }: { variant?: "full" | "strip"; className?: string }) {
  const current = usePlayer((state) => state.current);
  const currentTime = usePlayer((state) => state.currentTime);
  const duration = usePlayer((state) => state.duration);
  const chapters = useChapters(current?.id ?? null);
  const [scrub, setScrub] = useState<number | null>(null);
  const dragging = useRef(false);
  const scrubbed = useRef<number | null>(null);
  const value = scrub ?? secondsToPerMille(currentTime, duration);
  const shown = scrub === null ? currentTime : perMilleToSeconds(scrub, duration);
  const endDrag = () => {
    if (!dragging.current) return;
    dragging.current = false;
    if (scrubbed.current !== null) seekTo(perMilleToSeconds(scrubbed.current, duration));
    scrubbed.current = null;
    setScrub(null);
  };
  return (
    <Slider
      size={variant === "strip" ? "strip" : "default"}
      className={className}
      label="Seek"
      valueText={describeTime(shown)}
      value={value}
      min={SEEK_SLIDER.min}
      max={SEEK_SLIDER.max}
      step={SEEK_SLIDER.step}
      disabled={!(duration > 0)}
      onPointerDown={() => {
        dragging.current = true;
      }}
      onPointerUp={endDrag}
      onLostPointerCapture={endDrag}
      onValueChange={(next) => {
        if (dragging.current) {
          scrubbed.current = next;
          setScrub(next);
        } else seekTo(perMilleToSeconds(next, duration));
      }}
      trackChildren={
        duration > 0 &&
        chapters
          .filter((chapter) => chapter.startTime > 0 && chapter.startTime < duration)
          .map((chapter) => (
            <span
              key={chapter.startTime}
              aria-hidden="true"
              title={chapter.title}
              className="absolute top-0 h-full w-0.5 -translate-x-1/2 bg-background"
              style={{ left: `${(chapter.startTime / duration) * 100}%` }}
            />
          ))
      }
    />
  );
}

export function PlayPauseButton({ size = "icon", className }: { size?: "icon" | "lg"; className?: string }) {
  const playing = usePlayer((state) => state.playing);
  const waiting = usePlayer((state) => state.buffering || (state.status === "loading" && state.playing));
  const Icon = playing ? Pause : Play;
  return (
    <Button
      size="icon"
      aria-label={playing ? "Pause" : "Play"}
      onClick={() => void togglePlay()}
      className={cn("rounded-full", size === "lg" && "size-16 [&_svg]:size-7", className)}
    >
      {waiting ? <Spinner /> : <Icon aria-hidden="true" className={cn(!playing && "translate-x-px")} />}
    </Button>
  );
}

export function PreviousButton({ className }: { className?: string }) {
  const allowed = usePlayer((state) => canGoPrevious(state.queueIndex));
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Previous episode"
      disabled={!allowed}
      onClick={() => void playPrevious()}
      className={className}
    >
      <SkipBack aria-hidden="true" />
    </Button>
  );
}

export function NextButton({ className }: { className?: string }) {
  const allowed = usePlayer((state) => canGoNext(state.queue.length, state.queueIndex));
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Next episode"
      disabled={!allowed}
      onClick={() => void playNext()}
      className={className}
    >
      <SkipForward aria-hidden="true" />
    </Button>
  );
}

function SkipButton({ direction }: { direction: "back" | "forward" }) {
  const seconds = direction === "back" ? SKIP_BACK_SECONDS : SKIP_FORWARD_SECONDS;
  const Icon = direction === "back" ? RotateCcw : RotateCw;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={direction === "back" ? `Skip back ${seconds} seconds` : `Skip forward ${seconds} seconds`}
      onClick={direction === "back" ? skipBack : skipForward}
      className="relative [&_svg]:size-7"
    >
      <Icon aria-hidden="true" strokeWidth={1.5} />
      <span aria-hidden="true" className="absolute text-[0.6rem] font-semibold">
        {seconds}
      </span>
    </Button>
  );
}

/** Previous, back 15, play/pause, forward 30, next. */
export function Transport() {
  return (
    <div className="flex items-center justify-center gap-2 sm:gap-4">
      <PreviousButton />
      <SkipButton direction="back" />
      <PlayPauseButton size="lg" />
      <SkipButton direction="forward" />
      <NextButton />
    </div>
  );
}

/** Mute and the volume slider: 0–100 in steps of 1, stored 0–1 (spec 1 §9). */
export function VolumeControl({ className }: { className?: string }) {
  const volume = usePlayer((state) => state.volume);
  const value = volumeToSlider(volume);
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Button variant="ghost" size="icon-sm" aria-label={volume > 0 ? "Mute" : "Unmute"} onClick={toggleMute}>
        {volume > 0 ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
      </Button>
      <Slider
        className="w-24"
        label="Volume"
        valueText={`${value}%`}
        value={value}
        min={VOLUME_SLIDER.min}
        max={VOLUME_SLIDER.max}
        step={VOLUME_SLIDER.step}
        onValueChange={(next) => setVolume(volumeFromSlider(next))}
      />
    </div>
  );
}

const menuContentClass =
  "z-[60] min-w-40 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md";
const menuItemClass =
  "relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-7 text-sm outline-none select-none data-[highlighted]:bg-muted";

function MenuRadioItem({ value, children }: { value: string; children: React.ReactNode }) {
  return (
    <DropdownMenu.RadioItem value={value} className={menuItemClass}>
      <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
        <Check aria-hidden="true" className="size-4" />
      </DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.RadioItem>
  );
}

/** Playback speed 0.5×–3×, kept per user. */
export function SpeedMenu() {
  const rate = usePlayer((state) => state.playbackRate);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Playback speed ${formatPlaybackRate(rate)}`}>
          <span aria-hidden="true" className="min-w-9 font-mono tabular-nums">
            {formatPlaybackRate(rate)}
          </span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={6} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            Playback speed
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={String(rate)}
            onValueChange={(value) => setPlaybackRate(Number(value))}
          >
            {PLAYBACK_RATES.map((option) => (
              <MenuRadioItem key={option} value={String(option)}>
                {formatPlaybackRate(option)}
              </MenuRadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function useMinutesLeft(endsAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(id);
  }, [endsAt]);
  return endsAt === null ? null : Math.max(1, Math.ceil((endsAt - now) / 60_000));
}

/** Sleep timer: off, end of episode, 15, 30 or 60 minutes. */
export function SleepTimerMenu() {
  const timer = usePlayer((state) => state.sleepTimer);
  const minutesLeft = useMinutesLeft(timer.kind === "minutes" ? timer.endsAt : null);
  const choice: SleepTimerChoice =
    timer.kind === "minutes" ? (timer.minutes as SleepTimerChoice) : timer.kind;
  const status =
    timer.kind === "off"
      ? "off"
      : timer.kind === "end-of-episode"
        ? "end of episode"
        : `${minutesLeft} ${minutesLeft === 1 ? "minute" : "minutes"} left`;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Sleep timer: ${status}`}
          className={cn(timer.kind !== "off" && "text-primary")}
        >
          <Moon aria-hidden="true" />
          {timer.kind === "minutes" && (
            <span aria-hidden="true" className="font-mono tabular-nums">
              {minutesLeft}m
            </span>
          )}
          {timer.kind === "end-of-episode" && <span aria-hidden="true">End</span>}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content sideOffset={6} className={menuContentClass}>
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            Sleep timer
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={String(choice)}
            onValueChange={(value) =>
              setSleepTimer(
                value === "off" || value === "end-of-episode"
                  ? value
                  : (Number(value) as (typeof SLEEP_TIMER_MINUTES)[number]),
              )
            }
          >
            <MenuRadioItem value="off">Off</MenuRadioItem>
            <MenuRadioItem value="end-of-episode">End of episode</MenuRadioItem>
            {SLEEP_TIMER_MINUTES.map((minutes) => (
              <MenuRadioItem key={minutes} value={String(minutes)}>
                {minutes} minutes
              </MenuRadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
