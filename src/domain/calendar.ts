/**
 * The user's calendar: streak days and leaderboard weeks follow the IANA time zone the browser
 * reports (stored on the profile). Days are "YYYY-MM-DD" strings, like PostgreSQL's `date`.
 */

export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA time zone name (e.g. "Europe/Stockholm"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of an instant in a time zone ("YYYY-MM-DD"); unknown zones count as UTC. */
export function localDay(instant: Date, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const toUtcDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** A day plus (or minus) whole days. */
export function addDays(day: string, days: number): string {
  const date = toUtcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one day to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / 86_400_000);
}

/** The week starts Sunday 00:00 in the user's time zone (spec 3 §9): that Sunday's date. */
export function weekStart(instant: Date, timeZone: string): string {
  const day = localDay(instant, timeZone);
  return addDays(day, -toUtcDate(day).getUTCDay());
}
