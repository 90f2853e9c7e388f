import { Pause, Play } from "lucide-react";
import type { LibraryEpisode } from "~/domain/contract/library";
import { Button } from "~/web/components/ui/button";
import { playEpisode, togglePlay } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { usePlayer } from "~/web/lib/player/store";

/** Plays a library episode in the global player (pauses it when it is the one playing). */
export function PlayButton({ episode }: { episode: LibraryEpisode }) {
  const isCurrent = usePlayer((state) => state.current?.id === episode.id);
  const isPlaying = usePlayer((state) => state.current?.id === episode.id && state.playing);
  const playable = toPlayableEpisode(episode);
  if (!playable) return null;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`${isPlaying ? "Pause" : "Play"}: ${episode.title}`}
      title={isPlaying ? "Pause" : "Play"}
      onClick={() => {
        if (isCurrent) void togglePlay();
        else void playEpisode(playable);
      }}
    >
      {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
    </Button>
  );
}
