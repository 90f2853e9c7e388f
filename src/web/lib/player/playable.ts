import { playableAudioUrl } from "~/domain/episode";
import type { PlayableEpisode } from "./store";

/** An episode as the screens load it: with its podcast. */
export type EpisodeWithPodcast = {
  id: string;
  title: string;
  audioUrl: string | null;
  imageUrl: string | null;
  duration: number | null;
  podcast: { id: string; name: string };
};

/** The episode as the player takes it, or null when it has no audio the player can play (video-site links). */
export function toPlayableEpisode(episode: EpisodeWithPodcast): PlayableEpisode | null {
  const audioUrl = playableAudioUrl(episode.audioUrl);
  if (!audioUrl) return null;
  return {
    id: episode.id,
    title: episode.title,
    audioUrl,
    imageUrl: episode.imageUrl,
    podcastId: episode.podcast.id,
    podcastName: episode.podcast.name,
    duration: episode.duration,
  };
}
