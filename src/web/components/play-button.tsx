import { ListPlus, Pause, Play } from "lucide-react";
import { Button } from "~/web/components/ui/button";
import { addToQueue, playEpisode, togglePlay } from "~/web/lib/player/engine";
import { type EpisodeWithPodcast, toPlayableEpisode } from "~/web/lib/player/playable";
import { usePlayer } from "~/web/lib/player/store";

/**
 * An episode row's player buttons, shared by the Library's lists and bookmarks and the podcast
 * page. They reach the global player through ~/web/lib/player, as every component does. An
 * episode without a playable audio address shows neither.
 */

/** Plays an episode in the global player (pauses it when it is the one playing). */
export function PlayButton({ episode }: { episode: EpisodeWithPodcast }) {
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

/** Adds an episode to the end of the global player's queue (the player's toast says so). */
export function AddToQueueButton({ episode }: { episode: EpisodeWithPodcast }) {
  const playable = toPlayableEpisode(episode);
  if (!playable) return null;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Add to queue: ${episode.title}`}
      title="Add to queue"
      onClick={() => addToQueue(playable)}
    >
      <ListPlus aria-hidden="true" />
    </Button>
  );
}
