import { and, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { FollowedPodcastPage, OpmlImport } from "../../../domain/contract/subscriptions.ts";
import type { AppDeps } from "../../context.ts";
import { podcastSubscriptions, podcasts } from "../../db/schema/catalog.ts";
import { buildOpml, OpmlError, parseOpml } from "../../ingest/opml.ts";
import { toAbsoluteUrl } from "../../ingest/stored-url.ts";
import { decodePageCursor, encodePageCursor } from "../../lib/cursor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";
import { addPodcastByFeed } from "./additions.ts";

export const OPML_MAX_FEEDS = 500;

/** The podcasts a user follows, most recently followed first, a page at a time. */
export async function listFollowedPodcasts(
  deps: Pick<AppDeps, "db">,
  userId: string,
  input: { limit: number; cursor?: string | undefined },
): Promise<FollowedPodcastPage> {
  const cursor = decodePageCursor(input.cursor);
  const rows = await deps.db
    .select({
      id: podcasts.id,
      name: podcasts.name,
      coverUrl: podcasts.coverUrl,
      feedUrl: podcasts.feedUrl,
      subscribedAt: podcastSubscriptions.subscribedAt,
    })
    .from(podcastSubscriptions)
    .innerJoin(podcasts, eq(podcasts.id, podcastSubscriptions.podcastId))
    .where(
      and(
        eq(podcastSubscriptions.userId, userId),
        cursor
          ? or(
              lt(podcastSubscriptions.subscribedAt, new Date(cursor.at)),
              and(
                eq(podcastSubscriptions.subscribedAt, new Date(cursor.at)),
                lt(podcastSubscriptions.podcastId, cursor.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(podcastSubscriptions.subscribedAt), desc(podcastSubscriptions.podcastId))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({ ...row, subscribedAt: row.subscribedAt.toISOString() })),
    nextCursor:
      rows.length > input.limit && last
        ? encodePageCursor({ at: last.subscribedAt.toISOString(), id: last.id })
        : null,
  };
}

export async function followPodcast(deps: Pick<AppDeps, "db">, userId: string, podcastId: string) {
  const [podcast] = await deps.db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(eq(podcasts.id, podcastId))
    .limit(1);
  if (!podcast) throw notFound("There is no such podcast.");
  await deps.db.insert(podcastSubscriptions).values({ userId, podcastId }).onConflictDoNothing();
}

export async function unfollowPodcast(deps: Pick<AppDeps, "db">, userId: string, podcastId: string) {
  await deps.db
    .delete(podcastSubscriptions)
    .where(and(eq(podcastSubscriptions.userId, userId), eq(podcastSubscriptions.podcastId, podcastId)));
}

/** Every followed podcast that has a feed, as OPML 2.0 (own-origin feeds as absolute URLs). */
export async function exportOpml(deps: Pick<AppDeps, "db" | "config">, userId: string) {
  const rows = await deps.db
    .select({ name: podcasts.name, feedUrl: podcasts.feedUrl, websiteUrl: podcasts.websiteUrl })
    .from(podcastSubscriptions)
    .innerJoin(podcasts, eq(podcasts.id, podcastSubscriptions.podcastId))
    .where(eq(podcastSubscriptions.userId, userId))
    .orderBy(podcasts.name);
  const feeds = rows.flatMap((row) =>
    row.feedUrl
      ? [
          {
            title: row.name,
            xmlUrl: toAbsoluteUrl(row.feedUrl, deps.config.publicUrl),
            htmlUrl: row.websiteUrl,
          },
        ]
      : [],
  );
  return buildOpml("Podcasts followed on Earmark", feeds);
}

/**
 * Follows every feed of an OPML file. Known feeds are followed at once. Unknown ones go through the
 * same path as a show added by its address (addPodcastByFeed): the private-address check, the daily
 * limit of new feeds and the `catalog.add-feed` job with the per-feed limits. So a file of 500 new
 * feeds adds the day's allowance and says why the rest were not added, rather than bypassing it.
 */
export async function importOpml(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
  userId: string,
  opml: string,
): Promise<OpmlImport> {
  await consumeRateLimits(
    deps.db,
    [{ key: `opml-import:${userId}`, limit: 10, windowSeconds: 60 * 60 }],
    (wait) => `Too many OPML imports. Please wait ${wait} and try again.`,
  );
  let parsed: ReturnType<typeof parseOpml>;
  try {
    parsed = parseOpml(opml);
  } catch (error) {
    if (error instanceof OpmlError) throw new AppError("UNPROCESSABLE", error.message);
    throw error;
  }
  if (parsed.feeds.length > OPML_MAX_FEEDS) {
    throw new AppError(
      "UNPROCESSABLE",
      `The file lists ${parsed.feeds.length} feeds; import at most ${OPML_MAX_FEEDS} at a time.`,
    );
  }
  if (!parsed.feeds.length) throw new AppError("UNPROCESSABLE", "The file lists no podcast feeds.");

  // Own-origin feeds are stored as paths, so look them up both ways.
  const ownOrigin = new URL(deps.config.publicUrl).origin;
  const storedUrl = (url: string) => (new URL(url).origin === ownOrigin ? new URL(url).pathname : url);
  const urls = parsed.feeds.map((feed) => storedUrl(feed.xmlUrl));
  const known = await deps.db
    .select({ id: podcasts.id, feedUrl: podcasts.feedUrl })
    .from(podcasts)
    .where(inArray(podcasts.feedUrl, urls));
  if (known.length) {
    await deps.db
      .insert(podcastSubscriptions)
      .values(known.map((row) => ({ userId, podcastId: row.id })))
      .onConflictDoNothing();
  }
  const knownUrls = new Set(known.map((row) => row.feedUrl));
  const followed = new Set(known.map((row) => row.id));
  const notAdded: OpmlImport["notAdded"] = [];
  const additions: OpmlImport["additions"] = [];
  let created = 0;
  let limitReason: string | null = null;
  for (const feed of parsed.feeds) {
    if (knownUrls.has(storedUrl(feed.xmlUrl))) continue;
    if (limitReason) {
      notAdded.push({ feedUrl: feed.xmlUrl, reason: limitReason });
      continue;
    }
    try {
      const { addition, isQueued } = await addPodcastByFeed(deps, userId, feed.xmlUrl, feed.title);
      if (addition.podcast) followed.add(addition.podcast.id);
      additions.push(addition);
      if (isQueued) created += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Once a limit is reached, the rest of the file would meet it too.
      if (error.code === "RATE_LIMITED") limitReason = error.message;
      notAdded.push({ feedUrl: feed.xmlUrl, reason: error.message });
    }
  }
  return {
    followed: followed.size,
    created,
    queued: created,
    invalid: parsed.invalid,
    notAdded,
    additions,
  };
}
