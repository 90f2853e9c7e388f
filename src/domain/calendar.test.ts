import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isValidTimeZone, localDay, startOfLocalDay, weekStart } from "./calendar.ts";

const instant = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2100-01-01T00:00:00Z"),
  noInvalidDate: true,
});
const zone = fc.constantFrom(
  "UTC",
  "Europe/Stockholm",
  "America/Los_Angeles",
  "Asia/Tokyo",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Asia/Kolkata",
);

describe("localDay", () => {
  it("gives the calendar day in the user's time zone", () => {
    const at = new Date("2025-03-09T23:30:00Z");
    expect(localDay(at, "UTC")).toBe("2025-03-09");
    expect(localDay(at, "Europe/Stockholm")).toBe("2025-03-10");
    expect(localDay(at, "America/Los_Angeles")).toBe("2025-03-09");
    expect(localDay(new Date("2025-03-10T07:59:00Z"), "America/Los_Angeles")).toBe("2025-03-10");
  });

  it("treats an unknown time zone as UTC", () => {
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone("Europe/Stockholm")).toBe(true);
    expect(localDay(new Date("2025-03-09T23:30:00Z"), "Mars/Olympus_Mons")).toBe("2025-03-09");
  });
});

describe("day arithmetic", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(daysBetween("2024-12-31", "2025-01-02")).toBe(2);
    fc.assert(
      fc.property(instant, fc.integer({ min: -1000, max: 1000 }), (at, n) => {
        const day = localDay(at, "UTC");
        expect(daysBetween(day, addDays(day, n))).toBe(n);
      }),
    );
  });
});

describe("weekStart (spec 3 §9: Sunday 00:00 local time)", () => {
  it("is the Sunday on or before the local day", () => {
    // Saturday 2025-03-15 23:30 in Stockholm is already Sunday 16 there.
    expect(weekStart(new Date("2025-03-15T23:30:00Z"), "UTC")).toBe("2025-03-09");
    expect(weekStart(new Date("2025-03-15T23:30:00Z"), "Europe/Stockholm")).toBe("2025-03-16");
    expect(weekStart(new Date("2025-03-16T00:00:00Z"), "UTC")).toBe("2025-03-16");
    expect(weekStart(new Date("2025-03-16T05:00:00Z"), "America/Los_Angeles")).toBe("2025-03-09");
  });

  it("is always a Sunday within the last seven days of the local day", () => {
    fc.assert(
      fc.property(instant, zone, (at, timeZone) => {
        const start = weekStart(at, timeZone);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(0);
        const offset = daysBetween(start, localDay(at, timeZone));
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThan(7);
      }),
    );
  });
});

describe("startOfLocalDay", () => {
  it("is local midnight, across daylight-saving changes", () => {
    expect(startOfLocalDay("2025-03-10", "UTC").toISOString()).toBe("2025-03-10T00:00:00.000Z");
    expect(startOfLocalDay("2025-03-10", "Europe/Stockholm").toISOString()).toBe("2025-03-09T23:00:00.000Z");
    expect(startOfLocalDay("2025-07-10", "Europe/Stockholm").toISOString()).toBe("2025-07-09T22:00:00.000Z");
    // The day the clocks go forward at 02:00: midnight is still in standard time.
    expect(startOfLocalDay("2025-03-09", "America/Los_Angeles").toISOString()).toBe(
      "2025-03-09T08:00:00.000Z",
    );
    expect(startOfLocalDay("2025-03-10", "America/Los_Angeles").toISOString()).toBe(
      "2025-03-10T07:00:00.000Z",
    );
    expect(startOfLocalDay("2025-03-10", "Pacific/Kiritimati").toISOString()).toBe(
      "2025-03-09T10:00:00.000Z",
    );
    expect(startOfLocalDay("2025-03-10", "Asia/Kolkata").toISOString()).toBe("2025-03-09T18:30:00.000Z");
    expect(startOfLocalDay("2025-03-10", "Mars/Olympus_Mons").toISOString()).toBe("2025-03-10T00:00:00.000Z");
  });

  it("gives the first instant of a day whose midnight the clocks skip", () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2024-09-08.
    expect(startOfLocalDay("2024-09-08", "America/Santiago").toISOString()).toBe("2024-09-08T04:00:00.000Z");
  });

  it("starts the day an instant falls on, and the next day starts after it", () => {
    fc.assert(
      fc.property(instant, zone, (at, timeZone) => {
        const day = localDay(at, timeZone);
        const start = startOfLocalDay(day, timeZone);
        const next = startOfLocalDay(addDays(day, 1), timeZone);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(next.getTime()).toBeGreaterThan(at.getTime());
        expect(localDay(start, timeZone)).toBe(day);
        expect(localDay(new Date(start.getTime() - 1000), timeZone)).not.toBe(day);
      }),
    );
  });
});
