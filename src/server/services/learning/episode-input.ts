import { asc, eq, inArray } from "drizzle-orm";
import type { EpisodeInput, TimedSegment } from "../../ai/provider.ts";
import type { Database } from "../../db/client.ts";
import { episodeChapters, episodes, podcasts } from "../../db/schema/catalog.ts";
import { notFound } from "../../lib/errors.ts";

/** Everything the learning engine reads about episodes: two queries for any number of them. */

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
  const [rows, chapters] = await Promise.all([
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
  ]);
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
