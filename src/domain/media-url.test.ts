import { describe, expect, it } from "vitest";
import { getEpisodeDedupeKey, normaliseMediaUrl, normaliseTitle, parseYoutubeId } from "./media-url.ts";

describe("normaliseMediaUrl", () => {
  it("ignores scheme, www, query, fragment and case", () => {
    expect(normaliseMediaUrl("https://www.Example.com/a/Ep1.mp3?utm_source=x#t=3")).toBe(
      "example.com/a/ep1.mp3",
    );
    expect(normaliseMediaUrl("http://example.com/a/ep1.mp3")).toBe("example.com/a/ep1.mp3");
  });

  it("peels stacked analytics redirect prefixes", () => {
    expect(
      normaliseMediaUrl("https://dts.podtrac.com/redirect.mp3/chtbl.com/track/ABC/example.com/ep1.mp3"),
    ).toBe("example.com/ep1.mp3");
    expect(normaliseMediaUrl("https://op3.dev/e,pg=123/https://cdn.example.com/ep1.mp3")).toBe(
      "cdn.example.com/ep1.mp3",
    );
  });

  it("returns null for nothing", () => {
    expect(normaliseMediaUrl(null)).toBeNull();
    expect(normaliseMediaUrl("  ")).toBeNull();
  });
});

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

describe("duplicate keys", () => {
  it("prefers audio, then video, then title and day", () => {
    const base = {
      audioUrl: null,
      youtubeUrl: null,
      title: "Episode 12: The Title!",
      pubDate: new Date("2026-10-01T10:00:00Z"),
    };
    expect(getEpisodeDedupeKey({ ...base, audioUrl: "https://x.com/a.mp3?x=1" })).toBe("audio:x.com/a.mp3");
    expect(getEpisodeDedupeKey({ ...base, youtubeUrl: "https://youtu.be/dQw4w9WgXcQ" })).toBe(
      "video:dQw4w9WgXcQ",
    );
    expect(getEpisodeDedupeKey(base)).toBe("title:the title@2026-10-01");
    expect(normaliseTitle("The Title — Ep. 12")).toBe("the title");
  });
});
