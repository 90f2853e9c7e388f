import { Pause, Play } from "lucide-react";
import { playableAudioUrl } from "~/domain/episode";
import { Button } from "~/web/components/ui/button";
import { playEpisode, togglePlay, usePlayer } from "~/web/lib/player";
import type { LibraryEpisode } from "../api";

/** Plays a library episode in the global player (pauses it when it is the one playing). */
export function PlayButton({ episode }: { episode: LibraryEpisode }) {
  const isCurrent = usePlayer((state) => state.current?.id === episode.id);
  const isPlaying = usePlayer((state) => state.current?.id === episode.id && state.playing);
  const audioUrl = playableAudioUrl(episode.audioUrl);
  if (!audioUrl) return null;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`${isPlaying ? "Pause" : "Play"}: ${episode.title}`}
      title={isPlaying ? "Pause" : "Play"}
      onClick={() => {
        if (isCurrent) void togglePlay();
        else
          void playEpisode({
            id: episode.id,
            title: episode.title,
            audioUrl,
            imageUrl: episode.imageUrl,
            podcastId: episode.podcast.id,
            podcastName: episode.podcast.name,
            duration: episode.duration,
          });
      }}
    >
      {isPlaying ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
    </Button>
  );
}
