import { asc, eq, inArray } from "drizzle-orm";
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

/** Everything the learning engine reads about episodes: four queries for any number of them. */

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

/** The episodes with the given ids (missing ids are left out), in the order of `ids`. */
export async function loadEpisodeInputs(db: Database, ids: string[]): Promise<EpisodeInput[]> {
  if (!ids.length) return [];
  const [rows, chapters, hostRows, guestRows] = await Promise.all([
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
      } satisfies EpisodeInput,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One episode's input; 404 'Episode not found' when there is no such episode. */
export async function loadEpisodeInput(db: Database, id: string): Promise<EpisodeInput> {
  const [input] = await loadEpisodeInputs(db, [id]);
  if (!input) throw notFound(EPISODE_NOT_FOUND);
  return input;
}
