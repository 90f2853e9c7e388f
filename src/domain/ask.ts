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

/** Nouns ending in "s" that are singular: "Why does physics matter?". */
const SINGULAR_IN_S = /(?:ss|us|is|news|ics|series|species)$/i;

/**
 * Starter questions for an empty chat: the main takeaways when the episode has key insights (Ask
 * answers them from the insights, with their moments), then two of the episode's own topics, so each
 * names something the episode talks about.
 */
export function suggestQuestions(episode: {
  topics: readonly string[];
  insights?: readonly unknown[];
}): string[] {
  const [first, second] = episode.topics.map((topic) => topic.trim()).filter(Boolean);
  const isPlural = (topic: string) => /s$/i.test(topic) && !SINGULAR_IN_S.test(topic);
  return [
    episode.insights?.length ? "What are the main takeaways?" : null,
    first && `What does the episode say about ${first}?`,
    second && `Why ${isPlural(second) ? "do" : "does"} ${second} matter?`,
  ].filter((question): question is string => Boolean(question));
}
