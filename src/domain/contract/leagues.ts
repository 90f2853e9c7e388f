import { z } from "zod";

/** The leagues API (spec 2 §2 Leagues, §6, §7 leagues / league_members): public leagues and standings. */

const dateTime = () => z.string().meta({ format: "date-time" });

export const leagueRoleSchema = z.enum(["owner", "member"]);
export type LeagueRoleName = z.infer<typeof leagueRoleSchema>;

export const leagueSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    visibility: z.literal("public"),
    memberCount: z.int(),
    ownerName: z.string().nullable().meta({ description: "Null when the owner has no name or is gone" }),
    createdAt: dateTime(),
    myRole: leagueRoleSchema.nullable().meta({ description: "The viewer's role; null when not a member" }),
  })
  .meta({ id: "LeagueSummary" });
export type LeagueSummary = z.infer<typeof leagueSummarySchema>;

export const leaguePageSchema = z
  .object({
    items: z.array(leagueSummarySchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next page; null at the end" }),
  })
  .meta({ id: "LeaguePage" });
export type LeaguePage = z.infer<typeof leaguePageSchema>;

export const myLeaguesSchema = z
  .object({ items: z.array(leagueSummarySchema.extend({ joinedAt: dateTime() })) })
  .meta({ id: "MyLeagues" });
export type MyLeagues = z.infer<typeof myLeaguesSchema>;

export const leagueStandingSchema = z.object({
  rank: z.int().meta({ description: "1 for the top weekly score; equal scores share a rank" }),
  userId: z.uuid(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: leagueRoleSchema,
  weeklyScore: z.int(),
  quizzesCompleted: z.int(),
  xp: z.int(),
  level: z.int(),
  isMe: z.boolean(),
});
export type LeagueStanding = z.infer<typeof leagueStandingSchema>;

export const leagueViewSchema = z
  .object({
    league: leagueSummarySchema,
    weekStart: z.string().meta({ format: "date", description: "The Sunday starting the viewer's week" }),
    standings: z.array(leagueStandingSchema),
  })
  .meta({ id: "LeagueView" });
export type LeagueView = z.infer<typeof leagueViewSchema>;

export const leagueLeftSchema = z
  .object({
    league: leagueSummarySchema
      .nullable()
      .meta({ description: "The league after leaving; null when the last member left and it was removed" }),
    newOwnerUserId: z
      .uuid()
      .nullable()
      .meta({ description: "Set when the owner left and ownership passed to the longest-standing member" }),
  })
  .meta({ id: "LeagueLeft" });
export type LeagueLeft = z.infer<typeof leagueLeftSchema>;
