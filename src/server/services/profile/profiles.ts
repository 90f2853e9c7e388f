import { desc, eq, sql } from "drizzle-orm";
import type {
  ProfileFollowing,
  ProfileHistory,
  ProfileLists,
  ProfileSaved,
  ProfileSummary,
} from "../../../domain/contract/profile.ts";
import { profileAccuracy, profileNotices, profilePoints } from "../../../domain/profile.ts";
import type { AppDeps } from "../../context.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { playHistory } from "../../db/schema/player.ts";
import { notFound } from "../../lib/errors.ts";
import { listFollowedPodcasts } from "../catalog/subscriptions.ts";
import { listBookmarks } from "../library/bookmarks.ts";
import { listRecentLists } from "../library/lists.ts";
import { libraryEpisodeColumns, toLibraryEpisode } from "../library/shared.ts";

/**
 * A profile as a signed-in viewer sees it (spec 3 §2 Profile, §7, §9; decision 016). The owner sees
 * everything; anyone else sees the header without the saved count, and public lists. Saved, history
 * and following of another user are a 404, so the API cannot be asked for them at all.
 */

type Deps = Pick<AppDeps, "db">;

/** Spec 3 §9: the tabs show 6 saved, 6 lists, 5 history, 6 followed podcasts. */
export const PROFILE_TAB_LIMITS = { saved: 6, lists: 6, history: 5, following: 6 } as const;

const profileNotFound = () => notFound(profileNotices.profileNotFound);

/** A uuid may arrive in capitals; the session's id is lowercase. */
const isSameUser = (viewerId: string, userId: string) => viewerId.toLowerCase() === userId.toLowerCase();

/** One statement: the profile row, its answer totals, and (own profile only) the bookmark count. */
export async function getProfileSummary(
  deps: Deps,
  viewerId: string,
  userId: string,
): Promise<ProfileSummary> {
  const isSelf = isSameUser(viewerId, userId);
  const result = await deps.db.execute<{
    user_id: string;
    name: string | null;
    handle: string | null;
    avatar_url: string | null;
    level: number;
    xp: number;
    answer_count: number;
    correct_count: number;
    saved_count: number | null;
  }>(sql`
    select p.user_id, p.name, p.handle, p.avatar_url, p.level, p.xp,
      a.answer_count, a.correct_count,
      case when ${isSelf}
        then (select count(*)::int from user_bookmarks b where b.user_id = p.user_id)
      end as saved_count
    from profiles p
    cross join lateral (
      select count(*)::int as answer_count, (count(*) filter (where ua.is_correct))::int as correct_count
      from user_answers ua where ua.user_id = p.user_id
    ) a
    where p.user_id = ${userId}`);
  const row = result.rows[0];
  if (!row) throw profileNotFound();
  const answerCount = Number(row.answer_count);
  const correctCount = Number(row.correct_count);
  return {
    userId: row.user_id,
    name: row.name,
    handle: row.handle,
    avatarUrl: row.avatar_url,
    level: Number(row.level),
    xp: Number(row.xp),
    points: profilePoints(correctCount),
    answerCount,
    accuracy: profileAccuracy(correctCount, answerCount),
    savedCount: isSelf ? Number(row.saved_count ?? 0) : null,
    isSelf,
  };
}

/** Private tabs exist only for their owner: everyone else gets the same 404 as for a missing page. */
function requireSelf(viewerId: string, userId: string, message: string): void {
  if (!isSameUser(viewerId, userId)) throw notFound(message);
}

export async function getProfileSaved(deps: Deps, viewerId: string, userId: string): Promise<ProfileSaved> {
  requireSelf(viewerId, userId, profileNotices.savedPrivate);
  const page = await listBookmarks(deps, viewerId, { limit: PROFILE_TAB_LIMITS.saved });
  return { items: page.items };
}

export async function getProfileFollowing(
  deps: Deps,
  viewerId: string,
  userId: string,
): Promise<ProfileFollowing> {
  requireSelf(viewerId, userId, profileNotices.followingPrivate);
  const page = await listFollowedPodcasts(deps, viewerId, { limit: PROFILE_TAB_LIMITS.following });
  return { items: page.items };
}

export async function getProfileHistory(
  deps: Deps,
  viewerId: string,
  userId: string,
): Promise<ProfileHistory> {
  requireSelf(viewerId, userId, profileNotices.historyPrivate);
  // play_history_user_last_played_idx: the user's rows, newest first.
  const rows = await deps.db
    .select({
      ...libraryEpisodeColumns,
      playedAt: playHistory.lastPlayedAt,
      progressSeconds: playHistory.progressSeconds,
    })
    .from(playHistory)
    .innerJoin(episodes, eq(episodes.id, playHistory.episodeId))
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(eq(playHistory.userId, viewerId))
    .orderBy(desc(playHistory.lastPlayedAt), desc(playHistory.id))
    .limit(PROFILE_TAB_LIMITS.history);
  return {
    items: rows.map((row) => ({
      playedAt: row.playedAt.toISOString(),
      progressSeconds: row.progressSeconds,
      episode: toLibraryEpisode(row),
    })),
  };
}

/** The owner's lists, or another user's public ones; an unknown user is a 404, not an empty tab. */
export async function getProfileLists(deps: Deps, viewerId: string, userId: string): Promise<ProfileLists> {
  const isSelf = isSameUser(viewerId, userId);
  if (!isSelf) {
    const exists = await deps.db.execute(sql`select 1 from profiles where user_id = ${userId}`);
    if (exists.rows.length === 0) throw profileNotFound();
  }
  const items = await listRecentLists(deps, userId, {
    isPublicOnly: !isSelf,
    limit: PROFILE_TAB_LIMITS.lists,
  });
  return { items };
}
