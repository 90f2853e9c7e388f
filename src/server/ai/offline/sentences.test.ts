import { describe, expect, it } from "vitest";
import { episodeSentences, segmentTimedTranscript, splitSentences } from "./sentences.ts";

describe("sentence segmentation", () => {
  it("splits on sentence ends but not after abbreviations or initials", () => {
    expect(
      splitSentences("Dr. Lind met J. R. Smith in the U.S. today. Then they left! Why? Nobody knows.").map(
        (s) => s.text,
      ),
    ).toEqual(["Dr. Lind met J. R. Smith in the U.S. today.", "Then they left!", "Why?", "Nobody knows."]);
  });

  it("gives each sentence of a cue a start time by its position in the cue", () => {
    const sentences = segmentTimedTranscript([
      { start: 10, end: 20, text: "First one here. Second one is here." },
    ]);
    expect(sentences.map((s) => s.text)).toEqual(["First one here.", "Second one is here."]);
    expect(sentences[0]?.start).toBe(10);
    expect(sentences[1]?.start).toBeCloseTo(10 + (10 * 16) / 35, 5);
    expect(sentences[1]?.end).toBe(20);
  });

  it("joins a sentence that runs over several cues and keeps the start of its first cue", () => {
    const sentences = segmentTimedTranscript([
      { start: 0, end: 2, text: "The model predicts", speaker: "A" },
      { start: 2, end: 4, text: "the next token. It", speaker: "A" },
      { start: 4, end: 6, text: "repeats.", speaker: "A" },
    ]);
    expect(sentences.map((s) => [s.text, s.start])).toEqual([
      ["The model predicts the next token.", 0],
      ["It repeats.", expect.closeTo(2 + (2 * 16) / 18, 5)],
    ]);
  });

  it("does not end a sentence at a cue that stops on an initial or a title", () => {
    // JS Party #262 (CC BY-SA 4.0, Changelog Media), cut into cues after "Fred K.".
    const sentences = segmentTimedTranscript([
      { start: 0, end: 4, text: "So we recently talked to Fred K.", speaker: "Kevin Ball" },
      { start: 4, end: 8, text: "Schott about Astro. It was fun.", speaker: "Kevin Ball" },
      { start: 8, end: 10, text: "I met Dr.", speaker: "Kevin Ball" },
      { start: 10, end: 12, text: "Lind there.", speaker: "Kevin Ball" },
    ]);
    expect(sentences.map((s) => s.text)).toEqual([
      "So we recently talked to Fred K. Schott about Astro.",
      "It was fun.",
      "I met Dr. Lind there.",
    ]);
  });

  it("ends a sentence when the speaker changes", () => {
    const sentences = segmentTimedTranscript([
      { start: 0, end: 2, text: "So what you are saying", speaker: "Host" },
      { start: 2, end: 4, text: "Exactly right.", speaker: "Guest" },
    ]);
    expect(sentences.map((s) => s.speaker)).toEqual(["Host", "Guest"]);
  });

  it("estimates times over the duration for a plain transcript and uses the summary otherwise", () => {
    const base = { id: "x", title: "T", chapters: [], topics: [], transcriptSegments: null };
    const plain = episodeSentences({
      ...base,
      summary: null,
      transcriptText: "One two three. Four five six.",
      duration: 100,
    });
    expect(plain.isTimed).toBe(true);
    expect(plain.sentences.map((s) => Math.round(s.start))).toEqual([0, Math.round((100 * 15) / 29)]);
    const summary = episodeSentences({
      ...base,
      summary: "A summary. Of two.",
      transcriptText: null,
      duration: 100,
    });
    expect(summary.isTimed).toBe(false);
    expect(summary.sentences.map((s) => s.start)).toEqual([0, 0]);
  });
});
