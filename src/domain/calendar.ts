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

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds (whole seconds). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The first instant of a calendar day in a time zone (unknown zones count as UTC): local midnight,
 * or when a daylight-saving change skips midnight, the first instant that falls on that day.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const zone = isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const wallMidnight = toUtcDate(day).getTime();
  const first = wallMidnight - zoneOffsetMs(new Date(wallMidnight), zone);
  const second = wallMidnight - zoneOffsetMs(new Date(first), zone);
  const onDay = [first, second].filter((time) => localDay(new Date(time), zone) === day);
  return new Date(onDay.length ? Math.min(...onDay) : Math.max(first, second));
}
