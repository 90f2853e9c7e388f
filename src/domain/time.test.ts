import { describe, expect, it } from "vitest";
import { seededRandom } from "./seeded-random.ts";
import { describeTime, formatTime, parseTimeString } from "./time.ts";

const RUNS = 5000;
const pad = (value: number) => String(value).padStart(2, "0");

describe("parseTimeString", () => {
  it.each([
    ["0:00:00", 0],
    ["0:03:05", 185],
    ["1:02:03", 3723],
    ["01:02:03", 3723],
    ["99:59:59", 99 * 3600 + 59 * 60 + 59],
    [" 1:00:00 ", 3600],
  ])("%s → %i", (text, seconds) => {
    expect(parseTimeString(text)).toBe(seconds);
  });

  it.each([
    "",
    "   ",
    "3:05",
    "100:00:00",
    "1:60:00",
    "1:00:60",
    "1:2:03",
    "1:02:3",
    "a:bc:de",
    "-1:00:00",
    "1:00:00.5",
    "1:00:00:00",
    ":00:00",
  ])("%j → null", (text) => {
    expect(parseTimeString(text)).toBeNull();
  });

  it("gives null for missing input", () => {
    expect(parseTimeString(null)).toBeNull();
    expect(parseTimeString(undefined)).toBeNull();
  });

  it("property: every h:mm:ss with 1–2 digit hours parses to h·3600 + m·60 + s", () => {
    const next = seededRandom(1);
    for (let run = 0; run < RUNS; run++) {
      const hours = Math.floor(next() * 100);
      const minutes = Math.floor(next() * 60);
      const seconds = Math.floor(next() * 60);
      const hourText = hours < 10 && next() < 0.5 ? String(hours) : pad(hours);
      expect(parseTimeString(`${hourText}:${pad(minutes)}:${pad(seconds)}`)).toBe(
        hours * 3600 + minutes * 60 + seconds,
      );
    }
  });

  it("property: random strings never throw and give null or whole seconds below 100 hours", () => {
    const next = seededRandom(2);
    const alphabet = "0123456789:: .-ab";
    for (let run = 0; run < RUNS; run++) {
      const length = Math.floor(next() * 12);
      let text = "";
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      const result = parseTimeString(text);
      if (result !== null) {
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThan(100 * 3600);
        expect(text.trim()).toMatch(/^\d{1,2}:[0-5]\d:[0-5]\d$/);
      }
    }
  });
});

describe("formatTime", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59.99, "0:59"],
    [60, "1:00"],
    [185, "3:05"],
    [3599, "59:59"],
    [3600, "1:00:00"],
    [3723, "1:02:03"],
    [36000, "10:00:00"],
    [-3, "0:00"],
    [Number.NaN, "0:00"],
    [Number.POSITIVE_INFINITY, "0:00"],
  ])("%d → %s", (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });

  it("property: m:ss below an hour, h:mm:ss from an hour, and parsing h:mm:ss gives the seconds back", () => {
    const next = seededRandom(3);
    for (let run = 0; run < RUNS; run++) {
      const seconds = next() < 0.5 ? Math.floor(next() * 3600) : Math.floor(next() * 100 * 3600);
      const fraction = next();
      const text = formatTime(seconds + fraction * 0.999);
      if (seconds < 3600) {
        expect(text).toMatch(/^\d{1,2}:[0-5]\d$/);
        const [m, s] = text.split(":").map(Number) as [number, number];
        expect(m * 60 + s).toBe(seconds);
        expect(parseTimeString(`0:${text.padStart(5, "0")}`)).toBe(seconds);
      } else {
        expect(text).toMatch(/^[1-9]\d?:[0-5]\d:[0-5]\d$/);
        expect(parseTimeString(text)).toBe(seconds);
      }
    }
  });

  it("property: never decreases as time goes on", () => {
    const next = seededRandom(4);
    const toSeconds = (text: string) => text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
    for (let run = 0; run < RUNS; run++) {
      const a = next() * 100 * 3600;
      const b = a + next() * 7200;
      expect(toSeconds(formatTime(b))).toBeGreaterThanOrEqual(toSeconds(formatTime(a)));
    }
  });
});

describe("describeTime", () => {
  it.each([
    [0, "0 seconds"],
    [1, "1 second"],
    [185, "3 minutes 5 seconds"],
    [60, "1 minute"],
    [3600, "1 hour"],
    [3723, "1 hour 2 minutes 3 seconds"],
    [7201, "2 hours 1 second"],
  ])("%d → %s", (seconds, text) => {
    expect(describeTime(seconds)).toBe(text);
  });
});
