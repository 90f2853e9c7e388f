import { type SQL, sql } from "drizzle-orm";
import {
  ADMIN_MINDMAPS_PAGE,
  ADMIN_RECENT_EPISODES,
  type AdminOverview,
  type MindmapStatusPage,
} from "../../../domain/contract/admin.ts";
import type { Database } from "../../db/client.ts";
import { decodePageCursor, encodePageCursor } from "../../lib/cursor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";

/**
 * The admin lab's Overview and Mindmaps tabs (spec 3 §2 Admin lab, §7 episodes, §9): catalog counts,
 * the newest episodes, deleting an episode, and every episode's mind-map state.
 */

type CountRow = {
  podcasts: number;
  episodes: number;
  episodes_ready: number;
  questions: number;
  mindmaps: number;
  users: number;
};

type RecentRow = { id: string; title: string; podcast_name: string; ready: boolean; created_at: Date };

/** Counts (one statement of scalar subqueries) and the 20 newest episodes by created_at. */
export async function getAdminOverview(db: Database): Promise<AdminOverview> {
  const [counts, recent] = await Promise.all([
    db.execute<CountRow>(sql`
      select
        (select count(*)::int from podcasts) as podcasts,
        (select count(*)::int from episodes) as episodes,
        (select count(*)::int from episodes where ready) as episodes_ready,
        (select count(*)::int from questions) as questions,
        (select count(*)::int from episode_mindmaps) as mindmaps,
        (select count(*)::int from users) as users`),
    db.execute<RecentRow>(sql`
      select e.id, e.title, p.name as podcast_name, e.ready, e.created_at
      from episodes e join podcasts p on p.id = e.podcast_id
      order by e.created_at desc, e.id desc
      limit ${ADMIN_RECENT_EPISODES}`),
  ]);
  const row = counts.rows[0] as CountRow;
  return {
    counts: {
      podcasts: row.podcasts,
      episodes: row.episodes,
      episodesReady: row.episodes_ready,
      episodesPending: row.episodes - row.episodes_ready,
      questions: row.questions,
      mindmaps: row.mindmaps,
      users: row.users,
    },
    recentEpisodes: recent.rows.map((episode) => ({
      id: episode.id,
      title: episode.title,
      podcastName: episode.podcast_name,
      ready: episode.ready,
      createdAt: new Date(episode.created_at).toISOString(),
    })),
  };
}

/**
 * Deletes an episode and everything that belongs to it — questions (and with them answers, serves
 * and review cards), mind map, chats, bookmarks, list entries, play history, queue items — in one
 * transaction: every foreign key to episodes cascades, so one DELETE takes them all or, if any part
 * fails, none. XP already earned stays (the XP ledger keeps no episode). 404 when it does not exist.
 */
export async function deleteEpisode(deps: { db: Database; logger: Logger }, episodeId: string) {
  let deleted: number;
  try {
    deleted = await deps.db.transaction(async (tx) => {
      const result = await tx.execute(sql`delete from episodes where id = ${episodeId}`);
      return result.rowCount ?? 0;
    });
  } catch (error) {
    deps.logger.error({ err: error, episodeId }, "episode delete failed");
    throw new AppError("INTERNAL", "Failed to delete episode");
  }
  if (!deleted) throw notFound("There is no episode with this id.");
}

/** A timestamp as ISO text with microseconds, so a keyset cursor never skips rows within a millisecond. */
export const cursorAt = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type StatusRow = {
  id: string;
  title: string;
  podcast_title: string;
  pub_date: Date;
  has_mindmap: boolean;
  cursor_at: string;
};

/**
 * The Mindmaps tab: episodes newest first (keyset on pub_date, id over episodes_pub_date_idx) with
 * whether each has a mind map; `isMissingOnly` keeps the ones without. Counts come with every page.
 */
export async function listMindmapStatus(
  db: Database,
  input: { cursor?: string; isMissingOnly: boolean },
): Promise<MindmapStatusPage> {
  const cursor = decodePageCursor(input.cursor);
  const after = cursor
    ? sql`and (e.pub_date, e.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const missing = input.isMissingOnly ? sql`and m.episode_id is null` : sql``;
  const [page, counts] = await Promise.all([
    db.execute<StatusRow>(sql`
      select e.id, e.title, p.name as podcast_title, e.pub_date, (m.episode_id is not null) as has_mindmap,
        ${cursorAt(sql`e.pub_date`)} as cursor_at
      from episodes e
      join podcasts p on p.id = e.podcast_id
      left join episode_mindmaps m on m.episode_id = e.id
      where true ${after} ${missing}
      order by e.pub_date desc, e.id desc
      limit ${ADMIN_MINDMAPS_PAGE + 1}`),
    db.execute<{ total: number; missing: number }>(sql`
      select count(*)::int as total, count(*) filter (where m.episode_id is null)::int as missing
      from episodes e left join episode_mindmaps m on m.episode_id = e.id`),
  ]);
  const rows = page.rows.slice(0, ADMIN_MINDMAPS_PAGE);
  const last = rows.at(-1);
  const hasMore = page.rows.length > ADMIN_MINDMAPS_PAGE;
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      podcastTitle: row.podcast_title,
      pubDate: new Date(row.pub_date).toISOString(),
      hasMindmap: row.has_mindmap,
    })),
    nextCursor: hasMore && last ? encodePageCursor({ at: last.cursor_at, id: last.id }) : null,
    total: counts.rows[0]?.total ?? 0,
    missing: counts.rows[0]?.missing ?? 0,
  };
}
