import { lazy, Suspense, useEffect, useState } from "react";
import { exposePlayerGlobal } from "~/web/lib/player/global";
import { hasStoredPlayer, whenPlayerLoaded } from "~/web/lib/player/presence";

const PlayerRoot = lazy(() => import("./player-root").then((module) => ({ default: module.PlayerRoot })));

exposePlayerGlobal();

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
