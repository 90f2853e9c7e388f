import { describe, expect, it } from "vitest";
import { ASK_QUESTION_MAX, askQuestionSchema, suggestQuestions } from "./ask.ts";

describe("askQuestionSchema", () => {
  it("trims the question and refuses blank or too long ones", () => {
    expect(askQuestionSchema.parse({ question: "  Why?\n" })).toEqual({ question: "Why?" });
    expect(askQuestionSchema.safeParse({ question: " \n\t " }).error?.issues[0]?.message).toBe(
      "Please enter a question.",
    );
    expect(askQuestionSchema.safeParse({ question: "x".repeat(ASK_QUESTION_MAX) }).success).toBe(true);
    expect(
      askQuestionSchema.safeParse({ question: "x".repeat(ASK_QUESTION_MAX + 1) }).error?.issues[0]?.message,
    ).toBe("Questions can be at most 500 characters.");
    expect(askQuestionSchema.safeParse({ question: 5 }).success).toBe(false);
  });
});

describe("suggestQuestions", () => {
  it("asks about the first three topics", () => {
    expect(suggestQuestions({ topics: ["compounding", " index funds ", "", "fees", "habits"] })).toEqual([
      "What does the episode say about compounding?",
      "Why does index funds matter?",
      "What does the episode say about fees?",
    ]);
  });

  it("suggests nothing for an episode without topics", () => {
    expect(suggestQuestions({ topics: [] })).toEqual([]);
  });
});
