import { z } from "zod";
import { themes } from "./theme.ts";

/** What GET /api/v1/auth/session returns; the server validates against it, the web infers its types. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});

export const sessionProfileSchema = z.object({
  name: z.string().nullable(),
  handle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  theme: z.enum(themes),
  xp: z.int(),
  level: z.int(),
  /** IANA time zone for streak days and weeks; the browser keeps it current. */
  timeZone: z.string(),
});

export const sessionSchema = z.object({
  user: sessionUserSchema.nullable(),
  profile: sessionProfileSchema.nullable(),
  roles: z.array(z.string()),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type SessionProfile = z.infer<typeof sessionProfileSchema>;
export type Session = z.infer<typeof sessionSchema>;
