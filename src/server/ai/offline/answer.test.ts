import { describe, expect, it } from "vitest";
import { NOT_COVERED_ANSWER, type Passage } from "../provider.ts";
import { questionQueryWords } from "../retrieval.ts";
import { answerOffline, compoundParts } from "./answer.ts";

/** A passage of real transcript lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media). */
const passage = (lines: [number, string][]): Passage => ({
  start: lines[0]?.[0] ?? 0,
  end: (lines.at(-1)?.[0] ?? 0) + 10,
  rank: 1,
  text: lines.map(([, text]) => text).join(" "),
  sentences: lines.map(([start, text]) => ({ start, text })),
});

const tripleShot = passage([
  [
    2103,
    "So a lot of people don't know that the Starbucks triple-shot they're having has three times the caffeine as a Red Bull...",
  ],
  [2111, "..because coffees aren't beholden to the same guidelines."],
  [2118, "Starbucks triple-shot has three times the caffeine as a Red Bull."],
  [2122, "So how much caffeine is that?"],
  [2124, "That's 225 milligrams, and Red Bull just has 80."],
]);
const calendar = passage([
  [325, "That's right, and my grandma would give me all these puzzles, and games..."],
  [
    330,
    "She tells me that I apparently had memorized the calendar for a ten-year time period, and they would quiz me on what day is the 12th of August, for instance...",
  ],
  [341, "You've gotta be kidding me... How old were you for that?"],
]);
const elsewhere = passage([
  [900, "And then I started drinking energy drinks in college."],
  [905, "Red Bull was the big one back then."],
]);

describe("hyphenated compounds", () => {
  it("splits a compound into its content parts", () => {
    expect(compoundParts("non-expert")).toEqual(["non", "expert"]);
    expect(compoundParts("off-the-shelf")).toEqual(["shelf"]);
    expect(compoundParts("espresso")).toEqual(["espresso"]);
  });

  it("searches a listener's compound by its parts", () => {
    expect(questionQueryWords("How would you describe a tensor to a non-expert?")).toEqual(
      expect.arrayContaining(["tensor", "non", "expert"]),
    );
  });

  it("meets a word the speaker only said inside a compound (triple → triple-shot)", () => {
    const answer = answerOffline(
      "How does a triple espresso from Starbucks compare with a can of Red Bull?",
      [],
      [elsewhere, tripleShot],
    );
    expect(answer.answer).not.toBe(NOT_COVERED_ANSWER);
    expect(answer.sources[0]?.timecode).toBeGreaterThanOrEqual(2103);
  });

  it("meets a number said inside a compound (ten years → ten-year)", () => {
    const answer = answerOffline(
      "How old was she when she supposedly knew ten years of dates by heart?",
      [],
      [calendar],
    );
    expect(answer.sources[0]?.timecode).toBe(330);
  });
});
