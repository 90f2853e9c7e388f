import {
  canGoNext,
  canGoPrevious,
  clampPlaybackRate,
  clampSeek,
  moveQueueItem,
  QUEUE_MAX,
  removeQueueItem,
  resumePosition,
  SKIP_BACK_SECONDS,
  SKIP_FORWARD_SECONDS,
  type SleepTimerChoice,
  VOLUME_STORAGE_KEY,
} from "~/domain/player";
import { notify } from "~/web/components/ui/toaster";
import { loadPosition } from "./positions";
import { initialPlayerState, type PlayableEpisode, type PlayerState, usePlayer } from "./store";

/**
 * The audio engine: one HTMLAudioElement for the whole app (it lives outside React, so playback
 * survives every navigation), driven by the functions below and reporting into the store.
 * Spec 1 §4 (playback rules) and §8 (notices).
 */

export const notices = {
  noAudio: { title: "No audio available", description: "This episode doesn't have an audio file." },
  playRejected: { title: "Playback error", description: "Could not play this episode. Please try again." },
  audioError: { title: "Playback error", description: "There was an error playing this episode." },
  added: (title: string) => ({ title: "Added to queue", description: title }),
  queueFull: { title: "Queue is full", description: `The queue holds at most ${QUEUE_MAX} episodes.` },
} as const;

const set = (partial: Partial<PlayerState>) => usePlayer.setState(partial);
const get = () => usePlayer.getState();

let element: HTMLAudioElement | null = null;
/** Bumped by every load; work for an older load is dropped. */
let loadToken = 0;
/** Where the current load should start once the audio's duration is known. */
let pendingStart: { token: number; seconds: number; explicit: boolean } | null = null;
/** Whether the current load should play once its source is set (a play or pause while loading changes it). */
let wantPlay = false;
/** The load whose source the element holds. */
let sourceToken = -1;
/** Called with the new playback rate by whoever persists it (the account sync). */
let rateListener: ((rate: number) => void) | null = null;

function audio(): HTMLAudioElement {
  if (element) return element;
  const media = new Audio();
  media.preload = "metadata";
  media.volume = get().volume;
  media.defaultPlaybackRate = get().playbackRate;
  media.playbackRate = get().playbackRate;

  media.addEventListener("loadedmetadata", () => {
    const duration = Number.isFinite(media.duration) ? media.duration : 0;
    const start = pendingStart;
    if (start && start.token === loadToken) {
      pendingStart = null;
      const seconds = start.explicit
        ? clampSeek(start.seconds, duration)
        : resumePosition(start.seconds, duration || null);
      if (seconds > 0) media.currentTime = seconds;
      set({ duration, currentTime: seconds, status: "ready" });
    } else if (duration) set({ duration });
  });
  media.addEventListener("durationchange", () => {
    if (Number.isFinite(media.duration) && media.duration > 0) set({ duration: media.duration });
  });
  media.addEventListener("timeupdate", () => {
    if (get().status === "ready") set({ currentTime: media.currentTime });
  });
  media.addEventListener("play", () => set({ playing: true }));
  media.addEventListener("pause", () => {
    // The end is reported by "ended" (which also fires pause first in some browsers).
    if (!media.ended) set({ playing: false, buffering: false });
  });
  media.addEventListener("waiting", () => set({ buffering: true }));
  media.addEventListener("playing", () => set({ buffering: false, playing: true }));
  media.addEventListener("canplay", () => set({ buffering: false }));
  media.addEventListener("ended", onEnded);
  media.addEventListener("error", () => {
    const error = media.error;
    // An aborted fetch (a new episode replaced this one) is not an error worth telling.
    if (!error || error.code === MediaError.MEDIA_ERR_ABORTED || !get().current || !media.getAttribute("src"))
      return;
    pendingStart = null;
    set({ playing: false, buffering: false, status: "error" });
    notify.error(notices.audioError.title, notices.audioError.description);
  });
  element = media;
  return media;
}

/** Spec 1 §4: on end, playing becomes false, the final position (the duration) is saved, then next. */
function onEnded() {
  const media = audio();
  const duration = Number.isFinite(media.duration) ? media.duration : get().duration;
  // The position-saving hook sees playing go false at currentTime = duration and saves it.
  set({ playing: false, buffering: false, currentTime: duration });
  if (get().sleepTimer.kind === "end-of-episode") {
    set({ sleepTimer: { kind: "off" } });
    return;
  }
  playNext();
}

async function startPlayback(token: number) {
  const media = audio();
  try {
    await media.play();
    if (token === loadToken) set({ playing: true });
  } catch (error) {
    if (token !== loadToken) return;
    // Superseded by pause() or a new source: nothing went wrong.
    if (error instanceof DOMException && error.name === "AbortError") return;
    set({ playing: false, buffering: false });
    // A failed source also rejects play(); its "error" event has already said so.
    if (media.error) return;
    console.error("play() was rejected", error);
    notify.error(notices.playRejected.title, notices.playRejected.description);
  }
}

/**
 * Loads an episode: sets it current, loads its saved position (or uses `startAt`), points the
 * audio element at it and, with `autoplay`, plays.
 */
async function load(episode: PlayableEpisode, options: { autoplay: boolean; startAt?: number | undefined }) {
  const token = ++loadToken;
  const media = audio();
  pendingStart = null;
  media.pause();
  set({
    current: episode,
    status: "loading",
    playing: false,
    buffering: false,
    currentTime: options.startAt ?? 0,
    duration: episode.duration ?? 0,
  });
  wantPlay = options.autoplay;
  const explicit = options.startAt !== undefined;
  const seconds = explicit ? Math.max(0, options.startAt ?? 0) : await loadPosition(episode.id);
  if (token !== loadToken) return;
  pendingStart = { token, seconds, explicit };
  if (!explicit) set({ currentTime: resumePosition(seconds, episode.duration) });
  media.src = episode.audioUrl ?? "";
  sourceToken = token;
  media.defaultPlaybackRate = get().playbackRate;
  media.playbackRate = get().playbackRate;
  media.volume = get().volume;
  if (wantPlay) await startPlayback(token);
}

/** Plays the loaded episode, or asks the load in progress to play once its source is set. */
function playLoaded(): Promise<void> {
  wantPlay = true;
  return sourceToken === loadToken ? startPlayback(loadToken) : Promise.resolve();
}

/**
 * Spec 1 §4: starting needs an audio URL (else the destructive 'No audio available' notice); the
 * saved position is loaded, then playback starts. With `startAt` (seconds) it starts exactly there
 * (click-to-seek from transcripts, chapters and insights). The same episode continues where it is.
 */
export function playEpisode(episode: PlayableEpisode, options: { startAt?: number } = {}): Promise<void> {
  if (!episode.audioUrl) {
    notify.error(notices.noAudio.title, notices.noAudio.description);
    return Promise.resolve();
  }
  const state = get();
  const sameEpisode = state.current?.id === episode.id && state.current.audioUrl === episode.audioUrl;
  if (sameEpisode && (state.status === "ready" || state.status === "loading")) {
    set({ current: { ...episode, duration: episode.duration ?? state.current?.duration ?? null } });
    if (options.startAt !== undefined) seekTo(options.startAt);
    return playLoaded();
  }
  return load(episode, { autoplay: true, startAt: options.startAt });
}

/** Shows an episode without playing it (the restored player after a reload). */
export function prepareEpisode(episode: PlayableEpisode): Promise<void> {
  if (!episode.audioUrl) return Promise.resolve();
  return load(episode, { autoplay: false });
}

export function pause() {
  wantPlay = false;
  element?.pause();
  set({ playing: false });
}

/** Plays the current episode: resumes it, or loads it first (restored, or after an error). */
export function resume(): Promise<void> {
  const { current, status } = get();
  if (!current) return Promise.resolve();
  if (status === "ready" || status === "loading") return playLoaded();
  return playEpisode(current, {});
}

/** Spec 1 §4: toggle flips playing. */
export function togglePlay(): Promise<void> {
  if (get().playing) {
    pause();
    return Promise.resolve();
  }
  return resume();
}

/** Seeks the current episode (seconds, clamped to the episode). */
export function seekTo(seconds: number) {
  const { current, status, duration } = get();
  if (!current || !Number.isFinite(seconds)) return;
  if (status === "idle" || status === "error") {
    void load(current, { autoplay: false, startAt: seconds });
    return;
  }
  const target = clampSeek(seconds, duration);
  if (status === "loading") {
    if (pendingStart) pendingStart = { ...pendingStart, seconds: target, explicit: true };
    else pendingStart = { token: loadToken, seconds: target, explicit: true };
    set({ currentTime: target });
    return;
  }
  audio().currentTime = target;
  set({ currentTime: target });
}

export const skipBack = () => seekTo(get().currentTime - SKIP_BACK_SECONDS);
export const skipForward = () => seekTo(get().currentTime + SKIP_FORWARD_SECONDS);

/** Spec 1 §4: next only when the queue is non-empty and the index is below the last item. */
export function playNext(): Promise<void> {
  const { queue, queueIndex } = get();
  if (!canGoNext(queue.length, queueIndex)) return Promise.resolve();
  const next = queue[queueIndex + 1] as PlayableEpisode;
  set({ queueIndex: queueIndex + 1 });
  return playEpisode(next, {});
}

/** Spec 1 §4: previous only when the index is above 0. */
export function playPrevious(): Promise<void> {
  const { queue, queueIndex } = get();
  if (!canGoPrevious(queueIndex)) return Promise.resolve();
  const previous = queue[queueIndex - 1] as PlayableEpisode;
  set({ queueIndex: queueIndex - 1 });
  return playEpisode(previous, {});
}

/** Spec 1 §4: playing an item straight from the queue list leaves the queue index unchanged. */
export function playFromQueue(index: number): Promise<void> {
  const episode = get().queue[index];
  return episode ? playEpisode(episode, {}) : Promise.resolve();
}

/** Spec 1 §4: appends and notifies 'Added to queue' with the episode's title. */
export function addToQueue(episode: PlayableEpisode) {
  const { queue } = get();
  if (queue.length >= QUEUE_MAX) {
    notify.error(notices.queueFull.title, notices.queueFull.description);
    return;
  }
  set({ queue: [...queue, episode] });
  const added = notices.added(episode.title);
  notify.success(added.title, added.description);
}

export function removeFromQueue(index: number) {
  const { queue, queueIndex } = get();
  set(removeQueueItem(queue, index, queueIndex));
}

export function moveInQueue(from: number, to: number) {
  const { queue, queueIndex } = get();
  set(moveQueueItem(queue, from, to, queueIndex));
}

/** Spec 1 §4: Clear empties the queue and resets the index to -1. */
export function clearQueue() {
  set({ queue: [], queueIndex: -1 });
}

/** Replaces the queue (the server's copy at sign-in). */
export function replaceQueue(queue: PlayableEpisode[], queueIndex: number, owner: string | null) {
  const items = queue.slice(0, QUEUE_MAX);
  set({ queue: items, queueIndex: Math.max(-1, Math.min(queueIndex, items.length - 1)), queueOwner: owner });
}

export function setExpanded(expanded: boolean) {
  set({ expanded });
}

/** Spec 1 §4: the expanded player toggles between expanded and collapsed. */
export function toggleExpanded() {
  set({ expanded: !get().expanded });
}

/** Volume 0–1, kept under 'player-volume' (spec 1 §9). */
export function setVolume(volume: number) {
  const value = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 1));
  if (element) element.volume = value;
  set({ volume: value });
  try {
    localStorage.setItem(VOLUME_STORAGE_KEY, String(value));
  } catch (error) {
    console.error("Could not keep the volume", error);
  }
}

let volumeBeforeMute = 1;
export function toggleMute() {
  const { volume } = get();
  if (volume > 0) {
    volumeBeforeMute = volume;
    setVolume(0);
  } else setVolume(volumeBeforeMute || 1);
}

/** Playback speed 0.5–3× (steps of 0.05). `persist: false` when the value comes from the server. */
export function setPlaybackRate(rate: number, options: { persist?: boolean } = {}) {
  const value = clampPlaybackRate(rate);
  if (element) {
    element.defaultPlaybackRate = value;
    element.playbackRate = value;
  }
  set({ playbackRate: value });
  if (options.persist !== false) rateListener?.(value);
}

export function onPlaybackRateChange(listener: ((rate: number) => void) | null) {
  rateListener = listener;
}

export function setSleepTimer(choice: SleepTimerChoice) {
  if (choice === "off") set({ sleepTimer: { kind: "off" } });
  else if (choice === "end-of-episode") set({ sleepTimer: { kind: "end-of-episode" } });
  else set({ sleepTimer: { kind: "minutes", minutes: choice, endsAt: Date.now() + choice * 60_000 } });
}

/** Stops and forgets everything but the volume (sign-out, or another user's leftovers). */
export function resetPlayer() {
  loadToken++;
  pendingStart = null;
  wantPlay = false;
  if (element) {
    element.pause();
    element.removeAttribute("src");
    element.load();
  }
  const { volume } = get();
  set({ ...initialPlayerState(), volume });
}

/** Media Session: the element's own position, for setPositionState. */
export function mediaPosition() {
  return element ? { playbackRate: element.playbackRate, position: element.currentTime } : null;
}
