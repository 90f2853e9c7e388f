import { describe, expect, it } from "vitest";
import { loadDemoEpisodes } from "./demo-episodes.ts";
import { chunkTranscript, questionQueryWords } from "./retrieval.ts";

describe("transcript chunks for Ask AI", () => {
  const [episode] = loadDemoEpisodes();

  it("cuts the timed transcript into 30–60 s windows of whole sentences", () => {
    if (!episode) throw new Error("no demo episode");
    const chunks = chunkTranscript(episode);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const [i, chunk] of chunks.entries()) {
      const span = chunk.end - chunk.start;
      expect(span).toBeLessThanOrEqual(61);
      if (i < chunks.length - 1) expect(span).toBeGreaterThanOrEqual(29);
      expect(chunk.sentences?.[0]?.start).toBe(chunk.start);
      expect(chunk.text).toBe(chunk.sentences?.map((s) => s.text).join(" "));
    }
    // Every sentence is in exactly one chunk, in order.
    const starts = chunks.flatMap((chunk) => chunk.sentences?.map((s) => s.start) ?? []);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("keeps each sentence's speaker, so a question that names one can find their words", () => {
    const chunks = chunkTranscript({
      id: "t",
      title: "T",
      summary: null,
      transcriptSegments: [
        { start: 0, end: 4, speaker: "Adam Stacoviak", text: "What do you do on holidays?" },
        { start: 4, end: 9, speaker: "Mireille B. Reece, Psy.D", text: "We only travel in summer." },
      ],
      transcriptText: null,
      chapters: [],
      duration: 600,
      topics: [],
    });
    expect(chunks[0]?.sentences?.map((sentence) => sentence.speaker)).toEqual([
      "Adam Stacoviak",
      "Mireille B. Reece, Psy.D",
    ]);
  });

  it("makes one passage per summary sentence when there is no transcript", () => {
    const chunks = chunkTranscript({
      id: "s",
      title: "S",
      summary: "One thing. Another thing.",
      transcriptSegments: null,
      transcriptText: null,
      chapters: [],
      duration: 600,
      topics: [],
    });
    expect(chunks.map((c) => [c.text, c.start])).toEqual([
      ["One thing.", 0],
      ["Another thing.", 0],
    ]);
  });

  it("queries the question's content words only", () => {
    expect(questionQueryWords("What did the guest say about the Cuban Missile Crisis?")).toEqual([
      "cuban",
      "missile",
      "crisis",
    ]);
    expect(questionQueryWords("What is it?")).toEqual([]);
  });
});
