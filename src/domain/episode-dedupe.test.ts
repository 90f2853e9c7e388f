import { describe, expect, it } from "vitest";
import {
  dedupeEpisodes,
  episodeDedupeKey,
  normalizeAudioUrl,
  normalizeTitle,
  normalizeYoutubeUrl,
} from "./episode-dedupe.ts";

describe("normalizeAudioUrl", () => {
  it("drops scheme, query, fragment, www, default port and trailing slash; lower-cases the host", () => {
    expect(normalizeAudioUrl("https://WWW.Example.COM:443/Shows/Ep1.mp3?utm_source=x#t=10")).toBe(
      "example.com/Shows/Ep1.mp3",
    );
    expect(normalizeAudioUrl("http://example.com/ep1.mp3/")).toBe("example.com/ep1.mp3");
    expect(normalizeAudioUrl("//cdn.example.com/a.mp3")).toBe("cdn.example.com/a.mp3");
  });

  it("treats http and https and different queries as the same file", () => {
    expect(normalizeAudioUrl("http://cdn.example.com/a.mp3?x=1")).toBe(
      normalizeAudioUrl("https://cdn.example.com/a.mp3?x=2"),
    );
  });

  it("keeps the path's case", () => {
    expect(normalizeAudioUrl("https://a.example/Ep.MP3")).not.toBe(
      normalizeAudioUrl("https://a.example/ep.mp3"),
    );
  });

  it("removes tracking redirect prefixes, also chained and nested", () => {
    const plain = "traffic.libsyn.com/show/ep1.mp3";
    expect(normalizeAudioUrl("https://dts.podtrac.com/redirect.mp3/traffic.libsyn.com/show/ep1.mp3")).toBe(
      plain,
    );
    expect(normalizeAudioUrl("https://chrt.fm/track/ABC123/traffic.libsyn.com/show/ep1.mp3?dl=1")).toBe(
      plain,
    );
    expect(
      normalizeAudioUrl(
        "https://pdst.fm/e/chrt.fm/track/X1/dts.podtrac.com/redirect.mp3/traffic.libsyn.com/show/ep1.mp3",
      ),
    ).toBe(plain);
    expect(normalizeAudioUrl("https://op3.dev/e/https://traffic.libsyn.com/show/ep1.mp3")).toBe(plain);
    expect(
      normalizeAudioUrl("https://op3.dev/e,pg=abc/https%3A%2F%2Ftraffic.libsyn.com%2Fshow%2Fep1.mp3"),
    ).toBe(plain);
  });

  it("returns null for blank input", () => {
    expect(normalizeAudioUrl(null)).toBeNull();
    expect(normalizeAudioUrl(undefined)).toBeNull();
    expect(normalizeAudioUrl("")).toBeNull();
    expect(normalizeAudioUrl("   ")).toBeNull();
  });
});

describe("normalizeYoutubeUrl", () => {
  it("reduces every YouTube URL form to the video id", () => {
    const id = "youtube:dQw4w9WgXcQ";
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ?si=abc",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/live/dQw4w9WgXcQ",
      "youtube.com/watch?v=dQw4w9WgXcQ",
      "dQw4w9WgXcQ",
    ]) {
      expect(normalizeYoutubeUrl(url), url).toBe(id);
    }
  });

  it("falls back to URL normalisation for other video links and null for blanks", () => {
    expect(normalizeYoutubeUrl("https://Vimeo.com/12345?x=1")).toBe("vimeo.com/12345");
    expect(normalizeYoutubeUrl("")).toBeNull();
    expect(normalizeYoutubeUrl(null)).toBeNull();
  });
});

describe("normalizeTitle", () => {
  it("ignores case, accents, punctuation and spacing", () => {
    expect(normalizeTitle("  Café Society:  The  Origins! ")).toBe("cafe society the origins");
    expect(normalizeTitle("Episode #12 — Part 2")).toBe(normalizeTitle("episode 12 part 2"));
  });
});

describe("episodeDedupeKey", () => {
  const base = { title: "Same Title", pubDate: new Date("2026-03-01T10:00:00Z") };

  it("uses the audio URL first, then the YouTube URL, then title and day", () => {
    expect(
      episodeDedupeKey({
        ...base,
        audioUrl: "https://a.example/x.mp3",
        youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      }),
    ).toBe("audio:a.example/x.mp3");
    expect(episodeDedupeKey({ ...base, audioUrl: null, youtubeUrl: "https://youtu.be/dQw4w9WgXcQ" })).toBe(
      "video:youtube:dQw4w9WgXcQ",
    );
    expect(episodeDedupeKey({ ...base, audioUrl: "", youtubeUrl: null })).toBe("title:same title@2026-03-01");
  });

  it("accepts ISO strings for the date", () => {
    expect(episodeDedupeKey({ title: "A", pubDate: "2026-03-01T23:59:00Z" })).toBe("title:a@2026-03-01");
  });
});

describe("dedupeEpisodes", () => {
  it("keeps the first of each duplicate group in order", () => {
    const list = [
      { id: 1, title: "One", pubDate: "2026-03-03T00:00:00Z", audioUrl: "https://cdn.example/1.mp3" },
      {
        id: 2,
        title: "One again",
        pubDate: "2026-03-02T00:00:00Z",
        audioUrl: "http://CDN.example/1.mp3?src=rss",
      },
      { id: 3, title: "Video", pubDate: "2026-03-02T00:00:00Z", youtubeUrl: "https://youtu.be/dQw4w9WgXcQ" },
      {
        id: 4,
        title: "Video mirror",
        pubDate: "2026-03-01T00:00:00Z",
        youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      },
      { id: 5, title: "Plain", pubDate: "2026-03-01T08:00:00Z" },
      { id: 6, title: "plain!", pubDate: "2026-03-01T20:00:00Z" },
      { id: 7, title: "Plain", pubDate: "2026-02-28T08:00:00Z" },
      {
        id: 8,
        title: "Different audio",
        pubDate: "2026-02-27T00:00:00Z",
        audioUrl: "https://cdn.example/2.mp3",
      },
    ];
    expect(dedupeEpisodes(list).map((episode) => episode.id)).toEqual([1, 3, 5, 7, 8]);
  });

  it("does not merge an episode with audio into one with only the same title and date", () => {
    const list = [
      { title: "Same", pubDate: "2026-03-01T00:00:00Z", audioUrl: "https://cdn.example/1.mp3" },
      { title: "Same", pubDate: "2026-03-01T00:00:00Z" },
    ];
    expect(dedupeEpisodes(list)).toHaveLength(2);
  });
});
