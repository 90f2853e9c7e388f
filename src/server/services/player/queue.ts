import { sql } from "drizzle-orm";
import type { PlayableEpisode, Queue } from "../../../domain/contract/player.ts";
import type { AppDeps } from "../../context.ts";

/**
 * The signed-in listener's queue, kept on the server so it follows them across devices. The
 * client sends the whole ordered list of episode ids and the queue index; the server replaces the
 * stored list in one transaction. Episodes that do not exist (or no longer exist) are left out and
 * the index is moved the way the player moves it when an item is removed.
 */

type Deps = Pick<AppDeps, "db">;
type Row = Record<string, unknown>;

function toPlayable(row: Row): PlayableEpisode {
  return {
    id: String(row.id),
    title: String(row.title),
    audioUrl: (row.audio_url as string | null) || null,
    imageUrl: (row.image_url as string | null) || (row.cover_url as string | null) || null,
    podcastId: (row.podcast_id as string | null) ?? null,
    podcastName: (row.podcast_name as string | null) ?? null,
    duration: row.duration === null || row.duration === undefined ? null : Number(row.duration),
  };
}

/**
 * The stored index points at a stored position. If items before it are gone it moves up with its
 * item; if its own item is gone it steps back, so "next" is the item that followed it.
 */
function survivingIndex(positions: number[], storedIndex: number): number {
  if (storedIndex < 0) return -1;
  const before = positions.filter((position) => position < storedIndex).length;
  return positions.includes(storedIndex) ? before : before - 1;
}

export async function getQueue(deps: Deps, userId: string): Promise<Queue> {
  const [items, settings] = await Promise.all([
    deps.db.execute<Row>(
      sql`select q.position, e.id, e.title, e.audio_url, e.image_url, e.duration, e.podcast_id,
                 p.name as podcast_name, p.cover_url
          from player_queue_items q
          join episodes e on e.id = q.episode_id
          join podcasts p on p.id = e.podcast_id
          where q.user_id = ${userId}
          order by q.position`,
    ),
    deps.db.execute<Row>(sql`select queue_index from player_settings where user_id = ${userId}`),
  ]);
  const storedIndex = Number(settings.rows[0]?.queue_index ?? -1);
  return {
    items: items.rows.map(toPlayable),
    index: survivingIndex(
      items.rows.map((row) => Number(row.position)),
      storedIndex,
    ),
  };
}

/**
 * Replaces the queue. The settings row is upserted first: its row lock serialises concurrent
 * replacements for one user, so two devices saving at once cannot interleave their deletes and
 * inserts (the later one wins whole).
 */
export async function replaceQueue(
  deps: Deps,
  userId: string,
  input: { episodeIds: string[]; index: number },
): Promise<Queue> {
  const ids = JSON.stringify(input.episodeIds);
  const requestedIndex = Math.min(input.index, input.episodeIds.length - 1);
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into player_settings (user_id) values (${userId})
          on conflict (user_id) do update set queue_index = player_settings.queue_index`,
    );
    await tx.execute(sql`delete from player_queue_items where user_id = ${userId}`);
    const { rows } = await tx.execute<Row>(
      sql`with input as (
            select v.id::uuid as episode_id, v.ordinality - 1 as at
            from jsonb_array_elements_text(${ids}::jsonb) with ordinality as v(id, ordinality)
          ), kept as (
            select i.at, i.episode_id, (row_number() over (order by i.at))::integer - 1 as position
            from input i join episodes e on e.id = i.episode_id
          ), inserted as (
            insert into player_queue_items (user_id, position, episode_id)
            select ${userId}, position, episode_id from kept
          )
          select at from kept order by at`,
    );
    // The index counts over the list as sent; map it onto the items kept.
    const index = survivingIndex(
      rows.map((row) => Number(row.at)),
      requestedIndex,
    );
    await tx.execute(sql`update player_settings set queue_index = ${index} where user_id = ${userId}`);
  });
  return getQueue(deps, userId);
}
