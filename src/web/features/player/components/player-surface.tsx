import { Dialog } from "radix-ui";
import { setExpanded } from "~/web/lib/player/engine";
import { usePlayer } from "~/web/lib/player/store";
import { MiniPlayer } from "./mini-player";
import { NowPlaying } from "./now-playing";

/**
 * The player's visible part, loaded on demand: the mini player and Now Playing. The audio engine and
 * the behaviour around it stay in PlayerRoot, so playback never waits for this chunk.
 */
export default function PlayerSurface() {
  const expanded = usePlayer((state) => state.expanded && state.current !== null);
  // Spec 1 §4: the expanded player toggles between expanded (Now Playing) and collapsed (mini).
  return (
    <Dialog.Root open={expanded} onOpenChange={setExpanded}>
      <MiniPlayer />
      <NowPlaying />
    </Dialog.Root>
  );
}
