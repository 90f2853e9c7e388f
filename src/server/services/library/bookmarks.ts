import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { BookmarkPage, BookmarkState } from "../../../domain/contract/library.ts";
import type { AppDeps } from "../../context.ts";
import { FOREIGN_KEY_VIOLATION, sqlState } from "../../db/errors.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { userBookmarks } from "../../db/schema/learning.ts";
import { notFound } from "../../lib/errors.ts";
import { EPISODE_NOT_FOUND } from "../catalog/episodes.ts";
import { decodeCursor, encodeCursor, libraryEpisodeColumns, toLibraryEpisode } from "./shared.ts";

/**
 * Bookmarks (spec 2 §4 Bookmark toggles on and off; §7 user_bookmarks: select by user and episode,
 * insert, delete by both). Every statement is scoped to the signed-in user.
 */

type Deps = Pick<AppDeps, "db">;

/** Microsecond-exact, so a page boundary never skips or repeats a bookmark. */
const cursorAt = sql<string>`to_char(${userBookmarks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The user's bookmarks, newest first, a page at a time. */
export async function listBookmarks(
  deps: Deps,
  userId: string,
  input: { limit: number; cursor?: string | undefined },
): Promise<BookmarkPage> {
  const cursor = decodeCursor(input.cursor);
  const rows = await deps.db
    .select({
      ...libraryEpisodeColumns,
      bookmarkId: userBookmarks.id,
      bookmarkedAt: userBookmarks.createdAt,
      cursorAt,
    })
    .from(userBookmarks)
    .innerJoin(episodes, eq(episodes.id, userBookmarks.episodeId))
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(
      and(
        eq(userBookmarks.userId, userId),
        cursor
          ? or(
              lt(userBookmarks.createdAt, sql`${cursor.at}::timestamptz`),
              and(
                eq(userBookmarks.createdAt, sql`${cursor.at}::timestamptz`),
                lt(userBookmarks.id, cursor.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(userBookmarks.createdAt), desc(userBookmarks.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      bookmarkedAt: row.bookmarkedAt.toISOString(),
      episode: toLibraryEpisode(row),
    })),
    nextCursor:
      rows.length > input.limit && last ? encodeCursor({ at: last.cursorAt, id: last.bookmarkId }) : null,
  };
}

export async function getBookmarkState(
  deps: Deps,
  userId: string,
  episodeId: string,
): Promise<BookmarkState> {
  const [row] = await deps.db
    .select({ createdAt: userBookmarks.createdAt })
    .from(userBookmarks)
    .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.episodeId, episodeId)))
    .limit(1);
  return { bookmarked: Boolean(row), bookmarkedAt: row?.createdAt.toISOString() ?? null };
}

/** Idempotent: bookmarking twice keeps the first bookmark (the unique key decides, not a select). */
export async function addBookmark(deps: Deps, userId: string, episodeId: string): Promise<BookmarkState> {
  try {
    await deps.db.insert(userBookmarks).values({ userId, episodeId }).onConflictDoNothing();
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(EPISODE_NOT_FOUND);
    throw error;
  }
  return getBookmarkState(deps, userId, episodeId);
}

/** Idempotent: removing a bookmark that is not there succeeds. */
export async function removeBookmark(deps: Deps, userId: string, episodeId: string): Promise<BookmarkState> {
  await deps.db
    .delete(userBookmarks)
    .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.episodeId, episodeId)));
  return { bookmarked: false, bookmarkedAt: null };
}
