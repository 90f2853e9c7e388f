/**
 * Whether the player's code has loaded, without loading it. The root layout mounts the player (its
 * hooks and mini player) only once it is needed — signed in, an episode kept from an earlier visit,
 * or any screen that loads the player to play something — so the landing page's first load carries
 * none of it (decision 012). The store announces itself here when its module runs.
 */
export const PLAYER_STORAGE_KEY = "earmark.player";

let isLoaded = false;
const listeners = new Set<() => void>();

export function announcePlayerLoaded(): void {
  isLoaded = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Calls `onLoaded` once the player's store has loaded (at once if it has); returns an unsubscribe. */
export function whenPlayerLoaded(onLoaded: () => void): () => void {
  if (isLoaded) {
    onLoaded();
    return () => {};
  }
  listeners.add(onLoaded);
  return () => {
    listeners.delete(onLoaded);
  };
}

/** An episode or queue kept in this browser by an earlier visit (the store would restore it). */
export function hasStoredPlayer(): boolean {
  try {
    return globalThis.localStorage?.getItem(PLAYER_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}
