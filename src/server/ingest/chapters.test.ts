import { describe, expect, it } from "vitest";
import { ChaptersParseError, parseChapters } from "./chapters.ts";

describe("parseChapters", () => {
  it("reads Podcasting 2.0 chapters: sorted, floored, toc:false skipped", () => {
    const json = JSON.stringify({
      version: "1.2.0",
      chapters: [
        {
          startTime: 600.9,
          title: "Part two",
          url: "https://example.com/two",
          img: "https://example.com/two.jpg",
        },
        { startTime: 0, title: "Intro" },
        { startTime: 120.5, title: "Hidden marker", toc: false },
        { startTime: 65.999, title: "  Part   one ", url: "/relative/one", img: "art/one.png" },
        { startTime: 700, title: "Bad links", url: "javascript:alert(1)", img: "data:image/png;base64,AA" },
      ],
    });
    expect(parseChapters(json, "https://cdn.example.com/ep/1/chapters.json")).toEqual([
      { startTime: 0, title: "Intro", url: null, img: null },
      {
        startTime: 65,
        title: "Part one",
        url: "https://cdn.example.com/relative/one",
        img: "https://cdn.example.com/ep/1/art/one.png",
      },
      {
        startTime: 600,
        title: "Part two",
        url: "https://example.com/two",
        img: "https://example.com/two.jpg",
      },
      { startTime: 700, title: "Bad links", url: null, img: null },
    ]);
  });

  it("reads start times written as strings and clock times", () => {
    const json = JSON.stringify({
      chapters: [
        { startTime: "90.7", title: "Ninety" },
        { startTime: "1:02:03", title: "Clock" },
        { startTime: "00:10.500", title: "Ten" },
      ],
    });
    expect(parseChapters(json).map((c) => [c.startTime, c.title])).toEqual([
      [10, "Ten"],
      [90, "Ninety"],
      [3723, "Clock"],
    ]);
  });

  it("skips unusable entries and keeps one chapter per second", () => {
    const json = JSON.stringify({
      chapters: [
        null,
        "text",
        { title: "No start" },
        { startTime: -5, title: "Negative" },
        { startTime: "soon", title: "Words" },
        { startTime: 10, title: "" },
        { startTime: 10 },
        { startTime: 20.2, title: "First at 20" },
        { startTime: 20.8, title: "Second at 20" },
      ],
    });
    expect(parseChapters(json)).toEqual([{ startTime: 20, title: "First at 20", url: null, img: null }]);
  });

  it("accepts a bare array and an empty list", () => {
    expect(parseChapters('[{"startTime":1,"title":"A"}]')).toHaveLength(1);
    expect(parseChapters('{"version":"1.2.0","chapters":[]}')).toEqual([]);
  });

  it.each([
    ["", /not valid JSON/],
    ["{not json", /not valid JSON/],
    ["<html>404</html>", /not valid JSON/],
    ['{"version":"1.2.0"}', /no chapters list/],
    ['{"chapters":"nope"}', /no chapters list/],
    ["42", /no chapters list/],
    ["null", /no chapters list/],
  ])("refuses %j with a clear error", (json, message) => {
    expect(() => parseChapters(json)).toThrowError(ChaptersParseError);
    expect(() => parseChapters(json)).toThrowError(message);
  });
});
