import { asc, eq, sql } from "drizzle-orm";
import type {
  EnrichmentQueued,
  EpisodeDetail,
  EpisodeTranscript,
} from "../../../domain/contract/episodes.ts";
import { parseTimecode } from "../../../domain/episode.ts";
import type { AppDeps } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { episodeChapters, episodes, podcasts } from "../../db/schema/catalog.ts";
import { toAbsoluteUrl } from "../../ingest/stored-url.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";

/**
 * The episode detail read (spec 2 §2 Episode detail, §7: episodes, podcasts, episode_guests,
 * episode_hosts, episode_chapters, episode_links by episode), the Open Graph head of
 * /episode/{id}, and the user's "Enrich Data" request.
 */

export const EPISODE_NOT_FOUND = "Episode not found";
/** Enrichment requests one user may make per hour (each queues a feed fetch). */
export const ENRICH_LIMIT_PER_HOUR = 20;

const personColumns = {
  id: true,
  name: true,
  bio: true,
  avatarUrl: true,
  websiteUrl: true,
  twitterHandle: true,
  linkedinUrl: true,
} as const;

const finiteOr = (value: unknown, fallback: number) => {
  const number = Number(value);
  return Number.isFinite(number) ? number : fallback;
};

/**
 * The detail's relational query, built and prepared once per database handle: building it (drizzle
 * turns the five relations into one SQL text) cost more CPU per request than PostgreSQL took to
 * answer it (decision 034), and a named statement is parsed and planned once per connection.
 */
const detailQueries = new WeakMap<Database, ReturnType<typeof prepareDetailQuery>>();

function prepareDetailQuery(db: Database) {
  return db.query.episodes
    .findFirst({
      where: eq(episodes.id, sql.placeholder("id")),
      columns: {
        id: true,
        title: true,
        summary: true,
        insights: true,
        keyInsights: true,
        topics: true,
        transcriptUrl: true,
        transcribedAt: true,
        transcriptionState: true,
        audioUrl: true,
        youtubeUrl: true,
        imageUrl: true,
        duration: true,
        pubDate: true,
        publishedAt: true,
        quizStatus: true,
        showNotes: true,
      },
      // The transcript itself stays in the database: the detail carries only whether there is one.
      extras: (table, { sql }) => ({
        hasTranscriptText: sql<boolean>`${table.transcriptText} is not null`.as("has_transcript_text"),
        // octet_length reads the stored size: an hour's transcript is not fetched from TOAST for it.
        hasTranscript: sql<boolean>`coalesce(octet_length(${table.transcriptText}) > 0, false)`.as(
          "has_transcript",
        ),
        segmentCount:
          sql<number>`case when jsonb_typeof(${table.transcriptSegments}) = 'array' then jsonb_array_length(${table.transcriptSegments}) else 0 end`.as(
            "segment_count",
          ),
      }),
      with: {
        podcast: { columns: { id: true, name: true, coverUrl: true } },
        chapters: { columns: { startTime: true, title: true }, orderBy: asc(episodeChapters.startTime) },
        links: { columns: { url: true, title: true, category: true } },
        episodeGuests: { with: { guest: { columns: personColumns } } },
        episodeHosts: { with: { host: { columns: personColumns } } },
      },
    })
    .prepare("episode_detail");
}

/** One episode with its podcast, chapters (by start time), links, guests and hosts; 404 when missing. */
export async function getEpisodeDetail(
  deps: Pick<AppDeps, "db" | "config">,
  id: string,
): Promise<EpisodeDetail> {
  const db = deps.db;
  let query = detailQueries.get(db);
  if (!query) {
    query = prepareDetailQuery(db);
    detailQueries.set(db, query);
  }
  const row = await query.execute({ id });
  if (!row) throw notFound(EPISODE_NOT_FOUND);

  // Show notes are mirrored into episode_links by ingestion; older rows may only have the JSON.
  const links = [...row.links];
  const seen = new Set(links.map((link) => link.url));
  for (const note of row.showNotes ?? []) {
    if (!note?.url || seen.has(note.url)) continue;
    seen.add(note.url);
    links.push({ url: note.url, title: note.label || null, category: "show_notes" });
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  const guests = row.episodeGuests.map((link) => link.guest).sort(byName);
  const hosts = row.episodeHosts.map((link) => link.host).sort(byName);
  const insights = (Array.isArray(row.insights) ? row.insights : [])
    .filter((insight) => typeof insight?.key_point === "string" && insight.key_point.trim())
    .map((insight) => ({ keyPoint: insight.key_point, timecode: parseTimecode(insight.timecode) }));
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    insights,
    keyInsights: (row.keyInsights ?? []).filter((text) => text?.trim()),
    topics: row.topics ?? [],
    hasTranscript: Boolean(row.hasTranscript),
    transcriptUrl: row.transcriptUrl,
    transcription: {
      source: !row.hasTranscriptText ? null : row.transcribedAt ? "service" : "feed",
      state: row.transcriptionState ?? null,
      isServiceConfigured: Boolean(deps.config.TRANSCRIBE_BASE_URL),
    },
    audioUrl: row.audioUrl,
    youtubeUrl: row.youtubeUrl,
    imageUrl: row.imageUrl || row.podcast.coverUrl || null,
    duration: row.duration,
    pubDate: row.pubDate.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    quizStatus: row.quizStatus,
    podcast: row.podcast,
    chapters: row.chapters,
    links,
    guests,
    hosts,
    counts: {
      people: guests.length + hosts.length,
      chapters: row.chapters.length,
      links: links.length,
      transcriptSegments: Number(row.segmentCount),
    },
  };
}

/** The transcript of an episode (text, its source address, timed segments); 404 when missing. */
export async function getEpisodeTranscript(
  deps: Pick<AppDeps, "db">,
  id: string,
): Promise<EpisodeTranscript> {
  const [row] = await deps.db
    .select({
      text: episodes.transcriptText,
      url: episodes.transcriptUrl,
      segments: episodes.transcriptSegments,
    })
    .from(episodes)
    .where(eq(episodes.id, id))
    .limit(1);
  if (!row) throw notFound(EPISODE_NOT_FOUND);
  const segments = (Array.isArray(row.segments) ? row.segments : [])
    .filter((segment) => typeof segment?.text === "string")
    .map((segment) => ({
      start: finiteOr(segment.start, 0),
      end: finiteOr(segment.end, finiteOr(segment.start, 0)),
      text: segment.text,
      speaker: segment.speaker?.trim() || null,
    }));
  return { text: row.text, url: row.url, segments };
}

export type ShareMeta = { title: string; description: string; image: string | null; url: string };

const SHARE_DESCRIPTION_MAX = 300;

/** What a pasted link of /episode/{id} previews (Open Graph, Twitter card); null when unknown. */
export async function getEpisodeShareMeta(
  deps: Pick<AppDeps, "db" | "config">,
  id: string,
): Promise<ShareMeta | null> {
  const [row] = await deps.db
    .select({
      title: episodes.title,
      summary: episodes.summary,
      imageUrl: episodes.imageUrl,
      coverUrl: podcasts.coverUrl,
      podcastName: podcasts.name,
    })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(eq(episodes.id, id))
    .limit(1);
  if (!row) return null;
  const summary = row.summary?.replace(/\s+/g, " ").trim();
  const description = summary
    ? summary.length > SHARE_DESCRIPTION_MAX
      ? `${summary.slice(0, SHARE_DESCRIPTION_MAX - 1).trimEnd()}…`
      : summary
    : `An episode of ${row.podcastName} on Earmark.`;
  const image = row.imageUrl || row.coverUrl;
  let absoluteImage: string | null = null;
  if (image) {
    try {
      absoluteImage = toAbsoluteUrl(image, deps.config.publicUrl);
    } catch {
      absoluteImage = null;
    }
  }
  return {
    title: `${row.title} — ${row.podcastName}`,
    description,
    image: absoluteImage,
    url: `${deps.config.publicUrl}/episode/${id}`,
  };
}

/**
 * Enrich Data: queues `catalog.ingest-feed` for the episode's podcast, which fetches the feed and
 * the episodes' transcripts, chapters and people. Answers the queued job's id.
 */
export async function queueEpisodeEnrichment(
  deps: Pick<AppDeps, "db" | "jobs">,
  userId: string,
  episodeId: string,
): Promise<EnrichmentQueued> {
  const [row] = await deps.db
    .select({ podcastId: podcasts.id, feedUrl: podcasts.feedUrl })
    .from(episodes)
    .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
    .where(eq(episodes.id, episodeId))
    .limit(1);
  if (!row) throw notFound(EPISODE_NOT_FOUND);
  if (!row.feedUrl) {
    throw new AppError("UNPROCESSABLE", "This episode's podcast has no feed to enrich it from.");
  }
  await consumeRateLimits(
    deps.db,
    [{ key: `enrich:${userId}`, limit: ENRICH_LIMIT_PER_HOUR, windowSeconds: 60 * 60 }],
    (wait) => `Too many enrichment requests. Please wait ${wait} and try again.`,
  );
  const jobId = await deps.jobs.send(
    "catalog.ingest-feed",
    { podcastId: row.podcastId },
    // Someone is waiting for the result: fail at once rather than retry in the background.
    { isRetried: false },
  );
  return { jobId, podcastId: row.podcastId };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EPISODE_PAGE = /^\/episode\/([^/]+)\/?$/;

/**
 * The page-head hook of the web app (src/server/static.ts): /episode/{id} gets its share preview;
 * any other path, a malformed id or an unknown episode keeps index.html's default head.
 */
export function episodePageHead(deps: Pick<AppDeps, "db" | "config">) {
  return async (pathname: string): Promise<ShareMeta | null> => {
    const id = EPISODE_PAGE.exec(pathname)?.[1];
    if (!id || !UUID.test(id)) return null;
    return getEpisodeShareMeta(deps, id.toLowerCase());
  };
}
