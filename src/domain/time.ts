/**
 * Time strings (spec 1 §9). The player shows minutes:seconds, with hours once past an hour; legacy
 * timecodes are "h:mm:ss" strings with one- or two-digit hours.
 */

const TIME_STRING = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/;

/**
 * "h:mm:ss" or "hh:mm:ss" → total seconds. Empty, missing or non-matching input gives null
 * (minutes and seconds must be two digits below 60; surrounding whitespace is ignored).
 */
export function parseTimeString(value: string | null | undefined): number | null {
  if (typeof value !== "string") return null;
  const match = TIME_STRING.exec(value.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** Whole, non-negative seconds; anything that is not a finite number counts as 0. */
export function wholeSeconds(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** m:ss below an hour, h:mm:ss from an hour on (whole seconds, rounded down). */
export function formatTime(value: number): string {
  const total = wholeSeconds(value);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

const unit = (count: number, singular: string) => `${count} ${singular}${count === 1 ? "" : "s"}`;

/**
 * A time in words for screen readers (a slider's aria-valuetext): "3 minutes 5 seconds",
 * "1 hour 2 minutes", "0 seconds".
 */
export function describeTime(value: number): string {
  const total = wholeSeconds(value);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts: string[] = [];
  if (hours) parts.push(unit(hours, "hour"));
  if (minutes) parts.push(unit(minutes, "minute"));
  if (seconds || parts.length === 0) parts.push(unit(seconds, "second"));
  return parts.join(" ");
}
