import { and, count, desc, eq, lt, or, sql } from "drizzle-orm";
import type { PodcastDetail, PodcastEpisodePage } from "../../../domain/contract/podcasts.ts";
import { isHttpUrl } from "../../../domain/podcasts.ts";
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
