import type { Page } from "@playwright/test";

/** The mini player (a region named "Player"). */
export const miniPlayer = (page: Page) => page.getByRole("region", { name: "Player", exact: true });

/** A spoken duration, as the seek slider's aria-valuetext says it: "1 minute 5 seconds" → 65. */
export function spokenSeconds(text: string | null): number {
  const units: Record<string, number> = { hour: 3600, minute: 60, second: 1 };
  let total = 0;
  for (const [, count, unit] of (text ?? "").matchAll(/(\d+) (hour|minute|second)/g))
    total += Number(count) * (units[unit as string] ?? 0);
  return total;
}
