import { useEffect } from "react";
import { pause, setSleepTimer } from "~/web/lib/player/engine";
import { usePlayer } from "~/web/lib/player/store";

/**
 * Sleep timer: after 15, 30 or 60 minutes playback pauses. ("End of episode" is handled where the
 * episode ends: the queue does not advance.)
 */
export function useSleepTimer() {
  const timer = usePlayer((state) => state.sleepTimer);
  useEffect(() => {
    if (timer.kind !== "minutes") return;
    const id = window.setTimeout(
      () => {
        pause();
        setSleepTimer("off");
      },
      Math.max(0, timer.endsAt - Date.now()),
    );
    return () => window.clearTimeout(id);
  }, [timer]);
}
