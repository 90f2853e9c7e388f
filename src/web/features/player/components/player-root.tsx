import { useEffect } from "react";
import { exposePlayerGlobal } from "~/web/lib/player";
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
  return (
    <>
      <MiniPlayer />
      <NowPlaying />
    </>
  );
}
