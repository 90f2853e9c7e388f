import { describe, expect, it } from "vitest";
import { buildCorpusStats, emptyCorpus } from "./corpus.ts";

describe("corpus statistics", () => {
  const corpus = buildCorpusStats([
    {
      text: "Language models predict the next token. A language model can hallucinate.",
      topics: ["language models"],
    },
    {
      text: "Index funds keep fees low; compound interest does the rest.",
      topics: ["index funds", "Language Model"],
    },
    { text: "The large language model of the week.", topics: [] },
  ]);

  it("counts each document once per phrase, case and plural aside", () => {
    expect(corpus.documentCount).toBe(3);
    expect(corpus.documentFrequency("language model")).toBe(2);
    expect(corpus.documentFrequency("Language Models")).toBe(2);
    expect(corpus.documentFrequency("index funds")).toBe(1);
    expect(corpus.documentFrequency("quantum gravity")).toBe(0);
  });

  it("rates a long phrase by its rarest three-word part", () => {
    expect(corpus.documentFrequency("large language model of")).toBe(1);
  });

  it("pools the documents' topics once each", () => {
    expect(corpus.phrasePool).toEqual(["index funds", "language models"]);
  });

  it("has an empty form", () => {
    expect(emptyCorpus()).toMatchObject({ documentCount: 0, phrasePool: [] });
    expect(emptyCorpus().documentFrequency("anything")).toBe(0);
  });
});
