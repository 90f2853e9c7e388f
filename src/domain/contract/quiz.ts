import { z } from "zod";
import { CONFIDENCE_MAX, CONFIDENCE_MIN } from "../xp.ts";
import { unlockedAchievementSchema } from "./achievements.ts";

/**
 * The quiz API (spec 2 §2 Quiz and Results, §4, §5, §9): the one declaration of each body, used by
 * routes/quiz.ts for the OpenAPI document and the response check, by the services for their return
 * types and by the web for what it reads.
 */

/** An episode's quiz: none yet, being generated, generation failed, or ready to play. */
export const quizStatuses = ["none", "generating", "failed", "complete"] as const;
export type QuizStatus = (typeof quizStatuses)[number];
export const quizStatusSchema = z.enum(quizStatuses);

const seconds = (description: string) => z.int().nullable().meta({ description });
const dateTime = () => z.string().meta({ format: "date-time" });

export const quizQuestionSchema = z
  .object({ id: z.uuid(), stem: z.string(), choices: z.array(z.string()) })
  .meta({ id: "QuizQuestion", description: "A question without its answer or explanation" });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizSchema = z
  .object({
    episode: z.object({
      id: z.uuid(),
      title: z.string(),
      imageUrl: z.string().nullable(),
      audioUrl: z.string().nullable(),
      duration: seconds("Seconds"),
      podcast: z.object({ id: z.uuid(), name: z.string() }),
    }),
    quizStatus: quizStatusSchema,
    questions: z.array(quizQuestionSchema).meta({ description: "Up to 12, in creation order" }),
  })
  .meta({ id: "Quiz" });
export type Quiz = z.infer<typeof quizSchema>;

const feedbackShape = {
  questionId: z.uuid(),
  choice: z.string(),
  isCorrect: z.boolean(),
  correctAnswer: z.string(),
  explanation: z.string().nullable(),
  timecode: seconds("Seconds into the episode where the answer is discussed"),
  xpAwarded: z.int(),
  combo: z.int().meta({ description: "Consecutive correct answers including this one" }),
};
export const answerFeedbackSchema = z.object(feedbackShape).meta({ id: "AnswerFeedback" });
export type AnswerFeedback = z.infer<typeof answerFeedbackSchema>;

const progressShape = {
  attemptId: z.uuid(),
  episodeId: z.uuid(),
  questionCount: z.int(),
  answeredCount: z.int(),
  correctCount: z.int(),
  combo: z.int(),
  maxCombo: z.int(),
  xpEarned: z.int(),
};
export const attemptProgressSchema = z.object(progressShape);
export type AttemptProgress = z.infer<typeof attemptProgressSchema>;

/** Opening the quiz screen starts an attempt or resumes the unfinished one. */
export const quizAttemptSchema = z
  .object({ ...progressShape, answers: z.array(answerFeedbackSchema), isResumed: z.boolean() })
  .meta({ id: "QuizAttempt" });
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

export const answerResultSchema = z
  .object({ ...feedbackShape, ...progressShape })
  .meta({ id: "AnswerResult" });
export type AnswerResult = z.infer<typeof answerResultSchema>;

export const resultAnswerSchema = z.object({
  ...feedbackShape,
  stem: z.string(),
  confidence: z.int(),
  timeMs: z.int(),
});
export type ResultAnswer = z.infer<typeof resultAnswerSchema>;

export const quizResultsSchema = z
  .object({
    attemptId: z.uuid(),
    episode: z.object({ id: z.uuid(), title: z.string(), podcastName: z.string() }),
    score: z.int(),
    accuracy: z.number().meta({ description: "Percent correct, 0–100" }),
    correctCount: z.int(),
    questionCount: z.int(),
    xpEarned: z.int(),
    maxCombo: z.int(),
    levelBefore: z.int(),
    levelAfter: z.int(),
    finishedAt: dateTime(),
    answers: z.array(resultAnswerSchema),
    newAchievements: z
      .array(unlockedAchievementSchema)
      .optional()
      .meta({ description: "Achievements this finish unlocked; only in the finish response (decision 022)" }),
  })
  .meta({ id: "QuizResults" });
export type QuizResults = z.infer<typeof quizResultsSchema>;

/** The quiz screen showed a question: the server's clock for the answer's time starts here. */
export const questionServeSchema = z
  .object({
    questionId: z.uuid(),
    servedAt: dateTime().meta({ description: "When the question was first served in this attempt" }),
  })
  .meta({ id: "QuestionServe" });
export type QuestionServe = z.infer<typeof questionServeSchema>;

/**
 * The client says what it chose, how sure it was and how long it took; nothing else. Extra fields
 * (isCorrect, xp, score …) are refused, so a tampered client learns it cannot send them.
 */
export const answerInputSchema = z
  .strictObject({
    questionId: z.uuid({ error: "questionId must be a question id." }),
    choice: z.string({ error: "choice must be text." }).min(1).max(2000),
    confidence: z
      .int({ error: "confidence must be a whole number." })
      .min(CONFIDENCE_MIN, { error: `confidence must be ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}.` })
      .max(CONFIDENCE_MAX, { error: `confidence must be ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX}.` }),
    timeMs: z
      .int({ error: "timeMs must be a whole number of milliseconds." })
      .min(0, { error: "timeMs cannot be negative." })
      .meta({
        description:
          "Time taken to answer as the client measured it. The server measures from when it served the question and keeps the slower of the two; above 10 minutes counts as 10 minutes",
      }),
  })
  .meta({ id: "AnswerInput" });
export type AnswerInput = z.infer<typeof answerInputSchema>;
