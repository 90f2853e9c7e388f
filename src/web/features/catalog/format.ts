const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * 'MMM d, yyyy' (spec 3 §9 feed date format), e.g. "Mar 4, 2026", in the local time zone — what
 * `Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" })` gives, without
 * setting up Intl on the landing page's first render (decision 012).
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "45 min", "1 h 05 min". */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (!seconds || seconds < 0) return null;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** Cards show at most 3 topic badges (spec 1 §2). */
export const MAX_TOPIC_BADGES = 3;
