import { eq } from "drizzle-orm";
import type { ProfileSummary } from "../../../domain/contract/profile.ts";
import { profileNotices, type UpdateProfileValues } from "../../../domain/profile.ts";
import type { AppDeps } from "../../context.ts";
import { sqlState, UNIQUE_VIOLATION } from "../../db/errors.ts";
import { profiles } from "../../db/schema/account.ts";
import { AppError } from "../../lib/errors.ts";
import { getProfileSummary } from "./profiles.ts";

type Deps = Pick<AppDeps, "db">;

/**
 * Saves the display name, and the handle and pasted avatar URL when sent (the schema has already
 * trimmed, normalised and checked them). A handle someone else holds — in any letter case — is
 * refused by the unique index profiles_handle_lower_key, never by a select first, so two users
 * racing for the same handle get one 200 and one 409.
 */
export async function updateProfile(
  deps: Deps,
  userId: string,
  values: UpdateProfileValues,
): Promise<ProfileSummary> {
  const changes: Partial<typeof profiles.$inferInsert> = { name: values.name };
  if (values.handle !== undefined) changes.handle = values.handle;
  if (values.avatarUrl !== undefined) changes.avatarUrl = values.avatarUrl;
  try {
    await deps.db.update(profiles).set(changes).where(eq(profiles.userId, userId));
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw new AppError("CONFLICT", profileNotices.handleTaken, { handle: profileNotices.handleTaken });
    throw error;
  }
  return getProfileSummary(deps, userId, userId);
}
