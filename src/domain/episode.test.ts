import { describe, expect, it } from "vitest";
import {
  canEnrichEpisode,
  isVideoSiteUrl,
  parseTimecode,
  playableAudioUrl,
  youtubeEmbedUrl,
} from "./episode.ts";

describe("canEnrichEpisode", () => {
  it("is true only without transcript text, guests and chapters", () => {
    expect(canEnrichEpisode({ hasTranscript: false, guestCount: 0, chapterCount: 0 })).toBe(true);
    expect(canEnrichEpisode({ hasTranscript: true, guestCount: 0, chapterCount: 0 })).toBe(false);
    expect(canEnrichEpisode({ hasTranscript: false, guestCount: 1, chapterCount: 0 })).toBe(false);
    expect(canEnrichEpisode({ hasTranscript: false, guestCount: 0, chapterCount: 2 })).toBe(false);
  });
});

describe("parseTimecode", () => {
  it("reads seconds and legacy h:mm:ss / m:ss strings", () => {
    expect(parseTimecode(65)).toBe(65);
    expect(parseTimecode(65.7)).toBe(65);
    expect(parseTimecode("1:02:03")).toBe(3723);
    expect(parseTimecode("2:05")).toBe(125);
    expect(parseTimecode("42")).toBe(42);
    expect(parseTimecode(" 0:30 ")).toBe(30);
  });

  it("gives null for anything else", () => {
    for (const value of [null, undefined, -1, Number.NaN, "", "abc", "1:75", "1::2", {}, "1:2:3:4"]) {
      expect(parseTimecode(value), String(value)).toBeNull();
    }
  });
});

describe("video-site links", () => {
  it("tells audio files from video pages", () => {
    expect(isVideoSiteUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(true);
    expect(isVideoSiteUrl("https://youtu.be/dQw4w9WgXcQ")).toBe(true);
    expect(isVideoSiteUrl("https://vimeo.com/123")).toBe(true);
    expect(isVideoSiteUrl("https://cdn.example/a.mp3")).toBe(false);
    expect(isVideoSiteUrl("/demo/audio/sn-101.mp3")).toBe(false);
    expect(isVideoSiteUrl(null)).toBe(false);
    expect(playableAudioUrl("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(playableAudioUrl("/demo/audio/sn-101.mp3")).toBe("/demo/audio/sn-101.mp3");
  });

  it("embeds YouTube through youtube-nocookie.com", () => {
    expect(youtubeEmbedUrl(null, "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    expect(youtubeEmbedUrl("https://cdn.example/a.mp3")).toBeNull();
  });
});
