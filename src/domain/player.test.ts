import { describe, expect, it } from "vitest";
import {
  canGoNext,
  canGoPrevious,
  chapterIndexAt,
  clampAndSnap,
  clampPlaybackRate,
  formatPlaybackRate,
  isAllowedPlaybackRate,
  moveQueueItem,
  parseStoredVolume,
  perMilleToSeconds,
  recordLocalPosition,
  removeQueueItem,
  resumePosition,
  secondsToPerMille,
  shouldSavePosition,
  volumeFromSlider,
  volumeToSlider,
} from "./player.ts";
import { seededRandom } from "./seeded-random.ts";

describe("next and previous (spec 1 §4)", () => {
  it("allows next only with a non-empty queue and an index below the last item", () => {
    expect(canGoNext(0, -1)).toBe(false);
    expect(canGoNext(1, -1)).toBe(true);
    expect(canGoNext(3, 1)).toBe(true);
    expect(canGoNext(3, 2)).toBe(false);
  });

  it("allows previous only above index 0", () => {
    expect(canGoPrevious(-1)).toBe(false);
    expect(canGoPrevious(0)).toBe(false);
    expect(canGoPrevious(1)).toBe(true);
  });
});

describe("clampAndSnap (spec 1 §5)", () => {
  it("clamps and snaps", () => {
    expect(clampAndSnap(-5, { min: 0, max: 100, step: 1 })).toBe(0);
    expect(clampAndSnap(140, { min: 0, max: 100, step: 1 })).toBe(100);
    expect(clampAndSnap(42.4, { min: 0, max: 100, step: 1 })).toBe(42);
    expect(clampAndSnap(42.5, { min: 0, max: 100, step: 1 })).toBe(43);
    expect(clampAndSnap(1.13, { min: 0.5, max: 3, step: 0.05 })).toBe(1.15);
    expect(clampAndSnap(10, { min: 0, max: 10, step: 4 })).toBe(8);
    expect(clampAndSnap(Number.NaN, { min: 2, max: 10, step: 1 })).toBe(2);
  });

  it("property: the result is within bounds, on a step, and idempotent", () => {
    const next = seededRandom(11);
    for (let run = 0; run < 5000; run++) {
      const min = Math.round((next() * 20 - 10) * 10) / 10;
      const step = [0.01, 0.05, 0.1, 0.5, 1, 2.5, 10][Math.floor(next() * 7)] as number;
      const max = min + Math.round(next() * 50) * step;
      const value = next() * 120 - 60;
      const result = clampAndSnap(value, { min, max, step });
      expect(result).toBeGreaterThanOrEqual(min - 1e-9);
      expect(result).toBeLessThanOrEqual(max + 1e-9);
      const steps = (result - min) / step;
      expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
      expect(clampAndSnap(result, { min, max, step })).toBe(result);
      if (value >= min && value <= max) expect(Math.abs(result - value)).toBeLessThanOrEqual(step / 2 + 1e-9);
    }
  });
});

describe("sliders", () => {
  it("maps the seek slider in 0.1 % steps", () => {
    expect(secondsToPerMille(90, 180)).toBe(500);
    expect(perMilleToSeconds(500, 180)).toBe(90);
    expect(perMilleToSeconds(1, 1000)).toBe(1);
    expect(secondsToPerMille(400, 180)).toBe(1000);
    expect(secondsToPerMille(10, 0)).toBe(0);
  });

  it("stores volume 0–1 from a 0–100 slider in steps of 1", () => {
    expect(volumeFromSlider(55.4)).toBe(0.55);
    expect(volumeFromSlider(120)).toBe(1);
    expect(volumeToSlider(0.333)).toBe(33);
    expect(parseStoredVolume(null)).toBe(1);
    expect(parseStoredVolume("0.4")).toBe(0.4);
    expect(parseStoredVolume("7")).toBe(1);
    expect(parseStoredVolume("nope")).toBe(1);
    expect(parseStoredVolume("0")).toBe(0);
  });

  it("property: volume survives the slider round trip", () => {
    for (let value = 0; value <= 100; value++) expect(volumeToSlider(volumeFromSlider(value))).toBe(value);
  });
});

describe("playback speed", () => {
  it("keeps 0.5–3 in steps of 0.05", () => {
    expect(clampPlaybackRate(0.1)).toBe(0.5);
    expect(clampPlaybackRate(9)).toBe(3);
    expect(clampPlaybackRate(1.26)).toBe(1.25);
    expect(clampPlaybackRate(Number.NaN)).toBe(1);
    expect(isAllowedPlaybackRate(1.75)).toBe(true);
    expect(isAllowedPlaybackRate(1.33)).toBe(false);
    expect(isAllowedPlaybackRate(3.5)).toBe(false);
    expect(formatPlaybackRate(1)).toBe("1×");
    expect(formatPlaybackRate(1.25)).toBe("1.25×");
  });
});

describe("position save trigger (spec 1 §7, §9)", () => {
  it("saves when the whole second is a multiple of 10, once per such second", () => {
    expect(shouldSavePosition(10.2, null)).toBe(true);
    expect(shouldSavePosition(10.7, 10)).toBe(false);
    expect(shouldSavePosition(11, 10)).toBe(false);
    expect(shouldSavePosition(20.01, 10)).toBe(true);
    expect(shouldSavePosition(19.99, 10)).toBe(false);
    expect(shouldSavePosition(Number.NaN, null)).toBe(false);
  });

  it("property: over a simulated playback at 4 updates a second, saves exactly once per multiple of 10", () => {
    const next = seededRandom(21);
    for (let run = 0; run < 50; run++) {
      const start = next() * 5;
      let time = start;
      let last: number | null = null;
      const saved: number[] = [];
      const end = 300 + next() * 300;
      while (time < end) {
        if (shouldSavePosition(time, last)) {
          last = Math.floor(time);
          saved.push(last);
        }
        time += 0.15 + next() * 0.2;
      }
      const expected: number[] = [];
      for (let s = 0; s < end; s += 10) if (s >= Math.floor(start)) expected.push(s);
      expect(saved).toEqual(expected);
    }
  });
});

describe("resumePosition", () => {
  it("resumes unless finished", () => {
    expect(resumePosition(42.9, 180)).toBe(42);
    expect(resumePosition(179, 180)).toBe(0);
    expect(resumePosition(180, 180)).toBe(0);
    expect(resumePosition(42, null)).toBe(42);
    expect(resumePosition(-1, 100)).toBe(0);
  });
});

describe("queue edits keep the index on the same item", () => {
  it("moves", () => {
    const queue = ["a", "b", "c", "d"];
    expect(moveQueueItem(queue, 0, 2, 1)).toEqual({ queue: ["b", "c", "a", "d"], queueIndex: 0 });
    expect(moveQueueItem(queue, 1, 3, 1)).toEqual({ queue: ["a", "c", "d", "b"], queueIndex: 3 });
    expect(moveQueueItem(queue, 3, 0, 1)).toEqual({ queue: ["d", "a", "b", "c"], queueIndex: 2 });
    expect(moveQueueItem(queue, 3, 2, 1)).toEqual({ queue: ["a", "b", "d", "c"], queueIndex: 1 });
    expect(moveQueueItem(queue, 0, 9, 1)).toEqual({ queue, queueIndex: 1 });
  });

  it("property: moving never loses an item and the index follows its item", () => {
    const next = seededRandom(31);
    for (let run = 0; run < 2000; run++) {
      const length = 1 + Math.floor(next() * 8);
      const queue = Array.from({ length }, (_, i) => `e${i}`);
      const index = Math.floor(next() * (length + 1)) - 1;
      const from = Math.floor(next() * length);
      const to = Math.floor(next() * length);
      const result = moveQueueItem(queue, from, to, index);
      expect([...result.queue].sort()).toEqual([...queue].sort());
      expect(result.queue[to]).toBe(queue[from]);
      if (index >= 0) expect(result.queue[result.queueIndex]).toBe(queue[index]);
      else expect(result.queueIndex).toBe(-1);
    }
  });

  it("removes", () => {
    expect(removeQueueItem(["a", "b", "c"], 0, 1)).toEqual({ queue: ["b", "c"], queueIndex: 0 });
    expect(removeQueueItem(["a", "b", "c"], 1, 1)).toEqual({ queue: ["a", "c"], queueIndex: 0 });
    expect(removeQueueItem(["a", "b", "c"], 2, 1)).toEqual({ queue: ["a", "b"], queueIndex: 1 });
    expect(removeQueueItem(["a"], 0, 0)).toEqual({ queue: [], queueIndex: -1 });
    expect(removeQueueItem(["a", "b"], 0, -1)).toEqual({ queue: ["b"], queueIndex: -1 });
  });
});

describe("chapterIndexAt", () => {
  const chapters = [
    { startTime: 5, title: "A" },
    { startTime: 48, title: "B" },
    { startTime: 92, title: "C" },
  ];
  it("finds the chapter playing", () => {
    expect(chapterIndexAt(chapters, 0)).toBe(-1);
    expect(chapterIndexAt(chapters, 5)).toBe(0);
    expect(chapterIndexAt(chapters, 60)).toBe(1);
    expect(chapterIndexAt(chapters, 1000)).toBe(2);
    expect(chapterIndexAt([], 10)).toBe(-1);
  });
});

describe("local positions", () => {
  it("keeps progress and only the newest entries", () => {
    let positions = recordLocalPosition({}, "a", 100.7, 1);
    positions = recordLocalPosition(positions, "a", 20, 2);
    expect(positions.a).toEqual({ positionSeconds: 20, progressSeconds: 100, playedAt: 2 });
    positions = recordLocalPosition(positions, "b", 5, 3, 2);
    positions = recordLocalPosition(positions, "c", 5, 4, 2);
    expect(Object.keys(positions).sort()).toEqual(["b", "c"]);
  });
});
