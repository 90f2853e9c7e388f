/**
 * The player's public API: any screen may import from `~/web/lib/player` (features must not import
 * each other, so the shared entry point lives in lib). This file is that contract, not a barrel:
 *
 *   usePlayer(selector)                 the store hook (current episode, playing, currentTime, queue …)
 *   playEpisode(episode, { startAt? })  start an episode (at `startAt` seconds when given)
 *   addToQueue(episode)                 append to the queue ('Added to queue')
 *   seekTo(seconds)                     seek the current episode
 *   toPlayableEpisode(episode)          a loaded episode as the player takes it (null: not playable)
 *
 * plus the transport, queue and settings functions the player's own UI uses.
 */
import { addToQueue, playEpisode } from "./engine";

export {
  addToQueue,
  clearQueue,
  moveInQueue,
  pause,
  playEpisode,
  playFromQueue,
  playNext,
  playPrevious,
  removeFromQueue,
  resume,
  seekTo,
  setExpanded,
  setPlaybackRate,
  setSleepTimer,
  setVolume,
  skipBack,
  skipForward,
  toggleExpanded,
  toggleMute,
  togglePlay,
} from "./engine";
export { type EpisodeWithPodcast, toPlayableEpisode } from "./playable";
export { type PlayableEpisode, type PlayerState, usePlayer } from "./store";

declare global {
  interface Window {
    earmarkPlayer?: { playEpisode: typeof playEpisode; addToQueue: typeof addToQueue };
  }
}

/**
 * `window.earmarkPlayer` — exposed in every build on purpose: it is how support staff (and the
 * end-to-end tests) start a given episode from the console without depending on which screens
 * offer a play button. It can do nothing a visitor cannot do through the UI: play public episodes
 * and add them to their own queue.
 */
export function exposePlayerGlobal() {
  if (typeof window !== "undefined") window.earmarkPlayer = { playEpisode, addToQueue };
}
