import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postTypes } from "../../../domain/post-types.ts";
import { demoFixturesDir } from "../../static.ts";
import { demoPosts } from "./demo-posts.ts";

/** The demo transcript's cues: start second (whole) and text without the voice tag. */
function readCues(guid: string): { start: number; end: number; text: string }[] {
  const vtt = readFileSync(path.join(demoFixturesDir, "transcripts", `${guid}.vtt`), "utf8");
  const seconds = (time: string) => {
    const [h, m, s] = time.split(":").map(Number);
    return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
  };
  return [...vtt.matchAll(/([\d:.]+) --> ([\d:.]+)\n<v [^>]+>(.+)/g)].map((match) => ({
    start: seconds(match[1] ?? ""),
    end: seconds(match[2] ?? ""),
    text: (match[3] ?? "").trim(),
  }));
}

describe("the demo Deep Dives", () => {
  it("are one of each type, with one premium gate", () => {
    expect(demoPosts.map((post) => post.type).sort()).toEqual([...postTypes].sort());
    expect(
      demoPosts.filter((post) => post.blocks.some((block) => block.type === "premium-gate")),
    ).toHaveLength(1);
  });

  it("quote lines as spoken, at the second their cue starts", () => {
    for (const post of demoPosts) {
      for (const block of post.blocks) {
        if (block.type !== "quote") continue;
        const cue = readCues(block.guid).find((c) => c.text === block.content);
        expect(cue, `${post.slug}: "${block.content}"`).toBeDefined();
        expect(Math.floor(cue?.start ?? -1), `${post.slug}: "${block.content}"`).toBe(block.at);
      }
    }
  });

  it("give sources whose quote is spoken inside their time range", () => {
    for (const post of demoPosts) {
      for (const source of post.sources) {
        const cue = readCues(source.guid).find((c) => c.text === source.quote);
        expect(cue, `${post.slug}: "${source.quote}"`).toBeDefined();
        expect(cue?.start ?? -1).toBeGreaterThanOrEqual(source.startTs);
        expect(cue?.end ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(source.endTs + 1);
      }
    }
  });
});
