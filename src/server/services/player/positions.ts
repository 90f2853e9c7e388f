import { sql } from "drizzle-orm";
import type { MergedPositions, Position } from "../../../domain/contract/player.ts";
import type { AppDeps } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";

/**
 * Playback positions (spec 1 §3, §7): one play_history row per user and episode, and the user's
 * single user_activity row. Every write is an atomic upsert (never select-then-insert), so any
 * number of concurrent saves for one user and episode leaves one row holding the last one.
 * Positions are whole seconds; progress_seconds only ever grows.
 */

type Deps = Pick<AppDeps, "db">;
type Row = Record<string, unknown>;

const toIso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const noSuchEpisode = () => notFound("There is no such episode.");

/** The user's saved position for an episode; 0 when they never played it. 404 for an unknown episode. */
export async function getPosition(deps: Deps, userId: string, episodeId: string): Promise<Position> {
  const { rows } = await deps.db.execute<Row>(
    sql`select e.id as episode_id, h.last_position_seconds, h.progress_seconds, h.last_played_at
        from episodes e
        left join play_history h on h.episode_id = e.id and h.user_id = ${userId}
        where e.id = ${episodeId}`,
  );
  const row = rows[0];
  if (!row) throw noSuchEpisode();
  return {
    episodeId,
    positionSeconds: Number(row.last_position_seconds ?? 0),
    progressSeconds: Number(row.progress_seconds ?? 0),
    lastPlayedAt: row.last_played_at ? toIso(row.last_played_at) : null,
  };
}

/**
 * Saves where the user is in an episode: one upsert into play_history (conflict on user and
 * episode; last_played_at = now) and one into user_activity (conflict on user), in one
 * transaction. The play_history upsert only inserts when the episode exists, so an unknown episode
 * writes nothing and answers 404. Concurrent saves for one user and episode wait for each other on
 * the row lock; the last to commit holds the row, with the latest last_played_at.
 */
export async function savePosition(
  deps: Deps,
  userId: string,
  episodeId: string,
  input: { positionSeconds: number; progressSeconds?: number | undefined },
): Promise<Position> {
  const position = Math.floor(input.positionSeconds);
  const progress = Math.max(position, Math.floor(input.progressSeconds ?? 0));
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Row>(
      sql`insert into play_history as h (user_id, episode_id, last_position_seconds, progress_seconds, last_played_at)
          select ${userId}, e.id, ${position}, ${progress}, clock_timestamp() from episodes e where e.id = ${episodeId}
          on conflict (user_id, episode_id) do update set
            last_position_seconds = excluded.last_position_seconds,
            progress_seconds = greatest(h.progress_seconds, excluded.progress_seconds),
            -- Read after the row lock is taken, so saves that wait for each other get increasing times.
            last_played_at = clock_timestamp()
          returning last_position_seconds, progress_seconds, last_played_at`,
    );
    const row = rows[0];
    if (!row) throw noSuchEpisode();
    await tx.execute(
      sql`insert into user_activity (user_id, last_episode_id, last_position_seconds)
          values (${userId}, ${episodeId}, ${position})
          on conflict (user_id) do update set
            last_episode_id = excluded.last_episode_id,
            last_position_seconds = excluded.last_position_seconds`,
    );
    return {
      episodeId,
      positionSeconds: Number(row.last_position_seconds),
      progressSeconds: Number(row.progress_seconds),
      lastPlayedAt: toIso(row.last_played_at),
    };
  });
}

export type LocalPositionInput = {
  episodeId: string;
  positionSeconds: number;
  progressSeconds?: number | undefined;
  playedAt: string;
};

/**
 * Merges positions kept in the browser while signed out into the account (at sign-in). Per
 * episode: the most recently played position wins, progress keeps the furthest of both, and a
 * played-at in the future counts as now. Unknown episodes are skipped; an episode listed twice
 * counts once (its most recent entry). One upsert into play_history, then user_activity is set
 * from the user's most recent play — both in one transaction.
 */
export async function mergePositions(
  deps: Deps,
  userId: string,
  positions: LocalPositionInput[],
): Promise<MergedPositions> {
  if (!positions.length) return { merged: 0, skipped: 0 };
  const items = JSON.stringify(
    positions.map((item) => {
      const position = Math.floor(item.positionSeconds);
      return {
        episode_id: item.episodeId,
        position,
        progress: Math.max(position, Math.floor(item.progressSeconds ?? 0)),
        played_at: item.playedAt,
      };
    }),
  );
  return deps.db.transaction(async (tx) => {
    // Two merges for one user (two tabs signing in) run one after the other; rows are then locked
    // in episode order, so a merge and concurrent saves cannot deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`positions-merge:${userId}`}, 0))`);
    const { rows } = await tx.execute<Row>(
      sql`with input as (
            select distinct on (v.episode_id) v.episode_id, v.position, v.progress,
                   least(v.played_at, now()) as played_at
            from jsonb_to_recordset(${items}::jsonb)
                 as v(episode_id uuid, position integer, progress integer, played_at timestamptz)
            order by v.episode_id, v.played_at desc, v.position desc
          )
          insert into play_history as h (user_id, episode_id, last_position_seconds, progress_seconds, last_played_at)
          select ${userId}, i.episode_id, i.position, i.progress, i.played_at
          from input i join episodes e on e.id = i.episode_id
          order by i.episode_id
          on conflict (user_id, episode_id) do update set
            last_position_seconds = case when excluded.last_played_at > h.last_played_at
              then excluded.last_position_seconds else h.last_position_seconds end,
            progress_seconds = greatest(h.progress_seconds, excluded.progress_seconds),
            last_played_at = greatest(h.last_played_at, excluded.last_played_at)
          returning episode_id`,
    );
    if (rows.length) {
      await tx.execute(
        sql`insert into user_activity (user_id, last_episode_id, last_position_seconds)
            select user_id, episode_id, last_position_seconds from play_history
            where user_id = ${userId} order by last_played_at desc limit 1
            on conflict (user_id) do update set
              last_episode_id = excluded.last_episode_id,
              last_position_seconds = excluded.last_position_seconds`,
      );
    }
    const distinct = new Set(positions.map((item) => item.episodeId.toLowerCase())).size;
    return { merged: rows.length, skipped: distinct - rows.length };
  });
}
