import { z } from "zod";
import { themes } from "../theme.ts";
import { orNull } from "./or-null.ts";

/**
 * Response bodies of the account area (src/server/routes/account.ts): the session, sign-up and
 * sign-in, the saved theme and time zone, and the header's stats.
 */

export const sessionUserSchema = z
  .object({ id: z.uuid(), name: z.string(), email: z.string(), image: z.string().nullable() })
  .meta({ id: "User" });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionProfileSchema = z
  .object({
    name: z.string().nullable(),
    handle: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    theme: z.enum(themes),
    xp: z.int(),
    level: z.int(),
    timeZone: z
      .string()
      .meta({ description: "IANA time zone for streak days and weeks; the browser keeps it current" }),
  })
  .meta({ id: "Profile" });
export type SessionProfile = z.infer<typeof sessionProfileSchema>;

/** GET /auth/session: user and profile are null and roles empty when signed out. */
export const sessionSchema = z
  .object({
    user: orNull(sessionUserSchema),
    profile: orNull(sessionProfileSchema),
    roles: z.array(z.string()),
  })
  .meta({ id: "Session" });
export type Session = z.infer<typeof sessionSchema>;

export const signedInSchema = z.object({ user: sessionUserSchema }).meta({ id: "SignedIn" });
export type SignedIn = z.infer<typeof signedInSchema>;

export const themeSettingSchema = z.object({ theme: z.enum(themes) }).meta({ id: "ThemeSetting" });
export type ThemeSetting = z.infer<typeof themeSettingSchema>;

export const timeZoneSettingSchema = z
  .object({ timeZone: z.string().meta({ example: "Europe/Stockholm" }) })
  .meta({ id: "TimeZoneSetting" });
export type TimeZoneSetting = z.infer<typeof timeZoneSettingSchema>;

export const userStatsSchema = z
  .object({ level: z.int(), xp: z.int(), streak: z.int().meta({ description: "0 when the user has none" }) })
  .meta({ id: "UserStats" });
export type UserStats = z.infer<typeof userStatsSchema>;
