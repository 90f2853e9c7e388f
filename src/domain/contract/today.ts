import { z } from "zod";
import { DAILY_XP_GOALS } from "../today.ts";

/**
 * The signed-in home's Today card (decision 018): due cards, the streak, XP today against the daily
 * goal, and the next suggested step.
 */

const dailyGoal = () => z.literal(DAILY_XP_GOALS).meta({ description: "XP per day: 10, 30, 50 or 100" });

/** An episode as the Today card offers it: enough to open it, or to play it at once. */
const stepEpisodeSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  audioUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  duration: z.int().nullable().meta({ description: "Seconds" }),
  podcast: z.object({ id: z.uuid(), name: z.string() }),
});

export const nextStepSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("review"), count: z.int().meta({ description: "Counted up to 100" }) }),
    z.object({ kind: z.literal("quiz"), episode: stepEpisodeSchema }),
    z.object({
      kind: z.literal("continue"),
      episode: stepEpisodeSchema,
      positionSeconds: z.int().meta({ description: "Where playback resumes" }),
    }),
    z.object({
      kind: z.literal("discover"),
      hasListened: z.boolean().meta({ description: "Whether the learner has played any episode yet" }),
    }),
  ])
  .meta({ id: "NextStep" });
export type NextStep = z.infer<typeof nextStepSchema>;

export const todaySchema = z
  .object({
    day: z.string().meta({ description: "Today in the user's time zone, YYYY-MM-DD", example: "2026-11-25" }),
    dueCount: z.int().meta({ description: "Review cards due now, counted up to 100" }),
    streak: z.object({
      current: z.int().meta({ description: "Days; 0 when the streak has lapsed" }),
      isTodayCounted: z.boolean().meta({ description: "Whether today is already one of the streak's days" }),
    }),
    xpToday: z.int().meta({ description: "XP earned since midnight in the user's time zone" }),
    dailyGoal: dailyGoal(),
    nextStep: nextStepSchema,
  })
  .meta({ id: "Today" });
export type Today = z.infer<typeof todaySchema>;

export const dailyGoalSettingSchema = z.object({ goal: dailyGoal() }).meta({ id: "DailyGoalSetting" });
export type DailyGoalSetting = z.infer<typeof dailyGoalSettingSchema>;
