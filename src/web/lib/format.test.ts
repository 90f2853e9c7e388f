import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDuration,
  formatLongDate,
  formatMinutesLeft,
  formatResultCount,
  formatResumeAt,
  formatShortDateTime,
} from "./format";

const dates = [
  "2026-03-04T12:00:00Z",
  "2025-12-31T23:59:59Z",
  "2024-02-29T00:00:00Z",
  "2026-09-10T08:30:00+02:00",
  "1999-01-01",
];

describe("formatDate", () => {
  it("writes 'MMM d, yyyy' in the local time zone, as Intl's en-US short date does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
    for (const iso of dates) expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
    expect(formatDate("2026-03-04T12:00:00Z")).toBe("Mar 4, 2026");
  });

  it("is empty for a date it cannot read", () => {
    expect(formatDate("not a date")).toBe("");
  });
});

describe("formatLongDate", () => {
  it("writes 'MMMM d, yyyy' in the local time zone, as Intl's en-US long date does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });
    for (const iso of dates) expect(formatLongDate(iso)).toBe(intl.format(new Date(iso)));
    expect(formatLongDate("2026-09-04T12:00:00Z")).toBe("September 4, 2026");
  });

  it("is empty for a date it cannot read", () => {
    expect(formatLongDate("")).toBe("");
  });
});

describe("formatDuration", () => {
  it("writes minutes, then hours and minutes", () => {
    expect(formatDuration(45 * 60)).toBe("45 min");
    expect(formatDuration(20)).toBe("1 min");
    expect(formatDuration(65 * 60)).toBe("1 h 05 min");
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(0)).toBeNull();
  });
});

describe("relative times", () => {
  it("says where listening resumes, with hours past an hour", () => {
    expect(formatResumeAt(65)).toBe("Resume at 1:05");
    expect(formatResumeAt(3725.7)).toBe("Resume at 1:02:05");
  });

  it("says how many minutes are left", () => {
    expect(formatMinutesLeft(1)).toBe("1 minute left");
    expect(formatMinutesLeft(15)).toBe("15 minutes left");
  });
});

describe("formatShortDateTime", () => {
  it("writes 'MMM d, h:mm a' in the local time zone, as Intl's en-US does", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    });
    for (const iso of dates)
      expect(formatShortDateTime(iso)).toBe(intl.format(new Date(iso)).replace(/\u202f/g, " "));
    expect(formatShortDateTime("nonsense")).toBe("");
  });
});

describe("formatResultCount", () => {
  it("counts episodes, with a plus when there are more", () => {
    expect(formatResultCount(1, false)).toBe("1 episode");
    expect(formatResultCount(12, false)).toBe("12 episodes");
    expect(formatResultCount(1000, true)).toBe("1,000+ episodes");
  });
});
