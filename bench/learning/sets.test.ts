import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { missingKeywords } from "./real-sets.ts";
import {
  loadQuizSample,
  loadSet,
  QUIZ_SAMPLE_NAMES,
  questionFileSchema,
  quoteMoment,
  SET_NAMES,
  type TranscriptFile,
} from "./sets.ts";

const transcript: TranscriptFile = {
  slug: "tiny",
  title: "A tiny talk",
  podcast: "Test",
  source: "https://example.org/tiny",
  licence: "CC0",
  duration: 40,
  timing: "test",
  segments: [
    { start: 0, end: 10, text: "Welcome to the show about coffee." },
    { start: 10, end: 20, text: "Caffeine blocks adenosine," },
    { start: 20, end: 30, text: "which keeps you awake." },
    { start: 30, end: 40, text: "Thanks for listening." },
  ],
};

const question = (kind: string, extra: object = {}) => ({
  id: `${kind}-${Math.random()}`,
  kind,
  question: "A question of some length?",
  ...(kind === "offtopic" ? {} : { at: ["Caffeine blocks adenosine"], keywords: ["adenosine"] }),
  ...extra,
});
const file = (questions: object[]) => ({ transcript: "tiny", questions });
const valid = () =>
  file([
    question("about"),
    question("offtopic"),
    ...Array.from({ length: 13 }, (_, i) => question("fact", { id: `f${i}` })),
  ]);

describe("questionFileSchema", () => {
  it("accepts a file with at least 15 questions of all three kinds", () => {
    expect(questionFileSchema.safeParse(valid()).success).toBe(true);
  });

  it("rejects fewer than 15 questions, a missing kind, duplicate ids and covered questions without moments", () => {
    expect(questionFileSchema.safeParse(file(valid().questions.slice(0, 14))).success).toBe(false);
    const noOfftopic = valid().questions.map((q) =>
      (q as { kind: string }).kind === "offtopic" ? question("fact", { id: "x" }) : q,
    );
    expect(questionFileSchema.safeParse(file(noOfftopic)).success).toBe(false);
    const duplicate = valid().questions.map((q) => ({ ...q, id: "same" }));
    expect(questionFileSchema.safeParse(file(duplicate)).success).toBe(false);
    const noMoment = [...valid().questions, question("fact", { id: "y", at: [] })];
    expect(questionFileSchema.safeParse(file(noMoment)).success).toBe(false);
    const noKeyword = [...valid().questions, question("about", { id: "z", keywords: [] })];
    expect(questionFileSchema.safeParse(file(noKeyword)).success).toBe(false);
  });

  it("accepts explicit second ranges and rejects inverted ones", () => {
    const ranged = [...valid().questions, question("fact", { id: "r", at: [{ from: 10, to: 20 }] })];
    expect(questionFileSchema.safeParse(file(ranged)).success).toBe(true);
    const inverted = [...valid().questions, question("fact", { id: "i", at: [{ from: 20, to: 10 }] })];
    expect(questionFileSchema.safeParse(file(inverted)).success).toBe(false);
  });
});

describe("quoteMoment", () => {
  it("spans the cues a quote runs over, case- and space-insensitively", () => {
    expect(quoteMoment(transcript, "caffeine  blocks adenosine, which keeps")).toEqual({ from: 10, to: 30 });
    expect(quoteMoment(transcript, "Welcome to the show")).toEqual({ from: 0, to: 10 });
    expect(quoteMoment(transcript, "decaf is made")).toBeNull();
  });
});

describe("loadSet", () => {
  it("loads a transcript with its questions and throws on a quote that is not there", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-sets-"));
    mkdirSync(path.join(dir, "dev"));
    writeFileSync(path.join(dir, "dev", "tiny.json"), JSON.stringify(transcript));
    writeFileSync(path.join(dir, "dev", "tiny.questions.json"), JSON.stringify(valid()));
    const [loaded] = loadSet("dev", dir);
    expect(loaded?.questions[0]?.moments).toEqual([{ from: 10, to: 20 }]);
    expect(loaded?.episode.transcriptSegments).toHaveLength(4);
    const broken = valid();
    broken.questions[0] = question("about", { at: ["not in the transcript at all"] });
    writeFileSync(path.join(dir, "dev", "tiny.questions.json"), JSON.stringify(broken));
    expect(() => loadSet("dev", dir)).toThrow(/not in the transcript/);
  });

  it("validates the committed sets", () => {
    for (const set of SET_NAMES) {
      const loaded = loadSet(set);
      expect(loaded.length).toBeGreaterThanOrEqual(set === "dev" ? 2 : 4);
      for (const item of loaded) expect(item.questions.length).toBeGreaterThanOrEqual(15);
    }
  });
});

describe("missingKeywords", () => {
  it("needs every group, any spelling of a group, at a word start", () => {
    expect(missingKeywords("Caffeine blocks adenosine.", ["adenosine", "caffeine|coffee"])).toEqual([]);
    expect(missingKeywords("It is about 400 milligrams.", ["400"])).toEqual([]);
    expect(missingKeywords("Decaffeinated coffee.", ["caffeine"])).toEqual(["caffeine"]);
    expect(missingKeywords("Dehydration is rare.", ["dehydrat|pee"])).toEqual([]);
  });
});

describe("quiz samples", () => {
  it("load every transcript with its source, licence and timed cues", () => {
    for (const sample of QUIZ_SAMPLE_NAMES) {
      const items = loadQuizSample(sample);
      expect(items.length).toBeGreaterThanOrEqual(20);
      for (const item of items) {
        expect(item.transcript.source).toMatch(
          /^https:\/\/github\.com\/thechangelog\/transcripts\/blob\/44a0e16/,
        );
        expect(item.transcript.licence).toContain("CC BY-SA 4.0");
        expect(item.episode.transcriptSegments?.length).toBeGreaterThan(20);
        expect(item.transcript.title).toMatch(/ #/);
      }
    }
  });

  it("share no transcript with each other or with the question sets", () => {
    const sources = [
      ...SET_NAMES.flatMap((set) => loadSet(set)),
      ...QUIZ_SAMPLE_NAMES.flatMap((sample) => loadQuizSample(sample)),
    ].map((item) => item.transcript.source.replace(/.*\/blob\/[0-9a-f]+\//, ""));
    expect(new Set(sources).size).toBe(sources.length);
  });
});
