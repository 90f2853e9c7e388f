import { and, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { PodcastAddition, PodcastAdditionList } from "../../../domain/contract/podcasts.ts";
import {
  podcastNotices,
  USER_FEED_MAX_BYTES,
  USER_FEED_MAX_ITEMS,
  USER_FEEDS_PER_DAY,
} from "../../../domain/podcasts.ts";
import type { AppDeps } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { episodes, podcastAdditions, podcastSubscriptions, podcasts } from "../../db/schema/catalog.ts";
import { ingestFeed } from "../../ingest/ingest-feed.ts";
import { addressMatches, isBlockedAddress, isIpLiteral, unbracket } from "../../ingest/ip-address.ts";
import { toStoredUrl } from "../../ingest/stored-url.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";
import type { createIngestContext } from "./ingestion.ts";

/**
 * Listeners adding shows by feed address (issue 22). A known feed is followed at once; a new one
 * becomes a podcast of the shared catalog, followed by the adder, and is read by a
 * `catalog.add-feed` job through the same SSRF-safe pipeline as every feed, with tighter per-feed
 * limits (USER_FEED_MAX_ITEMS, USER_FEED_MAX_BYTES). A listener may add USER_FEEDS_PER_DAY new
 * feeds a day. A refused new feed is taken out of the catalog again.
 */

type Deps = Pick<AppDeps, "db" | "config" | "jobs">;

const ADDITION_MISSING = "There is no such podcast addition.";

/** The quick refusal of an address that is plainly not on the public internet (the job checks DNS too). */
function assertPublicHost(feedUrl: string, allowedAddresses: string[], ownOrigin: string) {
  const url = new URL(feedUrl);
  if (url.origin === new URL(ownOrigin).origin) return;
  const host = unbracket(url.hostname);
  const isAllowed = (ip: string) => allowedAddresses.some((entry) => addressMatches(ip, entry));
  const isLocalName = host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local");
  if (
    (isIpLiteral(host) && isBlockedAddress(host) && !isAllowed(host)) ||
    (isLocalName && !isAllowed(host))
  ) {
    throw new AppError(
      "UNPROCESSABLE",
      "That address is on a private network; add a feed that is on the public internet.",
      { feedUrl: "Not a public address." },
    );
  }
}

/**
 * Additions with their podcast and episodes stored so far, in one query (the list polls every
 * second while feeds are read). The count is written out: drizzle leaves columns unqualified inside
 * a select's sql, which a subquery would misread.
 */
async function readAdditions(
  db: Database,
  where: SQL | undefined,
  limit: number,
): Promise<PodcastAddition[]> {
  const rows = await db
    .select({
      addition: podcastAdditions,
      podcastName: podcasts.name,
      episodeCount: sql<number>`(select count(*)::int from episodes e where e.podcast_id = podcast_additions.podcast_id)`,
    })
    .from(podcastAdditions)
    .leftJoin(podcasts, eq(podcasts.id, podcastAdditions.podcastId))
    .where(where)
    .orderBy(desc(podcastAdditions.createdAt), desc(podcastAdditions.id))
    .limit(limit);
  return rows.map(({ addition: row, podcastName, episodeCount }) => ({
    id: row.id,
    feedUrl: row.feedUrl,
    podcast: row.podcastId && podcastName !== null ? { id: row.podcastId, name: podcastName } : null,
    status: row.status,
    isNew: row.isNew,
    episodeCount: row.podcastId ? (episodeCount ?? 0) : 0,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  }));
}

async function toAddition(db: Database, row: typeof podcastAdditions.$inferSelect): Promise<PodcastAddition> {
  const [addition] = await readAdditions(db, eq(podcastAdditions.id, row.id), 1);
  if (!addition) throw new Error("The addition was not saved.");
  return addition;
}

/** Adds a show by its feed address: follows it, and queues the reading of a feed new to the catalog. */
export async function addPodcastByFeed(
  deps: Deps,
  userId: string,
  feedUrl: string,
  /** The name shown until the feed is read (an OPML outline's title); else the feed's host name. */
  provisionalName?: string,
): Promise<{ addition: PodcastAddition; isQueued: boolean }> {
  await consumeRateLimits(
    deps.db,
    [{ key: `podcast-add:${userId}`, limit: 30, windowSeconds: 60 * 60 }],
    (wait) => `Too many podcasts added at once. Please wait ${wait} and try again.`,
  );
  const ownOrigin = deps.config.publicUrl;
  const stored = toStoredUrl(feedUrl, ownOrigin);
  if (!stored)
    throw new AppError("VALIDATION", podcastNotices.feedUrlInvalid, {
      feedUrl: podcastNotices.feedUrlInvalid,
    });
  assertPublicHost(feedUrl, deps.config.ingestAllowedAddresses, ownOrigin);

  const row = await deps.db.transaction(async (tx) => {
    // One user's additions are counted and written one at a time, so the daily limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`podcast-add:${userId}`}))`);
    const [known] = await tx
      .select({ id: podcasts.id })
      .from(podcasts)
      .where(eq(podcasts.feedUrl, stored))
      .limit(1);
    let podcastId = known?.id;
    if (!podcastId) {
      const [today] = await tx
        .select({ n: count() })
        .from(podcastAdditions)
        .where(
          and(
            eq(podcastAdditions.userId, userId),
            eq(podcastAdditions.isNew, true),
            gt(podcastAdditions.createdAt, sql`now() - interval '1 day'`),
          ),
        );
      if ((today?.n ?? 0) >= USER_FEEDS_PER_DAY) {
        throw new AppError("RATE_LIMITED", podcastNotices.dailyLimit(USER_FEEDS_PER_DAY));
      }
      const [created] = await tx
        .insert(podcasts)
        .values({
          name: provisionalName?.trim() || new URL(feedUrl).hostname,
          feedUrl: stored,
          sourceType: "rss",
        })
        .onConflictDoNothing({ target: podcasts.feedUrl })
        .returning({ id: podcasts.id });
      podcastId = created?.id;
      if (!podcastId) {
        // Added by someone else a moment ago.
        const [other] = await tx
          .select({ id: podcasts.id })
          .from(podcasts)
          .where(eq(podcasts.feedUrl, stored));
        podcastId = other?.id;
      } else {
        const [addition] = await tx
          .insert(podcastAdditions)
          .values({ userId, podcastId, feedUrl: stored, isNew: true, status: "queued" })
          .returning();
        await tx.insert(podcastSubscriptions).values({ userId, podcastId }).onConflictDoNothing();
        return addition;
      }
    }
    if (!podcastId) throw new AppError("CONFLICT", "The feed changed while it was added; please try again.");
    await tx.insert(podcastSubscriptions).values({ userId, podcastId }).onConflictDoNothing();
    const [addition] = await tx
      .insert(podcastAdditions)
      .values({ userId, podcastId, feedUrl: stored, isNew: false, status: "done" })
      .returning();
    return addition;
  });
  if (!row) throw new Error("The addition was not saved.");
  if (row.isNew) {
    await deps.jobs.send("catalog.add-feed", { additionId: row.id }, { isRetried: false });
  }
  return { addition: await toAddition(deps.db, row), isQueued: row.isNew };
}

/** One of the user's additions with live progress; another user's is a 404. */
export async function getPodcastAddition(
  deps: Pick<AppDeps, "db">,
  userId: string,
  additionId: string,
): Promise<PodcastAddition> {
  const [addition] = await readAdditions(
    deps.db,
    and(eq(podcastAdditions.id, additionId), eq(podcastAdditions.userId, userId)),
    1,
  );
  if (!addition) throw notFound(ADDITION_MISSING);
  return addition;
}

/**
 * The user's most recent additions, newest first (an OPML import's progress list polls it), read
 * backwards on `podcast_additions_user_created_idx`.
 */
export async function listRecentAdditions(
  deps: Pick<AppDeps, "db">,
  userId: string,
  limit: number,
): Promise<PodcastAdditionList> {
  return { items: await readAdditions(deps.db, eq(podcastAdditions.userId, userId), limit) };
}

async function setStatus(
  db: Database,
  additionId: string,
  status: PodcastAddition["status"],
  error?: string,
) {
  await db
    .update(podcastAdditions)
    .set({ status, error: error ?? null, updatedAt: new Date() })
    .where(eq(podcastAdditions.id, additionId));
}

/**
 * The `catalog.add-feed` job: reads a listener's new feed with the per-feed limits. Runs again
 * after a crash (a 'reading' addition is read again; ingestion converges). A refusal is recorded
 * on the addition, and the podcast — still empty — leaves the catalog.
 */
export async function runPodcastAddition(
  ctx: ReturnType<typeof createIngestContext>,
  additionId: string,
): Promise<Record<string, unknown>> {
  const { db } = ctx;
  const [addition] = await db.select().from(podcastAdditions).where(eq(podcastAdditions.id, additionId));
  if (!addition?.podcastId || addition.status === "done" || addition.status === "failed") {
    return { additionId, skipped: true };
  }
  const podcastId = addition.podcastId;
  await setStatus(db, additionId, "reading");
  try {
    const result = await ingestFeed(
      { ...ctx, policy: { ...ctx.policy, maxBytes: USER_FEED_MAX_BYTES } },
      { podcastId, maxItems: USER_FEED_MAX_ITEMS },
    );
    await setStatus(db, additionId, "done");
    return { additionId, podcastId, inserted: result.inserted, total: result.total };
  } catch (error) {
    const message = error instanceof Error ? error.message : "The feed could not be read.";
    await db.transaction(async (tx) => {
      await tx
        .update(podcastAdditions)
        .set({ status: "failed", error: message, updatedAt: new Date() })
        .where(eq(podcastAdditions.podcastId, podcastId));
      const [stored] = await tx
        .select({ n: count() })
        .from(episodes)
        .where(eq(episodes.podcastId, podcastId));
      if (!stored?.n) await tx.delete(podcasts).where(eq(podcasts.id, podcastId));
    });
    ctx.logger.info({ additionId, podcastId, error: message }, "listener feed refused");
    return { additionId, podcastId, failed: true, error: message };
  }
}
