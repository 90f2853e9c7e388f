import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { EpisodeInput, TimedSegment } from "../../ai/provider.ts";
import type { Database } from "../../db/client.ts";
import {
  episodeChapters,
  episodeGuests,
  episodeHosts,
  episodes,
  guests,
  hosts,
  podcasts,
} from "../../db/schema/catalog.ts";
import { notFound } from "../../lib/errors.ts";

/** Everything the learning engine reads about episodes: five queries for any number of them. */

export const EPISODE_NOT_FOUND = "Episode not found";

const toNumber = (value: unknown): number | null => {
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
};

/** Stored segments are jsonb written by older importers too: keep only well-formed ones. */
function toSegments(value: unknown): TimedSegment[] | null {
  if (!Array.isArray(value)) return null;
  const segments: TimedSegment[] = [];
  for (const item of value) {
    if (!item || typeof item !== "object") continue;
    const { start, end, text, speaker } = item as Record<string, unknown>;
    const from = toNumber(start);
    if (from === null || typeof text !== "string" || !text.trim()) continue;
    segments.push({
      start: from,
      end: Math.max(from, toNumber(end) ?? from),
      text,
      ...(typeof speaker === "string" && speaker.trim() ? { speaker: speaker.trim() } : {}),
    });
  }
  return segments.length ? segments : null;
}

/** How many of a show's latest other episodes tell its regular voices (`EpisodeInput.showSpeakers`). */
const SHOW_SPEAKERS_EPISODES = 10;

/** The episodes with the given ids (missing ids are left out), in the order of `ids`. */
export async function loadEpisodeInputs(
  db: Database,
  ids: string[],
  /** Read `showSpeakers`: only enrichment needs them, for the summary's who talks with whom. */
  { hasShowSpeakers = false }: { hasShowSpeakers?: boolean } = {},
): Promise<EpisodeInput[]> {
  if (!ids.length) return [];
  const [rows, chapters, hostRows, guestRows, showSpeakers] = await Promise.all([
    db
      .select({
        id: episodes.id,
        title: episodes.title,
        podcastName: podcasts.name,
        summary: episodes.summary,
        transcriptSegments: episodes.transcriptSegments,
        transcriptText: episodes.transcriptText,
        duration: episodes.duration,
        topics: episodes.topics,
      })
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .where(inArray(episodes.id, ids)),
    db
      .select({
        episodeId: episodeChapters.episodeId,
        startTime: episodeChapters.startTime,
        title: episodeChapters.title,
      })
      .from(episodeChapters)
      .where(inArray(episodeChapters.episodeId, ids))
      .orderBy(asc(episodeChapters.episodeId), asc(episodeChapters.startTime)),
    db
      .select({ episodeId: episodeHosts.episodeId, name: hosts.name })
      .from(episodeHosts)
      .innerJoin(hosts, eq(hosts.id, episodeHosts.hostId))
      .where(inArray(episodeHosts.episodeId, ids))
      .orderBy(asc(episodeHosts.episodeId), asc(hosts.name)),
    db
      .select({ episodeId: episodeGuests.episodeId, name: guests.name })
      .from(episodeGuests)
      .innerJoin(guests, eq(guests.id, episodeGuests.guestId))
      .where(inArray(episodeGuests.episodeId, ids))
      .orderBy(asc(episodeGuests.episodeId), asc(guests.name)),
    hasShowSpeakers ? loadShowSpeakers(db, ids) : null,
  ]);
  // The summary says who talks: the feed's hosts and guests.
  const peopleByEpisode = new Map<string, NonNullable<EpisodeInput["people"]>>();
  for (const [list, role] of [
    [hostRows, "host"],
    [guestRows, "guest"],
  ] as const) {
    for (const { episodeId, name } of list) {
      const people = peopleByEpisode.get(episodeId) ?? [];
      people.push({ name, role });
      peopleByEpisode.set(episodeId, people);
    }
  }
  const chaptersByEpisode = new Map<string, { startTime: number; title: string }[]>();
  for (const { episodeId, startTime, title } of chapters) {
    const list = chaptersByEpisode.get(episodeId) ?? [];
    list.push({ startTime, title });
    chaptersByEpisode.set(episodeId, list);
  }
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        transcriptSegments: toSegments(row.transcriptSegments),
        chapters: chaptersByEpisode.get(row.id) ?? [],
        people: peopleByEpisode.get(row.id) ?? [],
        ...(showSpeakers ? { showSpeakers: showSpeakers.get(row.id) ?? [] } : {}),
      } satisfies EpisodeInput,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * For each episode of `ids`, one value from each of its show's other episodes: of the show's `limit`
 * latest episodes matching `where` (one more, in case the episode itself is among them), those whose
 * value passes `keep`, newest first, at most `limit`. One statement for any number of episodes; each
 * show's episodes are read once, through the (podcast_id, pub_date) index.
 */
async function readShowEpisodes<T>(
  db: Database,
  ids: string[],
  read: { value: SQL; where: SQL; keep?: SQL; limit: number },
): Promise<Map<string, T[]>> {
  const { rows } = await db.execute<{ episode_id: string; value: T }>(sql`
    with targets as (select id, podcast_id from episodes where id = any(${sql.param(ids)}::uuid[])),
    shows as materialized (
      select o.podcast_id, o.id, o.pub_date, o.value
      from (select distinct podcast_id from targets) p
      cross join lateral (
        select e.id, e.podcast_id, e.pub_date, ${read.value} as value from episodes e
        where e.podcast_id = p.podcast_id and ${read.where}
        order by e.pub_date desc limit ${read.limit + 1}
      ) o
    )
    select t.id as episode_id, s.value from targets t
    join shows s on s.podcast_id = t.podcast_id and s.id <> t.id
    ${read.keep ? sql`where ${read.keep}` : sql``}
    order by t.id, s.pub_date desc`);
  const byEpisode = new Map<string, T[]>();
  for (const row of rows) {
    const list = byEpisode.get(row.episode_id) ?? [];
    if (list.length < read.limit) list.push(row.value);
    byEpisode.set(row.episode_id, list);
  }
  return byEpisode;
}

/**
 * For each episode of `ids`, the speaker labels of its show's other episodes: of the show's
 * SHOW_SPEAKERS_EPISODES latest episodes with a timed transcript, those whose segments name speakers,
 * newest first. Looking further back for labelled episodes would read every transcript of a show
 * that has none.
 */
export function loadShowSpeakers(db: Database, ids: string[]): Promise<Map<string, string[][]>> {
  return readShowEpisodes<string[]>(db, ids, {
    value: sql`array(select distinct s->>'speaker' from jsonb_array_elements(e.transcript_segments) s
                     where s->>'speaker' is not null)`,
    where: sql`e.transcript_segments is not null`,
    keep: sql`cardinality(s.value) > 0`,
    limit: SHOW_SPEAKERS_EPISODES,
  });
}

/** How many of a show's other enriched episodes lend their topics to its quizzes. */
const SHOW_TOPICS_EPISODES = 10;

/**
 * For each episode of `ids`, the topics the engine wrote for its show's other episodes: of the show's
 * SHOW_TOPICS_EPISODES latest enriched episodes, distinct, newest first. A feed's categories, the
 * topics of an episode not yet enriched, are never read (decision 073).
 */
export async function loadShowTopics(db: Database, ids: string[]): Promise<Map<string, string[]>> {
  const byEpisode = await readShowEpisodes<string[] | null>(db, ids, {
    value: sql`e.topics`,
    where: sql`e.enriched_at is not null`,
    limit: SHOW_TOPICS_EPISODES,
  });
  return new Map(
    ids.map((id) => [id, [...new Set((byEpisode.get(id) ?? []).flatMap((topics) => topics ?? []))]]),
  );
}

/** One episode's input; 404 'Episode not found' when there is no such episode. */
export async function loadEpisodeInput(
  db: Database,
  id: string,
  options: { hasShowSpeakers?: boolean } = {},
): Promise<EpisodeInput> {
  const [input] = await loadEpisodeInputs(db, [id], options);
  if (!input) throw notFound(EPISODE_NOT_FOUND);
  return input;
}
