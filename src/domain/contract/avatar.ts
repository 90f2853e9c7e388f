import { z } from "zod";

/**
 * Response body of the avatar routes (src/server/routes/avatar.ts): PUT /me/avatar takes the image's
 * raw bytes (the server decides what they are from the bytes, not the name or Content-Type) and
 * answers with the profile's new avatar URL; DELETE /me/avatar answers with null.
 */
export const avatarSchema = z
  .object({
    avatarUrl: z
      .string()
      .nullable()
      .meta({ description: "The stored 512 px WebP, versioned so a new upload is never served from cache" }),
  })
  .meta({ id: "Avatar" });
export type Avatar = z.infer<typeof avatarSchema>;

/** The largest avatar upload the server accepts (spec 3 §9: 2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
