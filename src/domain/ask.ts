import { z } from "zod";

/**
 * Ask AI (spec 2 §2, §5, §8): one schema validates the chat input in the browser and the ask handler
 * on the server. A question must be non-blank after trimming.
 */
export const ASK_QUESTION_MAX = 500;

export const askNotices = {
  blank: "Please enter a question.",
  tooLong: `Questions can be at most ${ASK_QUESTION_MAX} characters.`,
  /** Spec 2 §8: the toast when an answer cannot be had. */
  failed: "Failed to get answer",
} as const;

export const askQuestionSchema = z.object({
  question: z
    .string({ error: askNotices.blank })
    .trim()
    .min(1, { error: askNotices.blank })
    .max(ASK_QUESTION_MAX, { error: askNotices.tooLong }),
});
export type AskQuestionInput = z.infer<typeof askQuestionSchema>;

/**
 * Starter questions for an empty chat, from the episode's own topics: answers come from the
 * transcript, so a question must name something the episode talks about (a generic "what are the
 * main arguments?" finds no passage).
 */
export function suggestQuestions(episode: { topics: readonly string[] }): string[] {
  const [first, second, third] = episode.topics.map((topic) => topic.trim()).filter(Boolean);
  return [
    first && `What does the episode say about ${first}?`,
    second && `Why does ${second} matter?`,
    third && `What does the episode say about ${third}?`,
  ].filter((question): question is string => Boolean(question));
}
