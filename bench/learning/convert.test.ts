import { describe, expect, it } from "vitest";
import { convertChangelog } from "./convert-changelog.ts";
import { convertPlain } from "./convert-plain.ts";

describe("convertChangelog", () => {
  it("interpolates cue starts by word count between inline timestamps and drops stage directions", () => {
    const markdown = [
      "**Ann:** one two three four five six seven eight nine ten.",
      "**Bob:** \\[00:10\\] eleven twelve \\[laughs\\] thirteen fourteen fifteen.",
      "**Ann:** sixteen seventeen eighteen nineteen twenty.",
      "**Bob:** \\[01:00:00.50\\] the end.",
    ].join("\n\n");
    const { cues, anchors } = convertChangelog(markdown);
    expect(anchors).toBe(2);
    expect(cues.map((cue) => cue.speaker)).toEqual(["Ann", "Bob", "Ann", "Bob"]);
    expect(cues[1]?.text).toBe("eleven twelve thirteen fourteen fifteen.");
    // 0 s at word 0, 10 s at word 10: one word a second until the next anchor's stretch.
    expect(cues[0]?.start).toBe(0);
    expect(cues[1]?.start).toBe(10);
    // Words 15..20 lie between 10 s (word 10) and 3600.5 s (word 20).
    expect(cues[2]?.start).toBeCloseTo(10 + (5 * 3590.5) / 10, 1);
    expect(cues[3]?.start).toBeCloseTo(3600.5, 1);
  });

  it("decodes the HTML entities some files keep", () => {
    const { cues } = convertChangelog("**Kevin Ball:** You&#39;re building it for the users &amp; the team.");
    expect(cues[0]?.text).toBe("You're building it for the users & the team.");
  });

  it("cuts long paragraphs into cues of whole sentences", () => {
    const sentence = "This sentence has exactly nine words in it now.";
    const { cues } = convertChangelog(`**Ann:** ${Array.from({ length: 8 }, () => sentence).join(" ")}`);
    expect(cues.length).toBeGreaterThan(1);
    for (const cue of cues) expect(cue.text.split(" ").length).toBeLessThanOrEqual(30);
    expect(cues.map((cue) => cue.text).join(" ")).toBe(Array.from({ length: 8 }, () => sentence).join(" "));
    // Without any timestamp the cues fall back to 150 words a minute.
    expect(cues[1]?.start).toBeCloseTo(((cues[0]?.text.split(" ").length ?? 0) * 60) / 150, 1);
  });
});

describe("convertPlain", () => {
  it("times cues at 150 words a minute and applies speaker aliases", () => {
    const words = (n: number) => `${Array.from({ length: n }, () => "word").join(" ")}.`;
    const cues = convertPlain(`Host: ${words(25)}\n\nKay Taylor: ${words(25)}`, {
      Host: "Gary Jordan (Host)",
    });
    expect(cues.map((cue) => [cue.speaker, cue.start, cue.end])).toEqual([
      ["Gary Jordan (Host)", 0, 10],
      ["Kay Taylor", 10, 20],
    ]);
  });
});
