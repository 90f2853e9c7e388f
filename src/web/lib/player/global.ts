import type { addToQueue, playEpisode } from "./engine";

declare global {
  interface Window {
    earmarkPlayer?: {
      playEpisode: typeof playEpisode;
      addToQueue: (...args: Parameters<typeof addToQueue>) => Promise<void>;
    };
  }
}

type Engine = typeof import("./engine");
let engine: Promise<Engine> | undefined;

/** The player's engine, loaded once on first use (a failed load is tried again on the next call). */
function loadEngine(): Promise<Engine> {
  engine ??= import("./engine").catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/**
 * `window.earmarkPlayer` — exposed in every build on purpose: it is how support staff (and the
 * end-to-end tests) start a given episode from the console without depending on which screens
 * offer a play button. It can do nothing a visitor cannot do through the UI: play public episodes
 * and add them to their own queue. It exists from the first render and loads the player on its
 * first call; every call waits on the same load, so calls run in the order they were made (two
 * quick adds to the queue keep their order whether or not the player had loaded).
 */
export function exposePlayerGlobal() {
  if (typeof window === "undefined" || window.earmarkPlayer) return;
  window.earmarkPlayer = {
    playEpisode: async (episode, options) => (await loadEngine()).playEpisode(episode, options),
    addToQueue: async (episode) => (await loadEngine()).addToQueue(episode),
  };
}
