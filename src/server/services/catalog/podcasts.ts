import { and, count, desc, eq, lt, or, sql } from "drizzle-orm";
import type {
  NewFromShows,
  PodcastDetail,
  PodcastEpisodePage,
  PodcastMatches,
} from "../../../domain/contract/podcasts.ts";
import { isHttpUrl, PODCAST_LOOKUP_LIMIT } from "../../../domain/podcasts.ts";
import type { AppDeps } from "../../context.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { toAbsoluteUrl } from "../../ingest/stored-url.ts";
import { decodePageCursor, encodePageCursor } from "../../lib/cursor.ts";
import { notFound } from "../../lib/errors.ts";
import { libraryEpisodeColumns, toLibraryEpisode } from "../library/shared.ts";

/**
 * The podcast page (issue 22): a podcast with its ready-episode count and whether the viewer
 * follows it, and its ready episodes newest first, a page at a time (episodes_podcast_pub_date_idx).
 */

const PODCAST_MISSING = "Podcast not found";

export async function getPodcastDetail(
  deps: Pick<AppDeps, "db" | "config">,
  podcastId: string,
  viewerId: string | null,
): Promise<PodcastDetail> {
  const [row] = await deps.db
    .select({
      id: podcasts.id,
      name: podcasts.name,
      description: podcasts.description,
      author: podcasts.author,
      websiteUrl: podcasts.websiteUrl,
      coverUrl: podcasts.coverUrl,
      feedUrl: podcasts.feedUrl,
      // Written out: drizzle leaves columns unqualified inside a select's sql, which a subquery would misread.
      episodeCount: sql<number>`(select count(*)::int from episodes e where e.podcast_id = podcasts.id and e.ready)`,
      following: viewerId
        ? sql<boolean>`exists (select 1 from podcast_subscriptions s
            where s.podcast_id = podcasts.id and s.user_id = ${viewerId})`
        : sql<null>`null`,
    })
    .from(podcasts)
    .where(eq(podcasts.id, podcastId))
    .limit(1);
  if (!row) throw notFound(PODCAST_MISSING);
  return {
    ...row,
    // Feeds may carry any scheme in <link>; only web links are offered.
    websiteUrl: row.websiteUrl && isHttpUrl(row.websiteUrl) ? row.websiteUrl : null,
    feedUrl: row.feedUrl ? toAbsoluteUrl(row.feedUrl, deps.config.publicUrl) : null,
  };
}

export async function listPodcastEpisodes(
  deps: Pick<AppDeps, "db">,
  podcastId: string,
  input: { limit: number; cursor?: string | undefined },
): Promise<PodcastEpisodePage> {
  const cursor = decodePageCursor(input.cursor);
  const [rows, exists] = await Promise.all([
    deps.db
      .select(libraryEpisodeColumns)
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .where(
        and(
          eq(episodes.podcastId, podcastId),
          eq(episodes.ready, true),
          cursor
            ? or(
                lt(episodes.pubDate, new Date(cursor.at)),
                and(eq(episodes.pubDate, new Date(cursor.at)), lt(episodes.id, cursor.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(episodes.pubDate), desc(episodes.id))
      .limit(input.limit + 1),
    // An empty first page must still tell "no such podcast" from "no episodes yet".
    cursor
      ? Promise.resolve([{ n: 1 }])
      : deps.db.select({ n: count() }).from(podcasts).where(eq(podcasts.id, podcastId)),
  ]);
  if (rows.length === 0 && !exists[0]?.n) throw notFound(PODCAST_MISSING);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toLibraryEpisode),
    nextCursor:
      rows.length > input.limit && last
        ? encodePageCursor({ at: last.pubDate.toISOString(), id: last.id })
        : null,
  };
}

/**
 * The home hub's "New from your shows": the newest ready episodes across the podcasts the user
 * follows. One query: for each followed podcast (podcast_subscriptions_user_subscribed_idx) at most
 * `limit` episodes read backwards on episodes_podcast_pub_date_idx, then the newest `limit` of those,
 * so its cost grows with the follows, not with the catalog.
 */
export async function listNewFromShows(
  deps: Pick<AppDeps, "db">,
  userId: string,
  limit: number,
): Promise<NewFromShows> {
  const result = await deps.db.execute<{
    id: string | null;
    title: string;
    summary: string | null;
    image_url: string | null;
    pub_date: Date | string;
    duration: number | null;
    audio_url: string | null;
    youtube_url: string | null;
    podcast_id: string;
    podcast_name: string;
    podcast_cover_url: string | null;
  }>(sql`
    select e.id, e.title, e.summary, e.image_url, e.pub_date, e.duration, e.audio_url, e.youtube_url,
      p.id as podcast_id, p.name as podcast_name, p.cover_url as podcast_cover_url
    from podcast_subscriptions s
    join podcasts p on p.id = s.podcast_id
    left join lateral (
      select x.id, x.title, x.summary, x.image_url, x.pub_date, x.duration, x.audio_url, x.youtube_url
      from episodes x
      where x.podcast_id = s.podcast_id and x.ready
      order by x.pub_date desc, x.id desc
      limit ${limit}
    ) e on true
    where s.user_id = ${userId}
    order by e.pub_date desc nulls last, e.id desc
    limit ${limit}`);
  // The left join keeps a followed show without episodes, so "follows nothing" needs no second query.
  const rows = result.rows;
  return {
    isFollowingAny: rows.length > 0,
    items: rows.flatMap((row) =>
      row.id
        ? [
            toLibraryEpisode({
              id: row.id,
              title: row.title,
              summary: row.summary,
              imageUrl: row.image_url,
              pubDate: new Date(row.pub_date),
              duration: row.duration === null ? null : Number(row.duration),
              audioUrl: row.audio_url,
              youtubeUrl: row.youtube_url,
              podcastId: row.podcast_id,
              podcastName: row.podcast_name,
              podcastCoverUrl: row.podcast_cover_url,
            }),
          ]
        : [],
    ),
  };
}

/**
 * Podcasts whose name contains the text, for "Add a podcast" (podcasts_name_trgm_idx serves the
 * ILIKE); names that start with it first, then the shorter name.
 */
export async function findPodcastsByName(
  deps: Pick<AppDeps, "db">,
  q: string,
  viewerId: string | null,
): Promise<PodcastMatches> {
  const text = q.trim();
  const pattern = `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  const items = await deps.db
    .select({
      id: podcasts.id,
      name: podcasts.name,
      coverUrl: podcasts.coverUrl,
      following: viewerId
        ? sql<boolean>`exists (select 1 from podcast_subscriptions s
            where s.podcast_id = podcasts.id and s.user_id = ${viewerId})`
        : sql<null>`null`,
    })
    .from(podcasts)
    .where(sql`${podcasts.name} ilike ${pattern}`)
    .orderBy(
      sql`lower(${podcasts.name}) like lower(${`${text.replace(/[\\%_]/g, "\\$&")}%`}) desc`,
      sql`length(${podcasts.name})`,
      podcasts.id,
    )
    .limit(PODCAST_LOOKUP_LIMIT);
  return { items };
}
