/**
 * How the web app writes dates and lengths of time: every screen formats through here (timecodes,
 * "m:ss" and "h:mm:ss", come from `~/domain/time`, which the server's exports share). English month
 * names in the local time zone, as spec 3 §9 writes them, built by hand rather than with `Intl` or a
 * date library so that the landing page's first render stays small (decision 012).
 */
import { formatTime } from "~/domain/time";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function readDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'MMM d, yyyy' (spec 3 §9 feed date format), e.g. "Mar 4, 2026" — what
 * `Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" })` gives.
 * Empty for a date it cannot read.
 */
export function formatDate(iso: string): string {
  const date = readDate(iso);
  return date ? `${MONTHS[date.getMonth()]?.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}` : "";
}

/** 'MMMM d, yyyy', e.g. "March 4, 2026" (the episode page's published date). Empty for a date it cannot read. */
export function formatLongDate(iso: string): string {
  const date = readDate(iso);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : "";
}

/** An episode's length in words for cards: "45 min", "1 h 05 min"; null when unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (!seconds || seconds < 0) return null;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** Where listening resumes: "Resume at 12:05" (h:mm:ss past an hour). */
export function formatResumeAt(positionSeconds: number): string {
  return `Resume at ${formatTime(positionSeconds)}`;
}

/** Time left on a countdown, in whole minutes rounded up (at least 1): "1 minute left", "15 minutes left". */
export function formatMinutesLeft(minutes: number): string {
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"} left`;
}

/** 'MMM d, h:mm a' (spec 3 §9 reflection date format), e.g. "Mar 4, 3:07 PM". Empty for a date it cannot read. */
export function formatShortDateTime(iso: string): string {
  const date = readDate(iso);
  if (!date) return "";
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${MONTHS[date.getMonth()]?.slice(0, 3)} ${date.getDate()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** "12 episodes", "120+ episodes": how many episodes a search found (decision 033). */
export function formatResultCount(total: number, isCapped: boolean): string {
  const count = `${total.toLocaleString("en-US")}${isCapped ? "+" : ""}`;
  return `${count} ${total === 1 && !isCapped ? "episode" : "episodes"}`;
}

/** "1 show", "3 shows": a count with its noun in the right number. */
export function formatCount(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
