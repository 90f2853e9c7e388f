import { lazy, Suspense, useEffect, useState } from "react";
import { hasStoredPlayer, whenPlayerLoaded } from "~/web/lib/player/presence";

const PlayerRoot = lazy(() => import("./player-root").then((module) => ({ default: module.PlayerRoot })));

// `window.earmarkPlayer` exists from the start (see lib/player/global.ts): until the player has loaded, each
// call loads it and then runs. The player replaces these with its own functions once mounted.
if (typeof window !== "undefined" && !window.earmarkPlayer) {
  window.earmarkPlayer = {
    playEpisode: async (episode, options) =>
      (await import("~/web/lib/player/engine")).playEpisode(episode, options),
    addToQueue: (episode) => {
      void import("~/web/lib/player/engine").then((player) => player.addToQueue(episode));
    },
  };
}

/**
 * The app's player, mounted once it is needed (decision 012): when signed in (the account's queue
 * and positions sync), when this browser kept an episode from an earlier visit, or as soon as any
 * screen loads the player to play something. Until then it is not even downloaded.
 */
export function DeferredPlayer({ isSignedIn }: { isSignedIn: boolean }) {
  const [isNeeded, setNeeded] = useState(false);
  useEffect(() => {
    if (hasStoredPlayer()) setNeeded(true);
    return whenPlayerLoaded(() => setNeeded(true));
  }, []);
  // Once mounted it stays: signing out must not take away what is playing (noted while rendering).
  if (isSignedIn && !isNeeded) setNeeded(true);
  if (!isNeeded && !isSignedIn) return null;
  return (
    <Suspense fallback={null}>
      <PlayerRoot />
    </Suspense>
  );
}
