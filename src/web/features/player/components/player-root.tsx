import { Dialog } from "radix-ui";
import { useEffect } from "react";
import { exposePlayerGlobal } from "~/web/lib/player";
import { setExpanded } from "~/web/lib/player/engine";
import { usePlayer } from "~/web/lib/player/store";
import { useAccountSync } from "../hooks/use-account-sync";
import { useKeyboardShortcuts } from "../hooks/use-keyboard-shortcuts";
import { useMediaSession } from "../hooks/use-media-session";
import { usePositionSaving } from "../hooks/use-position-saving";
import { useSleepTimer } from "../hooks/use-sleep-timer";
import { MiniPlayer } from "./mini-player";
import { NowPlaying } from "./now-playing";

/**
 * The app's one player, mounted once by the root layout: the mini player, Now Playing, and the
 * behaviour around them (position saving, account sync, media keys, keyboard shortcuts, sleep timer).
 */
export function PlayerRoot() {
  usePositionSaving();
  useAccountSync();
  useMediaSession();
  useKeyboardShortcuts();
  useSleepTimer();
  useEffect(exposePlayerGlobal, []);
  const expanded = usePlayer((state) => state.expanded && state.current !== null);
  // Spec 1 §4: the expanded player toggles between expanded (Now Playing) and collapsed (mini).
  return (
    <Dialog.Root open={expanded} onOpenChange={setExpanded}>
      <MiniPlayer />
      <NowPlaying />
    </Dialog.Root>
  );
}
