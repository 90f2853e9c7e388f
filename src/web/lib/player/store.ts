import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { PlayableEpisode as PlayableEpisodeData } from "~/domain/contract/player";
import {
  clampPlaybackRate,
  DEFAULT_PLAYBACK_RATE,
  parseStoredVolume,
  QUEUE_MAX,
  VOLUME_STORAGE_KEY,
} from "~/domain/player";
import { announcePlayerLoaded, PLAYER_STORAGE_KEY } from "./presence";

/** What the player needs to know about an episode: the shape the server's queue holds (GET /me/queue). */
export type PlayableEpisode = PlayableEpisodeData;

/**
 * idle: an episode is shown (restored after a reload) but its audio is not loaded;
 * loading: the saved position is being fetched or the audio's metadata is loading;
 * ready: the audio is at the right position (positions are saved only in this state);
 * error: the audio failed; playing it again retries.
 */
export type PlayerStatus = "idle" | "loading" | "ready" | "error";

export type SleepTimer =
  | { kind: "off" }
  | { kind: "end-of-episode" }
  | { kind: "minutes"; minutes: number; endsAt: number };

/** The client playback model of spec 1 §3, plus speed, loading state, sleep timer and the queue's owner. */
export type PlayerState = {
  current: PlayableEpisode | null;
  playing: boolean;
  /** Seconds. */
  currentTime: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  /** 0–1. */
  volume: number;
  expanded: boolean;
  queue: PlayableEpisode[];
  queueIndex: number;
  playbackRate: number;
  status: PlayerStatus;
  /** Waiting for data while playing. */
  buffering: boolean;
  sleepTimer: SleepTimer;
  /**
   * Whose queue this is: the signed-in user's id (mirrored on the server), or null for a queue made
   * while signed out (merged into the account at sign-in).
   */
  queueOwner: string | null;
};

type PersistedPlayer = Pick<PlayerState, "current" | "queue" | "queueIndex" | "queueOwner" | "playbackRate">;

function readStoredVolume(): number {
  try {
    return parseStoredVolume(globalThis.localStorage?.getItem(VOLUME_STORAGE_KEY));
  } catch {
    return parseStoredVolume(null);
  }
}

export const initialPlayerState = (): PlayerState => ({
  current: null,
  playing: false,
  currentTime: 0,
  duration: 0,
  volume: readStoredVolume(),
  expanded: false,
  queue: [],
  queueIndex: -1,
  playbackRate: DEFAULT_PLAYBACK_RATE,
  status: "idle",
  buffering: false,
  sleepTimer: { kind: "off" },
  queueOwner: null,
});

const isText = (value: unknown): value is string => typeof value === "string";
const isTextOrNull = (value: unknown) => value === null || typeof value === "string";

/** Stored data is untrusted (older versions, other tabs, hand edits): keep only well-formed episodes. */
export function toPlayableEpisode(value: unknown): PlayableEpisode | null {
  if (!value || typeof value !== "object") return null;
  const item = value as Record<string, unknown>;
  if (!isText(item.id) || !isText(item.title)) return null;
  if (!isTextOrNull(item.audioUrl) || !isTextOrNull(item.imageUrl)) return null;
  const duration = typeof item.duration === "number" && item.duration >= 0 ? item.duration : null;
  return {
    id: item.id,
    title: item.title,
    audioUrl: (item.audioUrl as string | null) ?? null,
    imageUrl: (item.imageUrl as string | null) ?? null,
    podcastId: isText(item.podcastId) ? item.podcastId : null,
    podcastName: isText(item.podcastName) ? item.podcastName : null,
    duration,
  };
}

function mergePersisted(persisted: unknown, current: PlayerState): PlayerState {
  if (!persisted || typeof persisted !== "object") return current;
  const stored = persisted as Partial<Record<keyof PersistedPlayer, unknown>>;
  const queue = Array.isArray(stored.queue)
    ? stored.queue.map(toPlayableEpisode).filter((item): item is PlayableEpisode => item !== null)
    : [];
  const index = typeof stored.queueIndex === "number" ? Math.floor(stored.queueIndex) : -1;
  const episode = toPlayableEpisode(stored.current);
  return {
    ...current,
    current: episode,
    duration: episode?.duration ?? 0,
    queue: queue.slice(0, QUEUE_MAX),
    queueIndex: Math.max(-1, Math.min(index, Math.min(queue.length, QUEUE_MAX) - 1)),
    queueOwner: isText(stored.queueOwner) ? stored.queueOwner : null,
    playbackRate:
      typeof stored.playbackRate === "number" ? clampPlaybackRate(stored.playbackRate) : current.playbackRate,
  };
}

/**
 * The one player store. Read it with `usePlayer(selector)`; change it only through the imperative
 * API in `~/web/lib/player` (which also drives the audio element). The episode, the queue, its
 * owner and the speed survive reloads (local storage); the volume is kept under 'player-volume'.
 */
export const usePlayer = create<PlayerState>()(
  persist(() => initialPlayerState(), {
    name: PLAYER_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: (state): PersistedPlayer => ({
      current: state.current,
      queue: state.queue,
      queueIndex: state.queueIndex,
      queueOwner: state.queueOwner,
      playbackRate: state.playbackRate,
    }),
    merge: mergePersisted,
  }),
);

announcePlayerLoaded();
