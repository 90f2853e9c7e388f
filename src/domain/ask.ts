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

/** Starter questions for an empty chat, from the episode's own topics and key points. */
export function suggestQuestions(episode: {
  topics: readonly string[];
  insights: readonly { keyPoint: string }[];
}) {
  const fromTopics = episode.topics.slice(0, 2).map((topic) => `What does the episode say about ${topic}?`);
  const fromInsight = episode.insights[0] ? ["What is the most important takeaway?"] : [];
  return [...fromTopics, ...fromInsight, "What are the main arguments?"].slice(0, 4);
}
