import { z } from "zod";
import { createTextField } from "./text.ts";

/**
 * Leagues (spec 2 §2 Leagues, §5, §6): one schema validates the create dialog in the browser and
 * the create handler on the server. Leagues are public only for now.
 */
export const LEAGUE_NAME_MAX = 50;
export const LEAGUE_DESCRIPTION_MAX = 200;

export const leagueNotices = {
  name: "Please enter a league name",
  nameTooLong: `League name must be at most ${LEAGUE_NAME_MAX} characters.`,
  descriptionTooLong: `Description must be at most ${LEAGUE_DESCRIPTION_MAX} characters.`,
  leagueNotFound: "League not found",
  alreadyMember: "You are already a member of this league.",
  notMember: "You are not a member of this league.",
  /** Spec 2 §8 toasts. */
  createFailed: "Failed to create league",
  joinFailed: "Failed to join league",
} as const;

export const createLeagueSchema = z.object({
  name: createTextField(leagueNotices.name)
    .trim()
    .min(1, { error: leagueNotices.name })
    .max(LEAGUE_NAME_MAX, { error: leagueNotices.nameTooLong }),
  /** Optional; blank becomes null. */
  description: createTextField("Description must be text.")
    .trim()
    .max(LEAGUE_DESCRIPTION_MAX, { error: leagueNotices.descriptionTooLong })
    .nullish()
    .transform((value) => (value ? value : null)),
  visibility: z.literal("public", { error: "Only public leagues exist for now." }).default("public"),
});
export type CreateLeagueInput = z.input<typeof createLeagueSchema>;
export type CreateLeagueValues = z.output<typeof createLeagueSchema>;

export const memberCountLabel = (count: number) => `${count} member${count === 1 ? "" : "s"}`;
