import { eq } from "drizzle-orm";
import type { Avatar } from "../../../domain/contract/avatar.ts";
import type { AppDeps } from "../../context.ts";
import { profiles } from "../../db/schema/account.ts";
import { AppError } from "../../lib/errors.ts";
import { processAvatarImage } from "./avatar-image.ts";
import type { AvatarStorage } from "./avatar-storage.ts";
import { consumeRateLimits } from "./rate-limit.ts";

/** Uploads per user per hour: enough to try a few pictures, not to use the server as an encoder. */
export const AVATAR_UPLOADS_PER_HOUR = 20;

export const avatarRateLimitKey = (userId: string) => `avatar-upload:${userId}`;

export const EMPTY_UPLOAD_MESSAGE = "Please select an image to upload: the file is empty.";
const STORAGE_FAILED_MESSAGE = "We couldn't save your picture right now. Please try again in a moment.";

/** The versioned URL changes with every new picture, so a year of caching is safe. */
const IMMUTABLE = "public, max-age=31536000, immutable";

const avatarKeys = (userId: string) => ({
  large: `${userId}/avatar.webp`,
  small: `${userId}/avatar-256.webp`,
});

type AvatarDeps = Pick<AppDeps, "db" | "logger">;

/** Storage failures (a bucket that is down or refuses the credentials) are 502s with a plain message. */
async function withStorage<T>(deps: AvatarDeps, action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    deps.logger.error({ err: error, action }, "avatar storage failed");
    throw new AppError("UPSTREAM_FAILED", STORAGE_FAILED_MESSAGE);
  }
}

/** Removes the user's files other than `keep`; a failure only leaves a stray file, so it is logged. */
async function removeOtherFiles(deps: AvatarDeps, storage: AvatarStorage, userId: string, keep: string[]) {
  try {
    const stale = (await storage.list(`${userId}/`)).filter((key) => !keep.includes(key));
    if (stale.length) await storage.remove(stale);
  } catch (error) {
    deps.logger.warn({ err: error, userId }, "could not remove old avatar files");
  }
}

/**
 * Stores a new avatar (spec 3 §7): the bytes are checked and re-encoded (processAvatarImage), both
 * sizes are written over the user's previous files, the profile points at the new versioned URL
 * only once they are stored, and whatever else is in the user's folder is removed.
 */
export async function uploadAvatar(
  deps: AvatarDeps,
  storage: AvatarStorage,
  userId: string,
  bytes: Uint8Array,
): Promise<Avatar> {
  if (bytes.length === 0) throw new AppError("BAD_REQUEST", EMPTY_UPLOAD_MESSAGE);
  await consumeRateLimits(
    deps.db,
    [{ key: avatarRateLimitKey(userId), limit: AVATAR_UPLOADS_PER_HOUR, windowSeconds: 3600 }],
    (wait) => `Too many picture uploads. Please try again in ${wait}.`,
  );
  const image = await processAvatarImage(bytes);
  const keys = avatarKeys(userId);
  await withStorage(deps, "put", async () => {
    for (const [key, body] of [
      [keys.large, image.large],
      [keys.small, image.small],
    ] as const) {
      await storage.put({ key, body, contentType: "image/webp", cacheControl: IMMUTABLE });
    }
  });
  const avatarUrl = `${storage.publicUrl(keys.large)}?v=${image.version}`;
  await deps.db.update(profiles).set({ avatarUrl }).where(eq(profiles.userId, userId));
  await removeOtherFiles(deps, storage, userId, [keys.large, keys.small]);
  return { avatarUrl };
}

/**
 * Removes the avatar: the profile stops pointing at it first (so it never points at a missing file),
 * then every file in the user's folder goes.
 */
export async function removeAvatar(
  deps: AvatarDeps,
  storage: AvatarStorage,
  userId: string,
): Promise<Avatar> {
  await deps.db.update(profiles).set({ avatarUrl: null }).where(eq(profiles.userId, userId));
  await withStorage(deps, "remove", async () => {
    const keys = await storage.list(`${userId}/`);
    if (keys.length) await storage.remove(keys);
  });
  return { avatarUrl: null };
}
