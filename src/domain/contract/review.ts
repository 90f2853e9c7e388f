import { z } from "zod";
import { unlockedAchievementSchema } from "./achievements.ts";

/** The review API (spec 2 §2 Review, §4 review card flow, §9 Review scheduling). */

const scheduleShape = {
  id: z.uuid(),
  ease: z.number(),
  interval: z.int().meta({ description: "Days" }),
  lapses: z.int(),
  dueAt: z.string().meta({ format: "date-time" }),
};
export const cardScheduleSchema = z.object(scheduleShape).meta({ id: "CardSchedule" });
export type CardSchedule = z.infer<typeof cardScheduleSchema>;

/** A rating's answer: the card's new schedule and the XP the rating earned (decision 019). */
export const cardRatingResultSchema = z
  .object({
    ...scheduleShape,
    xpAwarded: z.int().meta({ description: "2 for Good or Easy, 1 for Again: once per due moment" }),
    newAchievements: z
      .array(unlockedAchievementSchema)
      .optional()
      .meta({ description: "Achievements this rating unlocked (decision 022)" }),
  })
  .meta({ id: "CardRatingResult" });
export type CardRatingResult = z.infer<typeof cardRatingResultSchema>;

export const reviewCardSchema = z
  .object({
    ...scheduleShape,
    question: z.object({
      id: z.uuid(),
      stem: z.string(),
      choices: z.array(z.string()),
      answer: z.string(),
      explanation: z.string().nullable(),
      timecode: z.int().nullable().meta({ description: "Seconds into the episode" }),
    }),
    episode: z.object({ id: z.uuid(), title: z.string() }),
    podcast: z.object({ id: z.uuid(), name: z.string() }),
  })
  .meta({ id: "ReviewCard" });
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const dueCardsSchema = z.object({ cards: z.array(reviewCardSchema) }).meta({ id: "DueCards" });
export type DueCards = z.infer<typeof dueCardsSchema>;

export const dueCountSchema = z
  .object({ count: z.int().meta({ description: "Counted up to 100" }) })
  .meta({ id: "DueCount" });
export type DueCount = z.infer<typeof dueCountSchema>;
