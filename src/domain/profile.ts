import { z } from "zod";
import { AVATAR_MAX_BYTES } from "./contract/avatar.ts";
import { createTextField } from "./text.ts";

/**
 * The profile's rules (spec 3 §5, §9), shared by the /profile/edit form and PATCH /me/profile: the
 * display name, the handle, the pasted avatar URL, and the points and accuracy of the header.
 */
export const PROFILE_NAME_MAX = 100;
/** The database allows 3–30 characters (profiles_handle_check). */
export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 30;
export const AVATAR_URL_MAX_LENGTH = 2048;
/** Spec 3 §9: 10 points per correct answer. */
export const POINTS_PER_CORRECT_ANSWER = 10;

export const profileNotices = {
  validationTitle: "Validation Error",
  nameEmpty: "Name cannot be empty",
  nameTooLong: `Name must be at most ${PROFILE_NAME_MAX} characters`,
  handleTooShort: `Handle must be at least ${HANDLE_MIN_LENGTH} characters`,
  handleTooLong: `Handle must be at most ${HANDLE_MAX_LENGTH} characters`,
  handleTaken: "That handle is already taken. Please choose another one.",
  avatarUrl: "Avatar URL must be a web address starting with https://",
  avatarUrlTooLong: `Avatar URL must be at most ${AVATAR_URL_MAX_LENGTH} characters`,
  invalidFileType: { title: "Invalid file type", description: "Please select an image file" },
  fileTooLarge: { title: "File too large", description: "Please select an image smaller than 2MB" },
  uploadFailed: "Upload failed",
  saved: { title: "Profile saved", description: "Your changes are now on your profile." },
  profileNotFound: "Profile not found",
  savedPrivate: "Saved episodes are only visible to their owner.",
  historyPrivate: "Play history is only visible to its owner.",
  followingPrivate: "Followed podcasts are only visible to their owner.",
} as const;

/** Lowercases and keeps only a–z, 0–9 and _ (spec 3 §5); the form applies it as the user types. */
export function normalizeHandle(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9_]/g, "");
}

/** An absolute https URL with a host and no credentials: the only avatar URL a person may paste. */
export function isHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
}

export const profileNameField = createTextField(profileNotices.nameEmpty)
  .trim()
  .min(1, { error: profileNotices.nameEmpty })
  .max(PROFILE_NAME_MAX, { error: profileNotices.nameTooLong });

/** Normalised; empty (after normalising) means no handle (null). */
export const handleField = createTextField("Handle must be text.")
  .transform(normalizeHandle)
  .refine((handle) => handle.length === 0 || handle.length >= HANDLE_MIN_LENGTH, {
    error: profileNotices.handleTooShort,
  })
  .refine((handle) => handle.length <= HANDLE_MAX_LENGTH, { error: profileNotices.handleTooLong })
  .transform((handle) => handle || null);

/** Trimmed; blank means no avatar (null). Only https, so it can never run script or leak over http. */
export const avatarUrlField = createTextField("Avatar URL must be text.")
  .trim()
  .max(AVATAR_URL_MAX_LENGTH, { error: profileNotices.avatarUrlTooLong })
  .refine((url) => url.length === 0 || isHttpsUrl(url), { error: profileNotices.avatarUrl })
  .transform((url) => url || null);

/**
 * PATCH /me/profile. `handle` and `avatarUrl`: absent leaves them as they are, null or blank removes
 * them. The name is always sent (the form always has one).
 */
export const updateProfileSchema = z.object({
  name: profileNameField,
  handle: handleField.nullish(),
  avatarUrl: avatarUrlField.nullish(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfileValues = z.output<typeof updateProfileSchema>;

/** Spec 3 §9: 10 points per correct answer. */
export function profilePoints(correctAnswers: number): number {
  return correctAnswers * POINTS_PER_CORRECT_ANSWER;
}

/** The rounded percent of answers that were correct; null before the first answer (nothing to rate). */
export function profileAccuracy(correctAnswers: number, totalAnswers: number): number | null {
  if (totalAnswers <= 0) return null;
  return Math.round((correctAnswers / totalAnswers) * 100);
}

/**
 * The browser's check of a chosen avatar file before it is uploaded (spec 3 §5): an image type, at
 * most 2 MB. The notice to show, or null when it may be sent (the server still decides from the bytes).
 */
export function findAvatarFileProblem(file: {
  type: string;
  size: number;
}): { title: string; description: string } | null {
  if (!file.type.startsWith("image/")) return profileNotices.invalidFileType;
  if (file.size > AVATAR_MAX_BYTES) return profileNotices.fileTooLarge;
  return null;
}
