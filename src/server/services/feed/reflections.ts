import { and, eq, sql } from "drizzle-orm";
import type { Reflection, ReflectionPage } from "../../../domain/contract/feed.ts";
import { feedNotices, REFLECTION_RATE } from "../../../domain/feed-constants.ts";
import type { AppDeps } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { profiles, userRoles } from "../../db/schema/account.ts";
import { postReflections, posts } from "../../db/schema/feed.ts";
import { decodePageCursor, encodePageCursor } from "../../lib/cursor.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";
import { isVisiblePost } from "./posts.ts";

/**
 * Reflections on a post (spec 3 §2, §5, §6, §7 post_reflections). Rules:
 * - anyone may read the reflections of a visible post, newest first; only signed-in users post;
 * - content is plain text, trimmed, 10 to 500 characters (the schema and a CHECK both hold it);
 * - a user posts at most REFLECTION_RATE.limit reflections per window, across all posts;
 * - the author or an admin deletes a reflection; anyone else gets 403.
 */

type Deps = Pick<AppDeps, "db">;

async function findVisiblePostId(db: Database, slug: string): Promise<string> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), isVisiblePost))
    .limit(1);
  if (!row) throw notFound(feedNotices.postNotFound);
  return row.id;
}

async function isAdmin(db: Database, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

const reflectionColumns = {
  id: postReflections.id,
  content: postReflections.content,
  createdAt: postReflections.createdAt,
  userId: postReflections.userId,
  name: profiles.name,
  handle: profiles.handle,
  avatarUrl: profiles.avatarUrl,
};

type ReflectionRow = {
  id: string;
  content: string;
  createdAt: Date;
  userId: string;
  name: string | null;
  handle: string | null;
  avatarUrl: string | null;
};

const toReflection = (row: ReflectionRow, viewerId: string | null, isViewerAdmin: boolean): Reflection => ({
  id: row.id,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  author: { userId: row.userId, name: row.name, handle: row.handle, avatarUrl: row.avatarUrl },
  canDelete: isViewerAdmin || row.userId === viewerId,
});

/** A visible post's reflections, newest first, with their authors (post_reflections_post_created_idx). */
export async function listReflections(
  deps: Deps,
  slug: string,
  viewerId: string | null,
  input: { limit: number; cursor?: string | undefined },
): Promise<ReflectionPage> {
  const cursor = decodePageCursor(input.cursor);
  const [postId, isViewerAdmin] = await Promise.all([
    findVisiblePostId(deps.db, slug),
    isAdmin(deps.db, viewerId),
  ]);
  const after = cursor
    ? sql`(${postReflections.createdAt}, ${postReflections.id}) < (${new Date(cursor.at)}, ${cursor.id})`
    : undefined;
  const rows = await deps.db
    .select(reflectionColumns)
    .from(postReflections)
    .leftJoin(profiles, eq(profiles.userId, postReflections.userId))
    .where(and(eq(postReflections.postId, postId), after))
    .orderBy(sql`${postReflections.createdAt} desc`, sql`${postReflections.id} desc`)
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toReflection(row, viewerId, isViewerAdmin)),
    nextCursor:
      rows.length > input.limit && last
        ? encodePageCursor({ at: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}

export async function createReflection(
  deps: Deps,
  slug: string,
  userId: string,
  content: string,
): Promise<Reflection> {
  const postId = await findVisiblePostId(deps.db, slug);
  await consumeRateLimits(
    deps.db,
    [{ key: `reflection:${userId}`, ...REFLECTION_RATE }],
    feedNotices.reflectionRateLimited,
  );
  const [inserted] = await deps.db
    .insert(postReflections)
    .values({ postId, userId, content })
    .returning({ id: postReflections.id });
  if (!inserted) throw new Error("insert returned no row");
  const [row] = await deps.db
    .select(reflectionColumns)
    .from(postReflections)
    .leftJoin(profiles, eq(profiles.userId, postReflections.userId))
    .where(eq(postReflections.id, inserted.id));
  if (!row) throw new AppError("INTERNAL", "The reflection was saved but could not be read back.");
  return toReflection(row, userId, false);
}

/** Deletes a reflection when the viewer wrote it or is an admin. */
export async function deleteReflection(deps: Deps, reflectionId: string, userId: string): Promise<void> {
  const [row] = await deps.db
    .select({ userId: postReflections.userId })
    .from(postReflections)
    .where(eq(postReflections.id, reflectionId))
    .limit(1);
  if (!row) throw notFound(feedNotices.reflectionNotFound);
  if (row.userId !== userId && !(await isAdmin(deps.db, userId)))
    throw forbidden(feedNotices.notYourReflection);
  await deps.db.delete(postReflections).where(eq(postReflections.id, reflectionId));
}
