import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { PodcastStats } from "../../../domain/contract/admin.ts";
import { episodeDedupeKey } from "../../../domain/episode-dedupe.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import {
  checkFeedAddress,
  type IngestContext,
  IngestError,
  type IngestResult,
  ingestFeed,
} from "../../ingest/ingest-feed.ts";
import type { FetchPolicy } from "../../ingest/safe-fetch.ts";
import { AppError } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";

export function getFetchPolicy(config: Config): FetchPolicy {
  return {
    allowedOrigins: [new URL(config.publicUrl).origin],
    allowedAddresses: config.ingestAllowedAddresses,
    timeoutMs: config.INGEST_FETCH_TIMEOUT_SECONDS * 1000,
  };
}

export function createIngestContext(
  deps: { db: Database; logger: Logger; config: Config },
  onProgress?: IngestContext["onProgress"],
  queueDetails?: IngestContext["queueDetails"],
): IngestContext {
  return {
    db: deps.db,
    logger: deps.logger,
    policy: getFetchPolicy(deps.config),
    ownOrigin: deps.config.publicUrl,
    onProgress,
    queueDetails,
  };
}

/**
 * Refuses a feed address before any job is queued (the admin lab's RSS import): 422 with the reason
 * when it is not a valid address, points to a private network, does not answer or is not a feed.
 */
export async function checkFeedUrl(deps: { config: Config }, feedUrl: string): Promise<void> {
  try {
    await checkFeedAddress(
      { policy: getFetchPolicy(deps.config), ownOrigin: deps.config.publicUrl },
      feedUrl,
    );
  } catch (error) {
    if (error instanceof IngestError) throw new AppError("UNPROCESSABLE", error.message);
    throw error;
  }
}

/**
 * Stores the outcome of a run that read the podcast's feed, for the admin lab's Podcasts tab. A feed
 * that answered 304 Not Modified changes nothing, so the run writes nothing (like last_fetched_at).
 */
async function recordSync(
  db: Database,
  podcastId: string,
  outcome: { inserted: number } | { error: string },
) {
  const inserted = "inserted" in outcome ? outcome.inserted : null;
  const error = "error" in outcome ? outcome.error : null;
  await db
    .update(podcasts)
    .set({ lastSyncAt: sql`now()`, lastSyncInserted: inserted, lastSyncError: error })
    .where(eq(podcasts.id, podcastId));
}

/** ingest-podcast-feed: one feed by URL or podcast id → inserted, skipped, enriched. */
export async function ingestPodcastFeed(ctx: IngestContext, input: { feedUrl?: string; podcastId?: string }) {
  let result: IngestResult;
  try {
    result = await ingestFeed(ctx, input);
  } catch (error) {
    if (error instanceof IngestError && input.podcastId)
      await recordSync(ctx.db, input.podcastId, { error: error.message }).catch(() => {});
    throw error;
  }
  if (!result.notModified) await recordSync(ctx.db, result.podcastId, { inserted: result.inserted });
  return {
    podcastId: result.podcastId,
    inserted: result.inserted,
    updated: result.updated,
    skipped: result.skipped,
    enriched: result.enriched,
    detailsQueued: result.detailsQueued,
    notModified: result.notModified,
  };
}

/** enhanced-feed-ingestion: very large feeds, written in batches (default 1000) → total, inserted. */
export async function ingestLargeFeed(ctx: IngestContext, input: { podcastId: string; batchSize: number }) {
  const result = await ingestFeed(ctx, {
    podcastId: input.podcastId,
    batchSize: input.batchSize,
    isForced: true,
  });
  return { total: result.total, inserted: result.inserted };
}

type FeedOutcome = {
  podcast: string;
  success: boolean;
  inserted: number;
  skipped: number;
  error: string | null;
};

async function ingestEach(
  ctx: IngestContext,
  feeds: { podcastId?: string; feedUrl?: string; label: string }[],
  options: { isForced: boolean },
) {
  const results: (IngestResult | null)[] = [];
  const details: FeedOutcome[] = [];
  for (const [index, feed] of feeds.entries()) {
    try {
      const result = await ingestFeed(ctx, {
        podcastId: feed.podcastId,
        feedUrl: feed.feedUrl,
        isForced: options.isForced,
      });
      results.push(result);
      if (!result.notModified) await recordSync(ctx.db, result.podcastId, { inserted: result.inserted });
      details.push({
        podcast: result.podcastName || feed.label,
        success: true,
        inserted: result.inserted,
        skipped: result.skipped,
        error: null,
      });
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      results.push(null);
      if (feed.podcastId) await recordSync(ctx.db, feed.podcastId, { error: error.message });
      details.push({ podcast: feed.label, success: false, inserted: 0, skipped: 0, error: error.message });
      ctx.logger.warn({ feed: feed.label, err: error.message }, "feed ingestion failed");
    }
    await ctx.onProgress?.({ phase: "feeds", done: index + 1, total: feeds.length });
  }
  return { results, details };
}

async function listFeeds(db: Database) {
  const rows = await db
    .select({ id: podcasts.id, name: podcasts.name, feedUrl: podcasts.feedUrl })
    .from(podcasts)
    .where(isNotNull(podcasts.feedUrl))
    .orderBy(asc(podcasts.name));
  return rows.map((row) => ({ podcastId: row.id, label: row.name }));
}

/** admin-backfill-all {action: backfill}: every podcast with a feed, fetched in full. */
export async function backfillAll(ctx: IngestContext) {
  const { results, details } = await ingestEach(ctx, await listFeeds(ctx.db), { isForced: true });
  const ok = results.filter((r): r is IngestResult => r !== null);
  return {
    podcasts: details.length,
    episodes_new: ok.reduce((sum, r) => sum + r.inserted, 0),
    episodes_updated: ok.reduce((sum, r) => sum + r.updated, 0),
    enrichment_queued: ok.reduce((sum, r) => sum + r.detailsQueued, 0),
    details,
  };
}

/** admin-backfill-all {action: sync-deltas}: conditional GET of every feed; unchanged feeds cost one request. */
export async function syncDeltas(ctx: IngestContext) {
  const { results } = await ingestEach(ctx, await listFeeds(ctx.db), { isForced: false });
  return {
    episodes_new: results.reduce((sum, r) => sum + (r?.inserted ?? 0), 0),
    podcasts_checked: results.length,
  };
}

/** auto-ingest-all: the configured feeds (INGEST_FEEDS, by default the demo catalog). */
export async function autoIngestAll(ctx: IngestContext, feedUrls: string[]) {
  const { results, details } = await ingestEach(
    ctx,
    feedUrls.map((feedUrl) => ({ feedUrl, label: feedUrl })),
    { isForced: false },
  );
  const inserted = results.reduce((sum, r) => sum + (r?.inserted ?? 0), 0);
  const failed = details.filter((d) => !d.success);
  const message =
    `Checked ${details.length} feed${details.length === 1 ? "" : "s"}: ${inserted} new episode${inserted === 1 ? "" : "s"}` +
    (failed.length
      ? `; ${failed.length} failed (${failed.map((f) => `${f.podcast}: ${f.error}`).join("; ")})`
      : ".");
  return { message, details };
}

/** get-podcast-stats: per podcast total, ready and pending episodes. */
export async function getPodcastStats(db: Database): Promise<PodcastStats["stats"]> {
  return db
    .select({
      podcast_id: podcasts.id,
      name: podcasts.name,
      total: sql<number>`count(${episodes.id})::int`,
      ready: sql<number>`count(${episodes.id}) filter (where ${episodes.ready})::int`,
      pending: sql<number>`count(${episodes.id}) filter (where not ${episodes.ready})::int`,
      feed_url: podcasts.feedUrl,
      source_type: podcasts.sourceType,
      last_sync_at: sql<
        string | null
      >`to_char(${podcasts.lastSyncAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      last_sync_inserted: podcasts.lastSyncInserted,
      last_sync_error: podcasts.lastSyncError,
    })
    .from(podcasts)
    .leftJoin(episodes, eq(episodes.podcastId, podcasts.id))
    .groupBy(podcasts.id)
    .orderBy(asc(podcasts.name));
}

type QaProblem = "missing_audio" | "missing_summary" | "missing_transcript" | "missing_image" | "duplicate";

/**
 * qa-episodes: finds episodes missing audio, summary, transcript or image, and duplicates within a
 * podcast by the spec 1 §7 rule (normalised audio URL, else video, else title and day; the oldest
 * copy is the original). autoFix fills a missing image from the podcast cover and removes duplicates
 * that no user has touched (a duplicate with user data is reported, never deleted).
 */
export async function runQaCheck(db: Database, input: { checkAll: boolean; autoFix: boolean }) {
  const scope = input.checkAll ? sql`true` : sql`e.created_at > now() - interval '7 days'`;
  const { rows } = await db.execute<{
    id: string;
    podcast_id: string;
    title: string;
    podcast: string;
    audio_url: string | null;
    youtube_url: string | null;
    pub_date: string;
    problems: QaProblem[];
    is_untouched: boolean;
  }>(sql`
    select e.id, e.podcast_id, e.title, p.name as podcast, e.audio_url, e.youtube_url, e.pub_date,
      array_remove(array[
        case when e.audio_url is null and e.youtube_url is null then 'missing_audio' end,
        case when e.summary is null or btrim(e.summary) = '' then 'missing_summary' end,
        case when e.transcript_text is null then 'missing_transcript' end,
        case when e.image_url is null then 'missing_image' end
      ], null) as problems,
      not exists (select 1 from user_bookmarks b where b.episode_id = e.id)
        and not exists (select 1 from user_list_episodes l where l.episode_id = e.id)
        and not exists (select 1 from play_history h where h.episode_id = e.id)
        and not exists (select 1 from questions q where q.episode_id = e.id) as is_untouched
    from episodes e join podcasts p on p.id = e.podcast_id
    where ${scope}
    order by e.created_at, e.id`);
  const originals = new Set<string>();
  const removable: string[] = [];
  for (const row of rows) {
    const key = `${row.podcast_id}|${episodeDedupeKey({ audioUrl: row.audio_url, youtubeUrl: row.youtube_url, title: row.title, pubDate: row.pub_date })}`;
    if (!originals.has(key)) {
      originals.add(key);
      continue;
    }
    row.problems.push("duplicate");
    if (row.is_untouched) removable.push(row.id);
  }
  const issues = rows.filter((row) => row.problems.length > 0);
  let fixed = 0;
  let duplicatesRemoved = 0;
  if (input.autoFix) {
    await db.transaction(async (tx) => {
      if (removable.length) {
        const removed = await tx.execute(
          sql`delete from episodes where id in (${sql.join(
            removable.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        duplicatesRemoved = removed.rowCount ?? 0;
      }
      const images = await tx.execute(sql`
        update episodes e set image_url = p.cover_url from podcasts p
        where p.id = e.podcast_id and e.image_url is null and p.cover_url is not null`);
      fixed = duplicatesRemoved + (images.rowCount ?? 0);
    });
  }
  return {
    checked: rows.length,
    issues: issues.map((row) => ({
      episode_id: row.id,
      title: row.title,
      podcast: row.podcast,
      problems: row.problems,
    })),
    fixed,
    duplicatesRemoved,
  };
}

function normaliseFeedUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/+$/, "");
}

/**
 * cleanup-and-reingest: merges podcasts whose feed URLs differ only in scheme, "www." or a
 * trailing slash (episodes and followers move to the oldest), removes untouched duplicate episodes,
 * then re-ingests every feed.
 */
export async function cleanupAndReingest(ctx: IngestContext) {
  const all = await ctx.db
    .select({ id: podcasts.id, feedUrl: podcasts.feedUrl, createdAt: podcasts.createdAt })
    .from(podcasts)
    .where(isNotNull(podcasts.feedUrl))
    .orderBy(asc(podcasts.createdAt), asc(podcasts.id));
  const keeperByUrl = new Map<string, string>();
  const merges: { from: string; into: string }[] = [];
  for (const podcast of all) {
    const key = normaliseFeedUrl(podcast.feedUrl ?? "");
    const keeper = keeperByUrl.get(key);
    if (keeper) merges.push({ from: podcast.id, into: keeper });
    else keeperByUrl.set(key, podcast.id);
  }
  await ctx.db.transaction(async (tx) => {
    for (const { from, into } of merges) {
      // Episodes the keeper already has (same guid or enclosure) stay with the duplicate and go with it.
      await tx.execute(sql`
        update episodes e set podcast_id = ${into} where e.podcast_id = ${from}
          and not exists (select 1 from episodes k where k.podcast_id = ${into}
            and (k.guid = e.guid or k.enclosure_key = e.enclosure_key))`);
      await tx.execute(sql`
        insert into podcast_subscriptions (user_id, podcast_id, subscribed_at)
        select user_id, ${into}, subscribed_at from podcast_subscriptions where podcast_id = ${from}
        on conflict do nothing`);
      await tx.delete(podcasts).where(eq(podcasts.id, from));
    }
  });
  const qa = await runQaCheck(ctx.db, { checkAll: true, autoFix: true });
  const backfill = await backfillAll(ctx);
  return {
    cleanup: { podcasts_merged: merges.length, duplicates_removed: qa.duplicatesRemoved },
    ingestion: {
      message: `Re-ingested ${backfill.podcasts} podcast${backfill.podcasts === 1 ? "" : "s"}: ${backfill.episodes_new} new, ${backfill.episodes_updated} updated.`,
    },
  };
}
