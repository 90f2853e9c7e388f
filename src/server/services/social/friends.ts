import { sql } from "drizzle-orm";
import type {
  FollowStatusBody,
  FriendRelation,
  FriendRequests,
  FriendSearch,
  Friends,
} from "../../../domain/contract/social.ts";
import {
  FRIEND_REQUESTS_LIMIT,
  FRIEND_SEARCH_LIMIT,
  FRIENDS_LIST_LIMIT,
  socialNotices,
} from "../../../domain/social.ts";
import type { AppDeps } from "../../context.ts";
import type { Tx } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { onFriendshipAccepted } from "./friendship-hooks.ts";
import {
  insertFriendship,
  lockPair,
  normalizeUserId,
  type SocialUserRow,
  socialUserColumns,
  toSocialUser,
} from "./shared.ts";

/**
 * Friends and friend requests (spec 3 §2 Friends, §4, §7; decision 020). A request is a pending row
 * from the requester; friends are two accepted rows, one each way. Every write between two users
 * first takes their pair lock (shared.ts), so concurrent requests, accepts and removals between the
 * same two people run one after another.
 */

type Deps = Pick<AppDeps, "db">;

const toIso = (value: Date | string) => new Date(value).toISOString();

/** Escapes LIKE's wildcards so the search text matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Players whose name or handle contains the text, case-insensitively (the trigram indexes on
 * profiles serve `ilike '%…%'`); never the viewer; empty text finds nobody.
 */
export async function searchPlayers(deps: Deps, viewerId: string, rawText: string): Promise<FriendSearch> {
  const text = rawText.trim();
  if (!text) return { items: [] };
  const pattern = likePattern(text);
  const result = await deps.db.execute<SocialUserRow & { outgoing: string | null; incoming: string | null }>(
    sql`
    select ${socialUserColumns}, o.status as outgoing, i.status as incoming
    from profiles p
    left join user_follows o on o.follower_id = ${viewerId} and o.following_id = p.user_id
    left join user_follows i on i.follower_id = p.user_id and i.following_id = ${viewerId}
    where p.user_id <> ${viewerId} and (p.name ilike ${pattern} or p.handle ilike ${pattern})
    order by (lower(p.handle) = lower(${text})) is true desc, (lower(p.name) = lower(${text})) is true desc,
      p.name nulls last, p.user_id
    limit ${FRIEND_SEARCH_LIMIT}`,
  );
  return {
    items: result.rows.map((row) => ({
      user: toSocialUser(row),
      relation: relationOf(row.outgoing, row.incoming),
    })),
  };
}

function relationOf(outgoing: string | null, incoming: string | null): FriendRelation {
  if (outgoing === "accepted") return "friends";
  if (outgoing === "pending") return "requested";
  if (incoming === "pending") return "incoming";
  return "none";
}

/** Accepted friends, newest first; the count covers all of them. */
export async function listFriends(deps: Deps, viewerId: string): Promise<Friends> {
  // user_follows_pair_key serves follower_id = viewer.
  const result = await deps.db.execute<SocialUserRow & { since: Date | string; total: number }>(sql`
    select ${socialUserColumns}, f.accepted_at as since, count(*) over ()::int as total
    from user_follows f
    join profiles p on p.user_id = f.following_id
    where f.follower_id = ${viewerId} and f.status = 'accepted'
    order by f.accepted_at desc, f.id
    limit ${FRIENDS_LIST_LIMIT}`);
  return {
    count: Number(result.rows[0]?.total ?? 0),
    items: result.rows.map((row) => ({ user: toSocialUser(row), since: toIso(row.since) })),
  };
}

/** Pending requests to the viewer and from the viewer, newest first. */
export async function listFriendRequests(deps: Deps, viewerId: string): Promise<FriendRequests> {
  // user_follows_following_status_idx serves the incoming side, user_follows_pair_key the outgoing.
  const [incoming, outgoing] = await Promise.all([
    deps.db.execute<SocialUserRow & { requested_at: Date | string; total: number }>(sql`
      select ${socialUserColumns}, f.created_at as requested_at, count(*) over ()::int as total
      from user_follows f
      join profiles p on p.user_id = f.follower_id
      where f.following_id = ${viewerId} and f.status = 'pending'
      order by f.created_at desc, f.id
      limit ${FRIEND_REQUESTS_LIMIT}`),
    deps.db.execute<SocialUserRow & { requested_at: Date | string }>(sql`
      select ${socialUserColumns}, f.created_at as requested_at
      from user_follows f
      join profiles p on p.user_id = f.following_id
      where f.follower_id = ${viewerId} and f.status = 'pending'
      order by f.created_at desc, f.id
      limit ${FRIEND_REQUESTS_LIMIT}`),
  ]);
  const toItem = (row: SocialUserRow & { requested_at: Date | string }) => ({
    user: toSocialUser(row),
    requestedAt: toIso(row.requested_at),
  });
  return {
    incomingCount: Number(incoming.rows[0]?.total ?? 0),
    incoming: incoming.rows.map(toItem),
    outgoing: outgoing.rows.map(toItem),
  };
}

type PairRows = { outgoing: string | null; incoming: string | null };

async function readPair(tx: Tx, userId: string, otherUserId: string): Promise<PairRows> {
  const result = await tx.execute<{ follower_id: string; status: string }>(sql`
    select follower_id, status from user_follows
    where (follower_id = ${userId} and following_id = ${otherUserId})
       or (follower_id = ${otherUserId} and following_id = ${userId})`);
  return {
    outgoing: result.rows.find((row) => row.follower_id === userId)?.status ?? null,
    incoming: result.rows.find((row) => row.follower_id === otherUserId)?.status ?? null,
  };
}

/**
 * Sends a friend request. When the other user has already asked the viewer, this accepts theirs
 * instead (both end as friends), so two people asking each other at once never leave two pending
 * rows: the pair lock makes the second request see the first.
 */
export async function sendFriendRequest(
  deps: Deps,
  viewerId: string,
  rawTargetId: string,
): Promise<{ body: FollowStatusBody; isCreated: boolean }> {
  const targetId = normalizeUserId(rawTargetId);
  if (targetId === viewerId) throw new AppError("BAD_REQUEST", socialNotices.selfRequest);
  return deps.db.transaction(async (tx) => {
    const exists = await tx.execute(sql`select 1 from profiles where user_id = ${targetId}`);
    if (exists.rows.length === 0) throw notFound(socialNotices.userNotFound);
    await lockPair(tx, viewerId, targetId);
    const pair = await readPair(tx, viewerId, targetId);
    if (pair.outgoing === "accepted") throw new AppError("CONFLICT", socialNotices.alreadyFriends);
    if (pair.outgoing === "pending") throw new AppError("CONFLICT", socialNotices.alreadyPending);
    if (pair.incoming) {
      await insertFriendship(tx, viewerId, targetId);
      await onFriendshipAccepted(tx, { userId: viewerId, friendUserId: targetId, via: "request" });
      return { body: { userId: targetId, status: "accepted" }, isCreated: false };
    }
    await tx.execute(sql`
      insert into user_follows (follower_id, following_id, status) values (${viewerId}, ${targetId}, 'pending')`);
    return { body: { userId: targetId, status: "pending" }, isCreated: true };
  });
}

/** Accepts a pending request from `requesterId` to the viewer; only its recipient can (404 otherwise). */
export async function acceptFriendRequest(
  deps: Deps,
  viewerId: string,
  rawRequesterId: string,
): Promise<FollowStatusBody> {
  const requesterId = normalizeUserId(rawRequesterId);
  return deps.db.transaction(async (tx) => {
    await lockPair(tx, viewerId, requesterId);
    const pair = await readPair(tx, viewerId, requesterId);
    if (pair.incoming !== "pending") throw notFound(socialNotices.requestNotFound);
    await insertFriendship(tx, viewerId, requesterId);
    await onFriendshipAccepted(tx, { userId: viewerId, friendUserId: requesterId, via: "request" });
    return { userId: requesterId, status: "accepted" };
  });
}

/** Declines (deletes) a pending request from `requesterId` to the viewer; only its recipient can. */
export async function declineFriendRequest(
  deps: Deps,
  viewerId: string,
  rawRequesterId: string,
): Promise<void> {
  const requesterId = normalizeUserId(rawRequesterId);
  await deps.db.transaction(async (tx) => {
    await lockPair(tx, viewerId, requesterId);
    const result = await tx.execute(sql`
      delete from user_follows
      where follower_id = ${requesterId} and following_id = ${viewerId} and status = 'pending'
      returning id`);
    if (result.rows.length === 0) throw notFound(socialNotices.requestNotFound);
  });
}

/**
 * Unfriends, or withdraws the viewer's own pending request. Unfriending deletes both rows: a
 * friendship is the pair, and a one-way accepted row left behind would be a follow the product has no
 * screen for. A pending request the other user sent stays theirs to withdraw (decline it instead).
 */
export async function removeFriend(deps: Deps, viewerId: string, rawOtherId: string): Promise<void> {
  const otherId = normalizeUserId(rawOtherId);
  await deps.db.transaction(async (tx) => {
    await lockPair(tx, viewerId, otherId);
    const result = await tx.execute(sql`
      delete from user_follows
      where (follower_id = ${viewerId} and following_id = ${otherId})
         or (follower_id = ${otherId} and following_id = ${viewerId} and status = 'accepted')
      returning id`);
    if (result.rows.length === 0) throw notFound(socialNotices.notFriends);
  });
}
