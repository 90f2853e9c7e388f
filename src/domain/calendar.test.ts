import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isValidTimeZone, localDay, weekStart } from "./calendar.ts";

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
