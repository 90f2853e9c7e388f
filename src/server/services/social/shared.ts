import { sql } from "drizzle-orm";
import type { SocialUser } from "../../../domain/contract/social.ts";
import type { Tx } from "../../db/client.ts";

/** Profile columns every social list selects, as `p.*` aliases for toSocialUser. */
export const socialUserColumns = sql.raw("p.user_id, p.name, p.handle, p.avatar_url, p.level, p.xp");

export type SocialUserRow = {
  user_id: string;
  name: string | null;
  handle: string | null;
  avatar_url: string | null;
  level: number;
  xp: number;
};

export function toSocialUser(row: SocialUserRow): SocialUser {
  return {
    userId: row.user_id,
    name: row.name,
    handle: row.handle,
    avatarUrl: row.avatar_url,
    level: Number(row.level),
    xp: Number(row.xp),
  };
}

/** A uuid may arrive in capitals; the session's id is lowercase. */
export const normalizeUserId = (userId: string) => userId.toLowerCase();

/**
 * Serialises every change to the follows between two users (either direction) for the rest of the
 * transaction: two people requesting each other at the same moment are handled one after the other,
 * so the second sees the first's pending row and accepts it instead of adding a second one.
 */
export async function lockPair(tx: Tx, userId: string, otherUserId: string): Promise<void> {
  const [first, second] = [userId, otherUserId].sort();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`follows:${first}:${second}`}, 0))`);
}

/**
 * Makes two users friends: both directed rows accepted. An existing pending row becomes accepted and
 * keeps its created_at; an accepted row keeps its accepted_at.
 */
export async function insertFriendship(tx: Tx, userId: string, otherUserId: string): Promise<Date> {
  const result = await tx.execute<{ accepted_at: Date | string }>(sql`
    insert into user_follows (follower_id, following_id, status, accepted_at)
    values (${userId}, ${otherUserId}, 'accepted', now()), (${otherUserId}, ${userId}, 'accepted', now())
    on conflict (follower_id, following_id) do update
      set status = 'accepted', accepted_at = coalesce(user_follows.accepted_at, excluded.accepted_at)
    returning accepted_at`);
  return new Date(result.rows[0]?.accepted_at ?? Date.now());
}
