import { lazy, Suspense, useEffect } from "react";
import { exposePlayerGlobal } from "~/web/lib/player";
import { usePlayer } from "~/web/lib/player/store";
import { useAccountSync } from "../hooks/use-account-sync";
import { useKeyboardShortcuts } from "../hooks/use-keyboard-shortcuts";
import { useMediaSession } from "../hooks/use-media-session";
import { usePositionSaving } from "../hooks/use-position-saving";
import { useSleepTimer } from "../hooks/use-sleep-timer";

// The player's UI (sliders, menus, the Now Playing dialog) is most of its code and is only needed
// once something plays, so it stays out of every page's first load.
const PlayerSurface = lazy(() => import("./player-surface"));

/**
 * The app's one player, mounted once by the root layout: the behaviour around the audio engine
 * (position saving, account sync, media keys, keyboard shortcuts, sleep timer) and, once an
 * episode is loaded, the mini player and Now Playing.
 */
export function PlayerRoot() {
  usePositionSaving();
  useAccountSync();
  useMediaSession();
  useKeyboardShortcuts();
  useSleepTimer();
  useEffect(exposePlayerGlobal, []);
  const hasEpisode = usePlayer((state) => state.current !== null);
  return hasEpisode ? (
    <Suspense fallback={null}>
      <PlayerSurface />
    </Suspense>
  ) : null;
}
