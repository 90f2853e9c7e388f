import { addToQueue, playEpisode } from "./engine";

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
