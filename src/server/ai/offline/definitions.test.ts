import { describe, expect, it } from "vitest";
import { askedTerm, definesTerm, spellsOutAcronym } from "./definitions.ts";

// Lines from Brain Science #23 and #16 (github.com/thechangelog/transcripts, CC BY-SA 4.0 Changelog Media).
describe("askedTerm", () => {
  it.each([
    ["What is neuroplasticity?", "neuroplasticity"],
    ["What does BDNF stand for?", "BDNF"],
    ["What's a mental framework?", "mental framework"],
    ["So what's the forgetting curve exactly?", "forgetting curve"],
    ["Define spaced repetition.", "spaced repetition"],
    ["What do you mean by cognitive flexibility?", "cognitive flexibility"],
    ["What does epigenetics mean?", "epigenetics"],
  ])("%s asks the meaning of %s", (question, term) => {
    expect(askedTerm(question)).toBe(term);
  });

  it.each([
    "What's the population of Houston?",
    "What is her job?",
    "What's the best GPU for deep learning?",
    "What is the guest's background?",
    "What are the main takeaways?",
    "What does Titan do?",
    "What is this episode about?",
    "What's the difference between big-T and little-t trauma?",
  ])("%s asks no term's meaning", (question) => {
    expect(askedTerm(question)).toBeNull();
  });
});

describe("definesTerm", () => {
  it("reads a term followed by what it is", () => {
    expect(
      definesTerm(
        "Well, a mental framework is the way in which you learn how to make sense of yourself.",
        "mental framework",
      ),
    ).toBe(true);
    expect(definesTerm("So BDNF is a gene that provides instructions for making a protein.", "BDNF")).toBe(
      true,
    );
    expect(
      definesTerm(
        "Dr. Alvaro Pascual-Leone out of Harvard's Medical School who described neuroplasticity as this intrinsic, so internal property of the human brain",
        "neuroplasticity",
      ),
    ).toBe(true);
    expect(
      definesTerm(
        "And really, epigenetics is this study of the way in which our genes and our environment intersect.",
        "epigenetics",
      ),
    ).toBe(true);
  });

  it("does not read a passing use of the term as a definition", () => {
    expect(
      definesTerm(
        "I wouldn't imagine that neuroplasticity would allow me to override my genome, to be able to adapt.",
        "neuroplasticity",
      ),
    ).toBe(false);
    expect(
      definesTerm(
        "So this BDNF - I wanna talk about it, because it's so important in neuroplasticity.",
        "BDNF",
      ),
    ).toBe(false);
  });

  it("reads an acronym spelled out after or before it", () => {
    const line =
      "I wanna talk about this one specific protein (or gene) that's called BDNF, brain-derived neurotrophic factor.";
    expect(spellsOutAcronym(line, "BDNF")).toBe(true);
    expect(spellsOutAcronym("We used a graphics processing unit (GPU) for it.", "GPU")).toBe(true);
    expect(spellsOutAcronym("The DOE, the Department of Energy, funds it.", "DOE")).toBe(true);
    expect(spellsOutAcronym("Can you say BDNF five times fast?", "BDNF")).toBe(false);
  });
});
