import { useCallback, useMemo } from "react";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import { playEpisode, togglePlay } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { usePlayer } from "~/web/lib/player/store";

/**
 * This episode in the global player: whether it is the current one, where it is, and "play from
 * here" for every timecode on the page. Episodes without a playable audio URL (video-site links)
 * cannot be played here.
 */
export function useEpisodePlayback(episode: EpisodeDetail) {
  const playable = useMemo(() => toPlayableEpisode(episode), [episode]);
  const isCurrent = usePlayer((state) => state.current?.id === episode.id);
  const isPlaying = usePlayer((state) => state.current?.id === episode.id && state.playing);
  /** Seconds into this episode, or null when another episode (or none) is in the player. */
  const currentTime = usePlayer((state) => (state.current?.id === episode.id ? state.currentTime : null));
  const duration = usePlayer((state) =>
    state.current?.id === episode.id && state.duration > 0 ? state.duration : (episode.duration ?? 0),
  );

  const playFrom = useCallback(
    (seconds: number) => {
      if (playable) void playEpisode(playable, { startAt: Math.max(0, seconds) });
    },
    [playable],
  );
  const toggle = useCallback(() => {
    if (!playable) return;
    if (isCurrent) void togglePlay();
    else void playEpisode(playable);
  }, [playable, isCurrent]);

  return { playable, isCurrent, isPlaying, currentTime, duration, playFrom, toggle };
}

export type EpisodePlayback = ReturnType<typeof useEpisodePlayback>;
