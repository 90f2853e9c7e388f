import { useEffect } from "react";
import { canGoNext, canGoPrevious } from "~/domain/player";
import {
  mediaPosition,
  pause,
  playNext,
  playPrevious,
  resume,
  seekTo,
  skipBack,
  skipForward,
} from "~/web/lib/player/engine";
import { type PlayableEpisode, usePlayer } from "~/web/lib/player/store";

function artworkFor(episode: PlayableEpisode): MediaImage[] {
  if (!episode.imageUrl) return [];
  try {
    const src = new URL(episode.imageUrl, window.location.origin).href;
    const extension = new URL(src).pathname.split(".").pop()?.toLowerCase();
    const type =
      extension === "svg"
        ? "image/svg+xml"
        : extension === "png"
          ? "image/png"
          : extension === "webp"
            ? "image/webp"
            : extension === "jpg" || extension === "jpeg"
              ? "image/jpeg"
              : undefined;
    return [{ src, sizes: "512x512", ...(type ? { type } : {}) }];
  } catch {
    return [];
  }
}

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // The browser does not support this action.
  }
}

/**
 * Media Session API: lock-screen and hardware media keys, with the episode's title, podcast and
 * artwork; play, pause, seek back 15 s / forward 30 s, seek to a time, and next/previous only when
 * the queue allows them (spec 1 §4).
 */
export function useMediaSession() {
  const current = usePlayer((state) => state.current);
  const playing = usePlayer((state) => state.playing);
  const hasNext = usePlayer((state) => canGoNext(state.queue.length, state.queueIndex));
  const hasPrevious = usePlayer((state) => canGoPrevious(state.queueIndex));
  const duration = usePlayer((state) => state.duration);
  const rate = usePlayer((state) => state.playbackRate);
  const seekedTo = usePlayer((state) => Math.floor(state.currentTime / 15));

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    setHandler("play", () => void resume());
    setHandler("pause", () => pause());
    setHandler("stop", () => pause());
    setHandler("seekbackward", (details) =>
      details.seekOffset ? seekTo(usePlayer.getState().currentTime - details.seekOffset) : skipBack(),
    );
    setHandler("seekforward", (details) =>
      details.seekOffset ? seekTo(usePlayer.getState().currentTime + details.seekOffset) : skipForward(),
    );
    setHandler("seekto", (details) => {
      if (details.seekTime !== undefined) seekTo(details.seekTime);
    });
    return () => {
      for (const action of ["play", "pause", "stop", "seekbackward", "seekforward", "seekto"] as const)
        setHandler(action, null);
    };
  }, []);

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    setHandler("nexttrack", hasNext ? () => void playNext() : null);
    setHandler("previoustrack", hasPrevious ? () => void playPrevious() : null);
  }, [hasNext, hasPrevious]);

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = current
      ? new MediaMetadata({
          title: current.title,
          artist: current.podcastName ?? "",
          album: "Earmark",
          artwork: artworkFor(current),
        })
      : null;
  }, [current]);

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = current ? (playing ? "playing" : "paused") : "none";
  }, [current, playing]);

  // The browser extrapolates the position from the rate; tell it again after seeks and changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: seekedTo re-sends the position every 15 s of media time.
  useEffect(() => {
    if (!("mediaSession" in navigator) || !navigator.mediaSession.setPositionState) return;
    const position = mediaPosition();
    if (!current || !position || !(duration > 0)) return;
    try {
      navigator.mediaSession.setPositionState({
        duration,
        playbackRate: rate,
        position: Math.min(duration, Math.max(0, position.position)),
      });
    } catch {
      // An inconsistent state (e.g. during a load) is simply skipped.
    }
  }, [current, duration, rate, seekedTo]);
}
