import { useEffect } from "react";
import { shouldSavePosition } from "~/domain/player";
import { savePosition } from "~/web/lib/player/positions";
import { usePlayer } from "~/web/lib/player/store";

/**
 * Spec 1 §7 position-saving triggers: on a time update when the whole second is a multiple of 10
 * (once per such second), at the end (the duration), when the episode changes and when the page
 * goes away (a beacon). Also on pause, so a paused episode resumes exactly where it stopped.
 * Only a loaded episode ("ready") is saved, so a load in progress never overwrites a position.
 */
export function usePositionSaving() {
  useEffect(() => {
    // The whole second last saved per episode: the "once per such second" rule, and no repeats.
    const lastSaved = new Map<string, number>();
    const save = (episodeId: string, seconds: number, beacon = false) => {
      const second = Math.floor(seconds);
      if (!beacon && lastSaved.get(episodeId) === second) return;
      lastSaved.set(episodeId, second);
      savePosition(episodeId, second, { beacon });
    };

    const unsubscribe = usePlayer.subscribe((state, previous) => {
      const before = previous.current;
      if (before && before.id !== state.current?.id && previous.status === "ready") {
        save(before.id, previous.currentTime);
      }
      const episode = state.current;
      if (!episode || state.status !== "ready") return;
      if (previous.current?.id !== episode.id) return;
      if (previous.playing && !state.playing) {
        save(episode.id, state.currentTime);
      } else if (
        state.currentTime !== previous.currentTime &&
        shouldSavePosition(state.currentTime, lastSaved.get(episode.id) ?? null)
      ) {
        save(episode.id, state.currentTime);
      }
    });

    const saveOnLeave = () => {
      const { current, status, currentTime } = usePlayer.getState();
      if (current && status === "ready") save(current.id, currentTime, true);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") saveOnLeave();
    };
    window.addEventListener("pagehide", saveOnLeave);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      unsubscribe();
      window.removeEventListener("pagehide", saveOnLeave);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
}
