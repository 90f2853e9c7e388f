import { describe, expect, it } from "vitest";
import { normaliseTitle, parseYoutubeId } from "./media-url.ts";

describe("parseYoutubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=10", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/live/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=x", "dQw4w9WgXcQ"],
    ["youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("%s", (url, id) => {
    expect(parseYoutubeId(url)).toBe(id);
  });

  it.each([
    "https://vimeo.com/123",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UC123",
    "not a url",
    "",
  ])("rejects %s", (url) => {
    expect(parseYoutubeId(url)).toBeNull();
  });
});

describe("normaliseTitle", () => {
  it("ignores case, punctuation and episode numbers", () => {
    expect(normaliseTitle("The Title — Ep. 12")).toBe("the title");
    expect(normaliseTitle("Episode 12: The Title!")).toBe("the title");
  });
});
