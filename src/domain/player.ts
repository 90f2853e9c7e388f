import type { Chapter } from "./contract/episodes.ts";

/**
 * Pure playback rules (spec 1 §4, §5, §7, §9 and issue 5), shared by the web player and the
 * position/queue API. No I/O.
 */

/** The queue and settings limits the API enforces and the player respects. */
export const QUEUE_MAX = 200;
/** At most this many positions kept locally while signed out, and merged at sign-in. */
export const LOCAL_POSITIONS_MAX = 200;
/** 100 hours: the largest position the "h:mm:ss" format (two-digit hours) can show. */
export const POSITION_MAX_SECONDS = 100 * 3600 - 1;

export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;

/** A saved position this close to the end counts as finished: playing again starts over. */
export const FINISHED_MARGIN_SECONDS = 2;

/** Spec 1 §9: save when the whole second is a multiple of this. */
export const POSITION_SAVE_EVERY_SECONDS = 10;

export const PLAYBACK_RATE_MIN = 0.5;
export const PLAYBACK_RATE_MAX = 3;
export const PLAYBACK_RATE_STEP = 0.05;
export const DEFAULT_PLAYBACK_RATE = 1;
/** The speeds the menu offers; the API accepts any multiple of 0.05 between 0.5 and 3. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;

/** Spec 1 §9: volume 0–100 in steps of 1 on screen, stored 0–1 under this key; default 1. */
export const VOLUME_STORAGE_KEY = "player-volume";
export const DEFAULT_VOLUME = 1;
export const VOLUME_SLIDER = { min: 0, max: 100, step: 1 } as const;

/** Spec 1 §9: the seek slider moves in steps of 0.1 percent, so it runs 0–1000 per mille. */
export const SEEK_SLIDER = { min: 0, max: 1000, step: 1 } as const;

export const SLEEP_TIMER_MINUTES = [15, 30, 60] as const;
export type SleepTimerChoice = "off" | "end-of-episode" | (typeof SLEEP_TIMER_MINUTES)[number];

/** Spec 1 §4: next needs a non-empty queue and an index below the last item. */
export function canGoNext(queueLength: number, queueIndex: number): boolean {
  return queueLength > 0 && queueIndex < queueLength - 1;
}

/** Spec 1 §4: previous needs an index above 0. */
export function canGoPrevious(queueIndex: number): boolean {
  return queueIndex > 0;
}

/** Decimal places of a step (0.05 → 2), so snapped values carry no binary noise. */
function decimalsOf(step: number): number {
  const text = String(step);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]);
  return text.includes(".") ? (text.split(".")[1]?.length ?? 0) : 0;
}

/**
 * Spec 1 §5: clamp to [min, max] and snap to the nearest step counted from min. A value that is
 * not a number becomes min.
 */
export function clampAndSnap(value: number, { min, max, step }: { min: number; max: number; step: number }) {
  if (Number.isNaN(value)) return min;
  const clamped = Math.min(max, Math.max(min, value));
  if (!(step > 0)) return clamped;
  const steps = Math.round((clamped - min) / step);
  const snapped = Number((min + steps * step).toFixed(decimalsOf(step) + decimalsOf(min)));
  // Snapping the maximum can overshoot when (max - min) is not a multiple of step.
  return snapped > max ? Number((snapped - step).toFixed(decimalsOf(step) + decimalsOf(min))) : snapped;
}

/** Seek slider value (per mille) → seconds. */
export function perMilleToSeconds(value: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return (clampAndSnap(value, SEEK_SLIDER) / SEEK_SLIDER.max) * duration;
}

/** Seconds → seek slider value (per mille, snapped to 0.1 %). */
export function secondsToPerMille(seconds: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return clampAndSnap((seconds / duration) * SEEK_SLIDER.max, SEEK_SLIDER);
}

/** Volume slider (0–100) → stored volume (0–1), and back. */
export const volumeFromSlider = (value: number) => clampAndSnap(value, VOLUME_SLIDER) / 100;
export const volumeToSlider = (volume: number) => clampAndSnap(volume * 100, VOLUME_SLIDER);

/** A stored volume (text from local storage) → 0–1; missing or garbage gives the default 1. */
export function parseStoredVolume(value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === "") return DEFAULT_VOLUME;
  const number = Number(value);
  if (!Number.isFinite(number)) return DEFAULT_VOLUME;
  return Math.min(1, Math.max(0, number));
}

/** Any requested speed → the nearest allowed one (0.5–3, multiples of 0.05); garbage gives 1. */
export function clampPlaybackRate(rate: number): number {
  if (!Number.isFinite(rate)) return DEFAULT_PLAYBACK_RATE;
  return clampAndSnap(rate, { min: PLAYBACK_RATE_MIN, max: PLAYBACK_RATE_MAX, step: PLAYBACK_RATE_STEP });
}

export const isAllowedPlaybackRate = (rate: number) =>
  Number.isFinite(rate) && Math.abs(clampPlaybackRate(rate) - rate) < 1e-9;

/** "1×", "1.25×", "0.5×". */
export const formatPlaybackRate = (rate: number) => `${Number(rate.toFixed(2))}×`;

/**
 * Spec 1 §7 / §9 position-save trigger: on a time update, save when the whole second is a multiple
 * of 10 — once per such second (`lastSavedSecond` is the whole second saved last, or null).
 */
export function shouldSavePosition(currentTime: number, lastSavedSecond: number | null): boolean {
  if (!Number.isFinite(currentTime) || currentTime < 0) return false;
  const second = Math.floor(currentTime);
  return second % POSITION_SAVE_EVERY_SECONDS === 0 && second !== lastSavedSecond;
}

/**
 * Where playback starts from a saved position: the position itself, unless it is at (or within
 * FINISHED_MARGIN_SECONDS of) the end — a finished episode starts over.
 */
export function resumePosition(saved: number, duration: number | null): number {
  if (!Number.isFinite(saved) || saved <= 0) return 0;
  if (duration !== null && Number.isFinite(duration) && duration > 0) {
    if (saved >= duration - FINISHED_MARGIN_SECONDS) return 0;
  }
  return Math.floor(saved);
}

/** Clamp a seek target to the episode (and to 0 when the duration is not known yet). */
export function clampSeek(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return duration > 0 && Number.isFinite(duration) ? Math.min(seconds, duration) : seconds;
}

/** Moving one queue item keeps the queue index on the same item. */
export function moveQueueItem<T>(queue: readonly T[], from: number, to: number, queueIndex: number) {
  if (from === to || from < 0 || from >= queue.length || to < 0 || to >= queue.length) {
    return { queue: [...queue], queueIndex };
  }
  const next = [...queue];
  const [item] = next.splice(from, 1) as [T];
  next.splice(to, 0, item);
  let index = queueIndex;
  if (queueIndex === from) index = to;
  else if (from < queueIndex && to >= queueIndex) index = queueIndex - 1;
  else if (from > queueIndex && to <= queueIndex) index = queueIndex + 1;
  return { queue: next, queueIndex: index };
}

/**
 * Removing one queue item: items after it move up. When the current item itself goes, the index
 * steps back so that "next" is the item that followed it.
 */
export function removeQueueItem<T>(queue: readonly T[], at: number, queueIndex: number) {
  if (at < 0 || at >= queue.length) return { queue: [...queue], queueIndex };
  const next = queue.filter((_, index) => index !== at);
  const index = at <= queueIndex ? queueIndex - 1 : queueIndex;
  return { queue: next, queueIndex: Math.max(-1, Math.min(index, next.length - 1)) };
}

/** The chapter playing at `time` (chapters sorted by start time), or -1 before the first one. */
export function chapterIndexAt(chapters: readonly Chapter[], time: number): number {
  let found = -1;
  for (let index = 0; index < chapters.length; index++) {
    const chapter = chapters[index] as Chapter;
    if (chapter.startTime <= time) found = index;
    else break;
  }
  return found;
}

/** A position kept in the browser while signed out. `playedAt` is epoch milliseconds. */
export type LocalPosition = { positionSeconds: number; progressSeconds: number; playedAt: number };

/** Record a position locally: progress never goes back; only the newest `max` episodes are kept. */
export function recordLocalPosition(
  positions: Readonly<Record<string, LocalPosition>>,
  episodeId: string,
  positionSeconds: number,
  playedAt: number,
  max = LOCAL_POSITIONS_MAX,
): Record<string, LocalPosition> {
  const previous = positions[episodeId];
  const position = Math.min(POSITION_MAX_SECONDS, Math.floor(Math.max(0, positionSeconds)));
  const next = {
    ...positions,
    [episodeId]: {
      positionSeconds: position,
      progressSeconds: Math.max(previous?.progressSeconds ?? 0, position),
      playedAt,
    },
  };
  const entries = Object.entries(next);
  if (entries.length <= max) return next;
  entries.sort(([, a], [, b]) => b.playedAt - a.playedAt);
  return Object.fromEntries(entries.slice(0, max));
}
