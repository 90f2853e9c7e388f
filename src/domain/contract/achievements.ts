import { z } from "zod";

/**
 * Response bodies of the achievements area (src/server/routes/achievements.ts, spec 3 §2
 * Achievements, decision 022): the Learning Milestones list with the caller's progress, and the
 * achievements a recall event has just unlocked (carried by the quiz finish and the review rating).
 */

const dateTime = () => z.string().meta({ format: "date-time" });

export const achievementTierSchema = z
  .enum(["bronze", "silver", "gold", "platinum"])
  .meta({ id: "AchievementTier" });
export type AchievementTier = z.infer<typeof achievementTierSchema>;

/** Just unlocked: enough for the "Achievement unlocked: {name}" toast. */
export const unlockedAchievementSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    tier: achievementTierSchema,
    icon: z.string().meta({ description: "An icon key the web maps to a picture" }),
  })
  .meta({ id: "UnlockedAchievement" });
export type UnlockedAchievement = z.infer<typeof unlockedAchievementSchema>;

export const achievementSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string().meta({ description: "An icon key the web maps to a picture" }),
    tier: achievementTierSchema,
    requirementValue: z.int().meta({ description: "The progress at which it is earned" }),
    progress: z.int().meta({ description: "Towards requirementValue; equal to it once earned" }),
    earnedAt: dateTime().nullable().meta({ description: "When it was earned; null while in progress" }),
  })
  .meta({ id: "Achievement" });
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementListSchema = z
  .object({
    achievements: z.array(achievementSchema).meta({
      description: "Earned first (most recent first), then in progress (closest to done first)",
    }),
    earnedCount: z.int(),
  })
  .meta({ id: "AchievementList" });
export type AchievementList = z.infer<typeof achievementListSchema>;
