import { describe, expect, it } from "vitest";
import { NOT_COVERED_ANSWER, type Passage } from "../provider.ts";
import { questionQueryWords } from "../retrieval.ts";
import { answerOffline, compoundParts } from "./answer.ts";
import { isTopicOverview } from "./text.ts";

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

  it("searches a compound the transcript says whole as a phrase", () => {
    const spoken = "one important idea is retrieval-augmented generation, usually shortened to rag.";
    expect(questionQueryWords("What is retrieval-augmented generation?", spoken)).toEqual([
      '"retrieval augmented"',
      "generation",
    ]);
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

const sensitivity = passage([
  [649, "There are people that have polymorphisms or differences in their A2 receptors in their head..."],
  [662, "So they're more susceptible to caffeine because of those genetic differences."],
  [
    666,
    "So there's that, and then there's caffeine sensitivity, which makes some people, like my husband, super-sensitive to caffeine...",
  ],
  [
    672,
    "He has a cup of green tea and he's running around the house like crazy, whereas me - my sensitivity is a lot lower.",
  ],
  [680, "I'm a lot less sensitive, so I need a lot of a stronger dose."],
]);

describe("questions asking for an amount or a date", () => {
  it("refuses when the best-matching sentence says no amount (a shared-word match)", () => {
    const answer = answerOffline("How much caffeine is in a cup of matcha green tea?", [], [sensitivity]);
    expect(answer).toEqual({ answer: NOT_COVERED_ANSWER, sources: [] });
  });

  it("answers when the amount follows the matching sentence", () => {
    const answer = answerOffline("How much caffeine is in a Starbucks triple-shot?", [], [tripleShot]);
    expect(answer.answer).not.toBe(NOT_COVERED_ANSWER);
    expect(answer.sources[0]?.timecode).toBeGreaterThanOrEqual(2103);
  });

  it("leaves other questions to the coverage gate", () => {
    const answer = answerOffline("Why is her husband so sensitive to green tea?", [], [sensitivity]);
    expect(answer.sources[0]?.timecode).toBe(672);
  });
});

/** Real lines (fixtures/learning-bench/dev, CC BY-SA 4.0 Changelog Media): the five levels of fatigue. */
const pyramid = passage([
  [
    3339,
    'So you created a sort of pyramid relative to caffeine consumption, to help people go "Well, what stage am I at?"',
  ],
  [3346, "Yes..."],
  [3347, "Can you tell our listeners more about that?"],
  [3350, "I would love to."],
  [
    3351,
    'This is called "The five levels of fatigue", and it\'s a pyramid with level zero at the bottom of the pyramid, and level five at the tippy-tippy-top.',
  ],
  [
    3361,
    "The reason I made it a pyramid is because if you think about the X axis, that is your productivity. So the base of the pyramid is very wide.",
  ],
]);

describe("overview of one subject", () => {
  it.each([
    ["Can you sum up her pyramid of tiredness stages?", true],
    ["What's her big-picture view of where deep learning has to go next?", true],
    ["Summarise her framework for conflict repair", true],
    ["What were the two talks she gave at the conference about?", true],
    ["What is this episode about?", false],
    ["How much caffeine is in coffee?", false],
    ["What's the view from the space station like?", false],
  ])("%s → %s", (question, expected) => {
    expect(isTopicOverview(question)).toBe(expected);
  });

  it("answers from the subject's words, not the overview words, and reads on", () => {
    const answer = answerOffline("Can you sum up her pyramid of tiredness stages?", [], [elsewhere, pyramid]);
    expect(answer.sources[0]?.timecode).toBe(3351);
    expect(answer.answer).toMatch(
      /^This is called "The five levels of fatigue".* The reason I made it a pyramid/,
    );
  });
});
