import { lazy, Suspense } from "react";
import { useAccountSync } from "~/web/features/player/hooks/use-account-sync";
import { useKeyboardShortcuts } from "~/web/features/player/hooks/use-keyboard-shortcuts";
import { useMediaSession } from "~/web/features/player/hooks/use-media-session";
import { usePositionSaving } from "~/web/features/player/hooks/use-position-saving";
import { useSleepTimer } from "~/web/features/player/hooks/use-sleep-timer";
import { usePlayer } from "~/web/lib/player/store";

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
  const hasEpisode = usePlayer((state) => state.current !== null);
  return hasEpisode ? (
    <Suspense fallback={null}>
      <PlayerSurface />
    </Suspense>
  ) : null;
}
