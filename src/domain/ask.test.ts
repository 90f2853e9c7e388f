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
  it("asks for the takeaways when there are insights, then about the first two topics", () => {
    expect(
      suggestQuestions({ topics: ["compounding", " index funds ", "", "fees"], insights: [{}] }),
    ).toEqual([
      "What are the main takeaways?",
      "What does the episode say about compounding?",
      "Why do index funds matter?",
    ]);
  });

  it("lets a topic's number choose the verb", () => {
    expect(suggestQuestions({ topics: ["fees", "retrieval practice"] })).toEqual([
      "What does the episode say about fees?",
      "Why does retrieval practice matter?",
    ]);
    expect(suggestQuestions({ topics: ["fees", "physics"] })[1]).toBe("Why does physics matter?");
    expect(suggestQuestions({ topics: ["fees", "TSMC"] })[1]).toBe("Why does TSMC matter?");
  });

  it("suggests nothing for an episode without topics or insights", () => {
    expect(suggestQuestions({ topics: [] })).toEqual([]);
  });
});
