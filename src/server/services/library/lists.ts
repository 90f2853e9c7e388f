import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { ListEpisodeAdded, ListSummary, ListView, MyLists } from "../../../domain/contract/library.ts";
import {
  ALREADY_IN_LIST_MESSAGE,
  type CreateListValues,
  LIST_EPISODES_MAX,
  libraryNotices,
} from "../../../domain/library.ts";
import type { AppDeps } from "../../context.ts";
import type { Database, Tx } from "../../db/client.ts";
import { FOREIGN_KEY_VIOLATION, sqlState, UNIQUE_VIOLATION } from "../../db/errors.ts";
import { profiles } from "../../db/schema/account.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { userListEpisodes, userLists } from "../../db/schema/learning.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { EPISODE_NOT_FOUND } from "../catalog/episodes.ts";
import { libraryEpisodeColumns, toLibraryEpisode } from "./shared.ts";

/**
 * Lists (spec 2 §2 Lists, §5, §7 user_lists / user_list_episodes). Rules:
 * - a private list exists only for its owner: everyone else (admins included) gets 404;
 * - a public list can be read by anyone with its link, but only its owner changes it (403);
 * - adding an episode twice is refused by the primary key (SQLSTATE 23505), never by a select first.
 */

type Deps = Pick<AppDeps, "db">;

/** My lists are few; this bounds the answer all the same. */
export const MY_LISTS_LIMIT = 500;

const listNotFound = () => notFound(libraryNotices.listNotFound);

const episodeCount = sql<number>`(select count(*)::int from ${userListEpisodes} where ${userListEpisodes.listId} = ${userLists.id})`;

const summaryColumns = {
  id: userLists.id,
  name: userLists.name,
  description: userLists.description,
  isPublic: userLists.isPublic,
  createdAt: userLists.createdAt,
  updatedAt: userLists.updatedAt,
  episodeCount,
};

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  episodeCount: number;
};

const toSummary = (row: SummaryRow): ListSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isPublic: row.isPublic,
  episodeCount: Number(row.episodeCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The user's lists, newest first, with episode counts; `containsEpisode` marks lists holding `episodeId`. */
export async function listMyLists(
  deps: Deps,
  userId: string,
  input: { episodeId?: string | undefined } = {},
): Promise<MyLists> {
  const contains = input.episodeId
    ? sql<boolean>`exists (select 1 from ${userListEpisodes} where ${userListEpisodes.listId} = ${userLists.id} and ${userListEpisodes.episodeId} = ${input.episodeId})`
    : sql<boolean>`false`;
  const rows = await deps.db
    .select({ ...summaryColumns, containsEpisode: contains })
    .from(userLists)
    .where(eq(userLists.userId, userId))
    .orderBy(desc(userLists.createdAt), desc(userLists.id))
    .limit(MY_LISTS_LIMIT);
  return { items: rows.map((row) => ({ ...toSummary(row), containsEpisode: Boolean(row.containsEpisode) })) };
}

export async function createList(deps: Deps, userId: string, values: CreateListValues): Promise<ListSummary> {
  const [row] = await deps.db
    .insert(userLists)
    .values({ userId, name: values.name, description: values.description, isPublic: values.isPublic })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toSummary({ ...row, episodeCount: 0 });
}

/**
 * The list for this viewer (null when signed out): private lists are a 404 to all but their owner,
 * so a guessed id reveals nothing.
 */
export async function getListView(deps: Deps, viewerId: string | null, listId: string): Promise<ListView> {
  const [row] = await deps.db
    .select({ ...summaryColumns, userId: userLists.userId, ownerName: profiles.name })
    .from(userLists)
    .leftJoin(profiles, eq(profiles.userId, userLists.userId))
    .where(eq(userLists.id, listId))
    .limit(1);
  const isOwner = Boolean(row && viewerId && row.userId === viewerId);
  if (!row || (!row.isPublic && !isOwner)) throw listNotFound();
  const entries = await deps.db
    .select({
      ...libraryEpisodeColumns,
      position: userListEpisodes.position,
      addedAt: userListEpisodes.addedAt,
    })
    .from(userListEpisodes)
    .innerJoin(episodes, eq(episodes.id, userListEpisodes.episodeId))
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(eq(userListEpisodes.listId, listId))
    .orderBy(asc(userListEpisodes.position), asc(userListEpisodes.addedAt), asc(userListEpisodes.episodeId));
  return {
    list: { ...toSummary(row), isOwner, ownerName: row.ownerName },
    episodes: entries.map((entry) => ({
      position: entry.position,
      addedAt: entry.addedAt.toISOString(),
      episode: toLibraryEpisode(entry),
    })),
  };
}

/**
 * The owner's list, locked for the rest of the transaction when `lock` is set. Someone else's
 * private list is a 404 (it does not exist for them); someone else's public list is a 403.
 */
async function ownedList(db: Database | Tx, userId: string, listId: string, lock = false) {
  const query = db
    .select({ id: userLists.id, userId: userLists.userId, isPublic: userLists.isPublic })
    .from(userLists)
    .where(eq(userLists.id, listId))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row || (row.userId !== userId && !row.isPublic)) throw listNotFound();
  if (row.userId !== userId) throw forbidden("Only the owner can change this list.");
  return row;
}

export async function updateList(
  deps: Deps,
  userId: string,
  listId: string,
  patch: {
    name?: string | undefined;
    description?: string | null | undefined;
    isPublic?: boolean | undefined;
  },
): Promise<ListSummary> {
  await ownedList(deps.db, userId, listId);
  const set: Partial<typeof userLists.$inferInsert> = {};
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.isPublic !== undefined) set.isPublic = patch.isPublic;
  if (Object.keys(set).length) {
    await deps.db
      .update(userLists)
      .set(set)
      .where(and(eq(userLists.id, listId), eq(userLists.userId, userId)));
  }
  const [row] = await deps.db.select(summaryColumns).from(userLists).where(eq(userLists.id, listId));
  if (!row) throw listNotFound();
  return toSummary(row);
}

/** Deletes the list and (by cascade) its entries. */
export async function deleteList(deps: Deps, userId: string, listId: string): Promise<void> {
  await ownedList(deps.db, userId, listId);
  await deps.db.delete(userLists).where(and(eq(userLists.id, listId), eq(userLists.userId, userId)));
}

/**
 * Appends an episode. The insert runs in a transaction that holds the list row (so positions of
 * concurrent appends stay in order); a duplicate raises 23505 from the primary key, which becomes
 * 409 'Already in list - This episode is already in that list'.
 */
export async function addEpisodeToList(
  deps: Deps,
  userId: string,
  listId: string,
  episodeId: string,
): Promise<ListEpisodeAdded> {
  try {
    return await deps.db.transaction(async (tx) => {
      await ownedList(tx, userId, listId, true);
      const [row] = await tx
        .insert(userListEpisodes)
        .values({
          listId,
          episodeId,
          position: sql`(select coalesce(max(${userListEpisodes.position}) + 1, 0) from ${userListEpisodes} where ${userListEpisodes.listId} = ${listId})`,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return {
        listId: row.listId,
        episodeId: row.episodeId,
        position: row.position,
        addedAt: row.addedAt.toISOString(),
      };
    });
  } catch (error) {
    const state = sqlState(error);
    if (state === UNIQUE_VIOLATION) throw new AppError("CONFLICT", ALREADY_IN_LIST_MESSAGE);
    if (state === FOREIGN_KEY_VIOLATION) throw notFound(EPISODE_NOT_FOUND);
    throw error;
  }
}

/** Idempotent: removing an episode that is not in the list succeeds. */
export async function removeEpisodeFromList(
  deps: Deps,
  userId: string,
  listId: string,
  episodeId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await ownedList(tx, userId, listId, true);
    await tx
      .delete(userListEpisodes)
      .where(and(eq(userListEpisodes.listId, listId), eq(userListEpisodes.episodeId, episodeId)));
  });
}

/**
 * Sets the order: `episodeIds` must be exactly the list's episodes, in the new order; positions
 * become 0..n-1. A stale order (the list changed meanwhile) is a 409 so nothing is half-applied.
 */
export async function reorderList(
  deps: Deps,
  userId: string,
  listId: string,
  episodeIds: string[],
): Promise<void> {
  const wanted = episodeIds.map((id) => id.toLowerCase());
  if (new Set(wanted).size !== wanted.length) {
    throw new AppError("VALIDATION", "Each episode can appear only once in the new order.", {
      episodeIds: "Each episode can appear only once.",
    });
  }
  if (wanted.length > LIST_EPISODES_MAX) throw new AppError("VALIDATION", "Too many episodes.");
  await deps.db.transaction(async (tx) => {
    await ownedList(tx, userId, listId, true);
    const current = await tx
      .select({ episodeId: userListEpisodes.episodeId })
      .from(userListEpisodes)
      .where(eq(userListEpisodes.listId, listId));
    const present = new Set(current.map((row) => row.episodeId));
    if (present.size !== wanted.length || wanted.some((id) => !present.has(id))) {
      throw new AppError("CONFLICT", "The list has changed since it was loaded. Reload it and try again.");
    }
    if (!wanted.length) return;
    await tx.execute(sql`
      update ${userListEpisodes} set position = ordered.ordinality - 1
      from unnest(${`{${wanted.join(",")}}`}::uuid[]) with ordinality as ordered(episode_id, ordinality)
      where ${userListEpisodes.listId} = ${listId} and ${userListEpisodes.episodeId} = ordered.episode_id`);
  });
}

/**
 * A user's most recently updated lists, with episode counts (the profile's Lists tab): all of them
 * for the owner, only the public ones for anyone else.
 */
export async function listRecentLists(
  deps: Deps,
  userId: string,
  input: { isPublicOnly: boolean; limit: number },
): Promise<ListSummary[]> {
  const rows = await deps.db
    .select(summaryColumns)
    .from(userLists)
    .where(and(eq(userLists.userId, userId), input.isPublicOnly ? eq(userLists.isPublic, true) : undefined))
    .orderBy(desc(userLists.updatedAt), desc(userLists.id))
    .limit(input.limit);
  return rows.map(toSummary);
}
