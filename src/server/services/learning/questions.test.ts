import { describe, expect, it } from "vitest";
import { selectValidQuestions } from "./questions.ts";

const question = (stem: string, overrides: object = {}) => ({
  stem,
  choices: ["alpha", "beta", "gamma", "delta"],
  answer: "beta",
  explanation: "Said at 0:30.",
  concept_tags: ["greek letters"],
  difficulty: "medium",
  timecode: 30,
  ...overrides,
});

describe("selectValidQuestions", () => {
  it("keeps only questions with four distinct choices and the answer among them", () => {
    const kept = selectValidQuestions(
      [
        question("Good?"),
        question("Answer missing?", { answer: "omega" }),
        question("Duplicate choices?", { choices: ["alpha", "Alpha", "gamma", "delta"] }),
        question("Three choices?", { choices: ["alpha", "beta", "gamma"] }),
        question("Bad difficulty?", { difficulty: "trivial" }),
        { nonsense: true },
        null,
      ],
      null,
    );
    expect(kept.map((q) => q.stem)).toEqual(["Good?"]);
  });

  it("drops repeated stems, keeps timecodes inside the episode and stops at 12", () => {
    const many = Array.from({ length: 20 }, (_, i) => question(`Question ${i}?`, { timecode: i * 100 }));
    const kept = selectValidQuestions([question("question 0?"), ...many], 250);
    expect(kept).toHaveLength(12);
    expect(kept[0]?.stem).toBe("question 0?");
    expect(kept.map((q) => q.stem)).not.toContain("Question 0?");
    expect(Math.max(...kept.map((q) => q.timecode))).toBe(250);
  });
});
