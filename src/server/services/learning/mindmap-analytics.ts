import { sql } from "drizzle-orm";
import {
  type MindmapAnalyticsSummary,
  type MindmapSessionEvent,
  mindmapViewTypes,
} from "../../../domain/contract/mindmap.ts";
import { mindmapAbWinner } from "../../../domain/mindmap.ts";
import type { Database } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";

/**
 * Mind-map analytics (spec 2 §3 mindmap_analytics insert; spec 3 §3, §4, §7; decision 024): the
 * session events the screen sends, and the admin lab's A/B summary of the last 30 days.
 */

/** Session events one client may send per hour: a view switch or page hide each sends one. */
export const MINDMAP_EVENTS_PER_HOUR = 120;
/** The admin summary's window (spec 3 §7: select since 30 days ago). */
export const MINDMAP_ANALYTICS_DAYS = 30;

/** Who sent the event: the session's user, else only the address (for the rate limit, not stored). */
export type MindmapEventSender = { userId: string | null; ip: string | null };

/**
 * Stores one `mindmap_session_duration` row with the spec's snake_case metadata. The user is the
 * session's (null when signed out), never the body's. 404 when the episode does not exist.
 */
export async function recordMindmapSession(
  db: Database,
  event: MindmapSessionEvent,
  sender: MindmapEventSender,
): Promise<void> {
  const client = sender.userId ? `user:${sender.userId}` : `ip:${sender.ip ?? "unknown"}`;
  await consumeRateLimits(
    db,
    [{ key: `mindmap-events:${client}`, limit: MINDMAP_EVENTS_PER_HOUR, windowSeconds: 60 * 60 }],
    (wait) => `Too many mind map session reports from you. Please wait ${wait} before sending more.`,
  );
  const metadata = {
    duration_seconds: event.durationSeconds,
    nodes_explored: event.nodesExplored,
    timestamps_clicked: event.timestampsClicked,
  };
  // One statement: the episode check and the insert cannot race a deleted episode into a 500.
  const result = await db.execute(sql`
    insert into mindmap_analytics (user_id, episode_id, event_type, view_type, metadata)
    select ${sender.userId}::uuid, e.id, 'mindmap_session_duration', ${event.viewType}, ${JSON.stringify(metadata)}::jsonb
    from episodes e where e.id = ${event.episodeId}`);
  if (!result.rowCount) throw notFound("There is no episode with this id.");
}

type ViewRow = {
  since: Date | string;
  view_type: (typeof mindmapViewTypes)[number];
  sessions: number;
  average_duration_seconds: number;
  average_nodes_explored: number;
  average_timestamps_clicked: number;
};

/**
 * The A/B summary: per view type (all three, zeros when a type has no sessions) the sessions of the
 * last 30 days and their average duration, nodes explored and timestamps clicked (2 decimals), and
 * the winner by spec 3 §4. One aggregate over mindmap_analytics_event_created_idx; a metadata value
 * that is not a number (a row written by hand) counts as missing, not as an error.
 */
export async function getMindmapAnalyticsSummary(db: Database): Promise<MindmapAnalyticsSummary> {
  const number = (key: string) =>
    sql`case when jsonb_typeof(a.metadata -> ${key}) = 'number' then (a.metadata ->> ${key})::numeric end`;
  const average = (key: string) => sql`round(coalesce(avg(${number(key)}), 0), 2)::float8`;
  const { rows } = await db.execute<ViewRow>(sql`
    with bounds as (select now() - make_interval(days => ${MINDMAP_ANALYTICS_DAYS}) as since),
    stats as (
      select a.view_type, count(*)::int as sessions,
        ${average("duration_seconds")} as average_duration_seconds,
        ${average("nodes_explored")} as average_nodes_explored,
        ${average("timestamps_clicked")} as average_timestamps_clicked
      from mindmap_analytics a, bounds b
      where a.event_type = 'mindmap_session_duration' and a.created_at >= b.since
      group by a.view_type
    )
    select b.since, v.view_type,
      coalesce(s.sessions, 0) as sessions,
      coalesce(s.average_duration_seconds, 0) as average_duration_seconds,
      coalesce(s.average_nodes_explored, 0) as average_nodes_explored,
      coalesce(s.average_timestamps_clicked, 0) as average_timestamps_clicked
    from bounds b
    cross join unnest(array[${sql.join(
      mindmapViewTypes.map((viewType) => sql`${viewType}`),
      sql`, `,
    )}]::text[]) with ordinality as v(view_type, ord)
    left join stats s on s.view_type = v.view_type
    order by v.ord`);
  const views = rows.map((row) => ({
    viewType: row.view_type,
    sessions: Number(row.sessions),
    averageDurationSeconds: Number(row.average_duration_seconds),
    averageNodesExplored: Number(row.average_nodes_explored),
    averageTimestampsClicked: Number(row.average_timestamps_clicked),
  }));
  const stats = (viewType: string) =>
    views.find((view) => view.viewType === viewType) ?? {
      sessions: 0,
      averageDurationSeconds: 0,
      averageNodesExplored: 0,
    };
  const since = rows[0]?.since ?? new Date();
  return {
    since: new Date(since).toISOString(),
    views,
    winner: mindmapAbWinner(stats("tree"), stats("radial")),
  };
}
