import { randomUUID } from "node:crypto";
import { and, eq, getTableName, inArray, sql } from "drizzle-orm";
import { episodeDedupeKey, normalizeAudioUrl } from "../../domain/episode-dedupe.ts";
import { parseYoutubeId, toYoutubeWatchUrl } from "../../domain/media-url.ts";
import type { Database, Tx } from "../db/client.ts";
import {
  episodeChapters,
  episodeGuests,
  episodeHosts,
  episodeLinks,
  episodes,
  guests,
  hosts,
  podcasts,
  type ShowNote,
} from "../db/schema/catalog.ts";
import type { Logger } from "../lib/logger.ts";
import { parseChapters } from "./chapters.ts";
import { type ParsedFeed, type ParsedItem, type ParsedPerson, parseFeed } from "./parse-feed.ts";
import { type FetchPolicy, safeFetch } from "./safe-fetch.ts";
import { toAbsoluteUrl, toStoredUrl } from "./stored-url.ts";
import { parseTranscript } from "./transcripts.ts";

export type IngestContext = {
  db: Database;
  logger: Logger;
  policy: FetchPolicy;
  /** The origin the app serves itself under (PUBLIC_URL); its URLs are stored as paths. */
  ownOrigin: string;
  onProgress?: (progress: Record<string, number | string>) => Promise<void>;
  /** Queues a background fetch of transcripts and chapters (large feeds). */
  queueDetails?: (podcastId: string) => Promise<void>;
};

export type IngestResult = {
  podcastId: string;
  podcastName: string;
  notModified: boolean;
  total: number;
  inserted: number;
  updated: number;
  skipped: number;
  /** Episodes whose transcript and chapters were fetched during this run. */
  enriched: number;
  /** Episodes whose details were left to a catalog.fetch-details job. */
  detailsQueued: number;
};

/** A failure of one feed that a person can act on (bad URL, blocked address, invalid XML…). */
export class IngestError extends Error {}

const DETAIL_CONCURRENCY = 4;
/** Up to this many episodes get their details inside the ingest job; more go to a background job. */
export const INLINE_DETAILS_LIMIT = 50;
const MAX_FEED_TOPICS = 8;
const DETAILS_RETRY_AFTER = sql`interval '1 day'`;

type EpisodeValues = {
  guid: string | null;
  enclosureKey: string | null;
  title: string;
  summary: string | null;
  audioUrl: string | null;
  youtubeUrl: string | null;
  imageUrl: string | null;
  duration: number | null;
  pubDate: Date | null;
  showNotes: ShowNote[];
  transcriptUrl: string | null;
  chaptersUrl: string | null;
};

type ExistingEpisode = EpisodeValues & {
  id: string;
  pubDate: Date;
  /** The learning engine summarised the transcript: the feed's description no longer replaces it. */
  hasEngineSummary: boolean;
};

/** Prefer timed transcripts (VTT, SRT, JSON) over untimed ones (HTML, text). */
function pickTranscript(item: ParsedItem) {
  const rank = (type: string) =>
    /vtt/.test(type) ? 0 : /srt|subrip/.test(type) ? 1 : /json/.test(type) ? 2 : /html/.test(type) ? 3 : 4;
  return [...item.transcripts].sort((a, b) => rank(a.type) - rank(b.type))[0] ?? null;
}

function toEpisodeValues(item: ParsedItem, feed: ParsedFeed, ownOrigin: string): EpisodeValues {
  const enclosureIsVideo = parseYoutubeId(item.enclosure?.url) !== null;
  const audioUrl = enclosureIsVideo ? null : toStoredUrl(item.enclosure?.url, ownOrigin);
  const videoId =
    parseYoutubeId(item.youtubeUrl) ?? parseYoutubeId(item.enclosure?.url) ?? parseYoutubeId(item.link);
  const youtubeUrl = videoId ? toYoutubeWatchUrl(videoId) : null;
  return {
    guid: item.guid?.trim() || null,
    enclosureKey: normalizeAudioUrl(item.enclosure?.url) ?? (videoId ? `youtube:${videoId}` : null),
    title: item.title.trim(),
    summary: item.summary?.trim() || null,
    audioUrl,
    youtubeUrl,
    imageUrl: toStoredUrl(item.image ?? feed.image, ownOrigin),
    duration: item.duration,
    pubDate: item.pubDate,
    showNotes: item.showNotes.map((note) => ({ url: note.url, label: note.label })),
    transcriptUrl: toStoredUrl(pickTranscript(item)?.url, ownOrigin),
    chaptersUrl: toStoredUrl(item.chaptersUrl, ownOrigin),
  };
}

function hasChanged(existing: ExistingEpisode, next: EpisodeValues): boolean {
  return (
    existing.guid !== next.guid ||
    existing.enclosureKey !== next.enclosureKey ||
    existing.title !== next.title ||
    (!existing.hasEngineSummary && existing.summary !== next.summary) ||
    existing.audioUrl !== next.audioUrl ||
    existing.youtubeUrl !== next.youtubeUrl ||
    existing.imageUrl !== next.imageUrl ||
    existing.duration !== next.duration ||
    (next.pubDate !== null && existing.pubDate.getTime() !== next.pubDate.getTime()) ||
    existing.transcriptUrl !== next.transcriptUrl ||
    existing.chaptersUrl !== next.chaptersUrl ||
    JSON.stringify(existing.showNotes) !== JSON.stringify(next.showNotes)
  );
}

async function fetchText(
  ctx: IngestContext,
  url: string,
): Promise<{ body: string; contentType: string | null }> {
  const result = await safeFetch(toAbsoluteUrl(url, ctx.ownOrigin), { policy: ctx.policy });
  if (result.status !== "ok") throw new IngestError(`Unexpected ${result.status} for ${url}`);
  return { body: result.body.toString("utf8"), contentType: result.contentType };
}

/** Finds or creates hosts/guests by case-insensitive name and returns their ids by name. */
async function resolvePeople(
  tx: Tx,
  table: typeof hosts | typeof guests,
  people: ParsedPerson[],
  ownOrigin: string,
) {
  const byName = new Map<string, ParsedPerson>();
  for (const person of people) byName.set(person.name.trim().toLowerCase(), person);
  const ids = new Map<string, string>();
  if (!byName.size) return ids;
  // Two feeds read at once (queues run several jobs) may name the same new person: each name is
  // looked up and created under a lock held to the commit, so the second read finds the first's row.
  // Taken in key order, so two reads never wait for each other crosswise.
  const keys = [...byName.keys()].map((name) => `people:${getTableName(table)}:${name}`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(k) from (select distinct hashtextextended(n, 0) as k
          from unnest(${sql.param(keys)}::text[]) n order by k) locks`,
  );
  const existing = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(sql`lower(${table.name})`, [...byName.keys()]));
  for (const row of existing) ids.set(row.name.toLowerCase(), row.id);
  const missing = [...byName.entries()].filter(([key]) => !ids.has(key));
  if (missing.length) {
    const inserted = await tx
      .insert(table)
      .values(
        missing.map(([, person]) => ({
          name: person.name.trim(),
          avatarUrl: toStoredUrl(person.img, ownOrigin),
          websiteUrl: person.href,
        })),
      )
      .returning({ id: table.id, name: table.name });
    for (const row of inserted) ids.set(row.name.toLowerCase(), row.id);
  }
  return ids;
}

type PeopleIds = { hostIds: Map<string, string>; guestIds: Map<string, string> };
type PeopleLinks = { episodeId: string; people: ParsedPerson[] }[];

/** Finds or creates every host and guest the links name. */
async function resolveLinkedPeople(tx: Tx, people: ParsedPerson[], ownOrigin: string): Promise<PeopleIds> {
  const hostIds = await resolvePeople(
    tx,
    hosts,
    people.filter((p) => p.role === "host"),
    ownOrigin,
  );
  const guestIds = await resolvePeople(
    tx,
    guests,
    people.filter((p) => p.role === "guest"),
    ownOrigin,
  );
  return { hostIds, guestIds };
}

function toLinkRows(links: PeopleLinks, { hostIds, guestIds }: PeopleIds) {
  const hostRows = links.flatMap(({ episodeId, people }) =>
    people.flatMap((p) => {
      const hostId = p.role === "host" ? hostIds.get(p.name.trim().toLowerCase()) : undefined;
      return hostId ? [{ episodeId, hostId }] : [];
    }),
  );
  const guestRows = links.flatMap(({ episodeId, people }) =>
    people.flatMap((p) => {
      const guestId = p.role === "guest" ? guestIds.get(p.name.trim().toLowerCase()) : undefined;
      return guestId ? [{ episodeId, guestId }] : [];
    }),
  );
  return { hostRows, guestRows };
}

async function linkPeople(tx: Tx, links: PeopleLinks, ids: PeopleIds) {
  const { hostRows, guestRows } = toLinkRows(links, ids);
  if (hostRows.length) await tx.insert(episodeHosts).values(hostRows).onConflictDoNothing();
  if (guestRows.length) await tx.insert(episodeGuests).values(guestRows).onConflictDoNothing();
}

async function upsertPodcast(
  ctx: IngestContext,
  feed: ParsedFeed,
  feedUrl: string,
  podcastId: string | null,
) {
  const values = {
    name: feed.title.trim() || new URL(toAbsoluteUrl(feedUrl, ctx.ownOrigin)).hostname,
    description: feed.description,
    author: feed.author,
    coverUrl: toStoredUrl(feed.image, ctx.ownOrigin),
    websiteUrl: feed.link,
  };
  if (podcastId) {
    // Only a real change writes (and bumps updated_at).
    await ctx.db
      .update(podcasts)
      .set(values)
      .where(
        and(
          eq(podcasts.id, podcastId),
          sql`(${podcasts.name}, ${podcasts.description}, ${podcasts.author}, ${podcasts.coverUrl}, ${podcasts.websiteUrl})
            is distinct from (${values.name}, ${values.description}, ${values.author}, ${values.coverUrl}, ${values.websiteUrl})`,
        ),
      );
    return podcastId;
  }
  const [row] = await ctx.db
    .insert(podcasts)
    .values({ ...values, feedUrl, sourceType: "rss" })
    .onConflictDoUpdate({ target: podcasts.feedUrl, set: values })
    .returning({ id: podcasts.id });
  if (!row) throw new IngestError("The podcast could not be saved.");
  return row.id;
}

const needsDetailsWhere = (podcastId: string) =>
  and(
    eq(episodes.podcastId, podcastId),
    sql`(${episodes.detailsCheckedAt} is null or ${episodes.detailsCheckedAt} < now() - ${DETAILS_RETRY_AFTER})`,
    sql`((${episodes.transcriptUrl} is not null and ${episodes.transcriptText} is null)
      or (${episodes.chaptersUrl} is not null and not exists (select 1 from ${episodeChapters} c where c.episode_id = ${episodes.id})))`,
  );

async function countEpisodesNeedingDetails(db: Database, podcastId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(episodes)
    .where(needsDetailsWhere(podcastId));
  return row?.count ?? 0;
}

/**
 * Fetches transcripts and chapters that episodes of a podcast lack (at most `limit` episodes,
 * newest first); each episode is written in its own transaction. A failure is logged and retried
 * a day later, so one broken link never fails a feed.
 */
export async function enrichEpisodes(
  ctx: IngestContext,
  podcastId: string,
  options: { limit?: number } = {},
): Promise<{ enriched: number; remaining: number }> {
  const needsDetails = needsDetailsWhere(podcastId);
  const count = await countEpisodesNeedingDetails(ctx.db, podcastId);
  const work = await ctx.db
    .select({
      id: episodes.id,
      transcriptUrl: episodes.transcriptUrl,
      chaptersUrl: episodes.chaptersUrl,
      hasText: sql<boolean>`${episodes.transcriptText} is not null`,
    })
    .from(episodes)
    .where(needsDetails)
    .orderBy(sql`${episodes.pubDate} desc`)
    .limit(options.limit ?? count);
  let enriched = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: DETAIL_CONCURRENCY }, async () => {
      while (next < work.length) {
        const episode = work[next++];
        if (!episode) break;
        try {
          const transcript =
            episode.transcriptUrl && !episode.hasText ? await fetchText(ctx, episode.transcriptUrl) : null;
          const chapters = episode.chaptersUrl
            ? parseChapters((await fetchText(ctx, episode.chaptersUrl)).body)
            : [];
          await ctx.db.transaction(async (tx) => {
            const parsed = transcript
              ? parseTranscript(transcript.body, transcript.contentType, episode.transcriptUrl ?? undefined)
              : null;
            await tx
              .update(episodes)
              .set({
                detailsCheckedAt: new Date(),
                ...(parsed
                  ? {
                      transcriptText: parsed.text || null,
                      transcriptSegments: parsed.segments.length ? parsed.segments : null,
                    }
                  : {}),
              })
              .where(eq(episodes.id, episode.id));
            if (chapters.length) {
              await tx
                .insert(episodeChapters)
                .values(
                  chapters.map((c) => ({ episodeId: episode.id, startTime: c.startTime, title: c.title })),
                )
                .onConflictDoNothing();
            }
          });
          enriched++;
        } catch (error) {
          await ctx.db
            .update(episodes)
            .set({ detailsCheckedAt: new Date() })
            .where(eq(episodes.id, episode.id));
          ctx.logger.warn(
            { err: error instanceof Error ? error.message : error, episodeId: episode.id },
            "episode details could not be fetched",
          );
        }
      }
    }),
  );
  return { enriched, remaining: count - work.length };
}

/**
 * Fetches and parses a feed address without storing anything, so the admin lab can refuse an
 * address at once with the reason (not a valid URL, a private network address, no answer, not RSS
 * or Atom) instead of queueing a job that can only fail. The job checks again when it runs.
 */
export async function checkFeedAddress(ctx: Pick<IngestContext, "policy" | "ownOrigin">, feedUrl: string) {
  const absolute = URL.canParse(feedUrl, ctx.ownOrigin) ? new URL(feedUrl, ctx.ownOrigin).toString() : null;
  if (!absolute || !toStoredUrl(absolute, ctx.ownOrigin))
    throw new IngestError("The feed URL is not a valid web address.");
  let fetched: Awaited<ReturnType<typeof safeFetch>>;
  try {
    fetched = await safeFetch(absolute, {
      policy: ctx.policy,
      accept: "application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5",
    });
  } catch (error) {
    throw new IngestError(error instanceof Error ? error.message : "The feed could not be fetched.");
  }
  if (fetched.status !== "ok")
    throw new IngestError("The feed answered 304 Not Modified to a first request.");
  try {
    parseFeed(fetched.body, fetched.finalUrl);
  } catch (error) {
    throw new IngestError(error instanceof Error ? error.message : "The feed could not be parsed.");
  }
}

/**
 * Ingests one feed (readiness and published_at are derived by a database trigger): conditional GET, parse, idempotent upserts in batched transactions, then
 * transcripts and chapters. The ETag is saved last, so a crash anywhere means the next run fetches
 * the whole feed again and converges to the same rows.
 */
export async function ingestFeed(
  ctx: IngestContext,
  input: {
    podcastId?: string;
    feedUrl?: string;
    batchSize?: number;
    isForced?: boolean;
    /** Refuse a feed listing more items than this (feeds listeners add). */
    maxItems?: number;
  },
): Promise<IngestResult> {
  const batchSize = input.batchSize ?? 1000;
  // Stored form: a feed on this server is kept as a path, however it was given.
  let givenFeedUrl: string | null = null;
  if (input.feedUrl) {
    givenFeedUrl = toStoredUrl(
      URL.canParse(input.feedUrl, ctx.ownOrigin) ? new URL(input.feedUrl, ctx.ownOrigin).toString() : null,
      ctx.ownOrigin,
    );
    if (!givenFeedUrl) throw new IngestError("The feed URL is not a valid web address.");
  }
  const [known] = input.podcastId
    ? await ctx.db.select().from(podcasts).where(eq(podcasts.id, input.podcastId)).limit(1)
    : givenFeedUrl
      ? await ctx.db.select().from(podcasts).where(eq(podcasts.feedUrl, givenFeedUrl)).limit(1)
      : [];
  if (input.podcastId && !known) throw new IngestError("There is no such podcast.");
  const feedUrl = givenFeedUrl ?? known?.feedUrl;
  if (!feedUrl) throw new IngestError("The podcast has no RSS feed URL.");

  let fetched: Awaited<ReturnType<typeof safeFetch>>;
  try {
    fetched = await safeFetch(toAbsoluteUrl(feedUrl, ctx.ownOrigin), {
      policy: ctx.policy,
      etag: input.isForced ? null : known?.etag,
      lastModified: input.isForced ? null : known?.lastModified,
      accept: "application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5",
    });
  } catch (error) {
    throw new IngestError(error instanceof Error ? error.message : "The feed could not be fetched.");
  }
  if (fetched.status === "not-modified" && known) {
    return {
      podcastId: known.id,
      podcastName: known.name,
      notModified: true,
      total: 0,
      inserted: 0,
      updated: 0,
      skipped: 0,
      enriched: 0,
      detailsQueued: 0,
    };
  }
  if (fetched.status !== "ok")
    throw new IngestError("The feed answered 304 Not Modified to a first request.");

  let feed: ParsedFeed;
  try {
    feed = parseFeed(fetched.body, fetched.finalUrl, { contentType: fetched.contentType });
  } catch (error) {
    throw new IngestError(error instanceof Error ? error.message : "The feed could not be parsed.");
  }
  if (input.maxItems !== undefined && feed.items.length > input.maxItems) {
    throw new IngestError(
      `The feed lists ${feed.items.length} episodes; a feed added from the Library may list at most ${input.maxItems}.`,
    );
  }

  const podcastId = await upsertPodcast(ctx, feed, feedUrl, known?.id ?? null);
  if (feed.podcastGuid && feed.podcastGuid !== known?.podcastGuid) {
    // The guid is optional metadata; another podcast already claiming it must not fail the feed.
    await ctx.db.execute(
      sql`update podcasts set podcast_guid = ${feed.podcastGuid} where id = ${podcastId}
          and not exists (select 1 from podcasts other where other.podcast_guid = ${feed.podcastGuid} and other.id <> ${podcastId})`,
    );
  }

  const existingRows = await ctx.db
    .select({
      id: episodes.id,
      guid: episodes.guid,
      enclosureKey: episodes.enclosureKey,
      title: episodes.title,
      summary: episodes.summary,
      audioUrl: episodes.audioUrl,
      youtubeUrl: episodes.youtubeUrl,
      imageUrl: episodes.imageUrl,
      duration: episodes.duration,
      pubDate: episodes.pubDate,
      showNotes: episodes.showNotes,
      transcriptUrl: episodes.transcriptUrl,
      chaptersUrl: episodes.chaptersUrl,
      hasEngineSummary: sql<boolean>`${episodes.enrichedAt} is not null and (${episodes.transcriptSegments} is not null or ${episodes.transcriptText} is not null)`,
    })
    .from(episodes)
    .where(eq(episodes.podcastId, podcastId));
  const byGuid = new Map(existingRows.filter((row) => row.guid).map((row) => [row.guid as string, row]));
  const byEnclosure = new Map(
    existingRows.filter((row) => row.enclosureKey).map((row) => [row.enclosureKey as string, row]),
  );

  // One row per episode: items repeating a guid or an enclosure are the same episode.
  const seen = new Set<string>();
  const planned: {
    values: EpisodeValues;
    existing: ExistingEpisode | undefined;
    people: ParsedPerson[];
    topics: string[];
  }[] = [];
  for (const item of feed.items) {
    const values = toEpisodeValues(item, feed, ctx.ownOrigin);
    if (!values.title) continue;
    const keys = [
      values.guid && `g:${values.guid}`,
      values.enclosureKey && `e:${values.enclosureKey}`,
    ].filter(Boolean) as string[];
    if (!keys.length) keys.push(`t:${episodeDedupeKey({ ...values, pubDate: values.pubDate ?? "" })}`);
    if (keys.some((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    const existing =
      (values.guid ? byGuid.get(values.guid) : undefined) ??
      (values.enclosureKey ? byEnclosure.get(values.enclosureKey) : undefined);
    const people = item.persons.length ? item.persons : feed.persons;
    planned.push({ values, existing, people, topics: item.categories.slice(0, MAX_FEED_TOPICS) });
  }

  const result: IngestResult = {
    podcastId,
    podcastName: feed.title,
    notModified: false,
    total: planned.length,
    inserted: 0,
    updated: 0,
    skipped: 0,
    enriched: 0,
    detailsQueued: 0,
  };

  for (let start = 0; start < planned.length; start += batchSize) {
    const batch = planned.slice(start, start + batchSize);
    await ctx.db.transaction(async (tx) => {
      const toInsert = batch.filter((entry) => !entry.existing);
      const toUpdate = batch.filter((entry) => entry.existing && hasChanged(entry.existing, entry.values));
      result.skipped += batch.length - toInsert.length - toUpdate.length;
      const updatedLinks: PeopleLinks = [];
      const peopleIds = await resolveLinkedPeople(
        tx,
        [...toInsert, ...toUpdate].flatMap((entry) => entry.people),
        ctx.ownOrigin,
      );
      let insertedIds: string[] = [];

      if (toInsert.length) {
        // Ids chosen here, so the statement that inserts the episodes also writes their people
        // links: the search index then computes each new episode's document once (decision 046).
        const rows = toInsert.map((entry) => ({ id: randomUUID(), entry }));
        const { hostRows, guestRows } = toLinkRows(
          rows.map(({ id, entry }) => ({ episodeId: id, people: entry.people })),
          peopleIds,
        );
        const insertEpisodes = tx
          .insert(episodes)
          .values(
            // Feed categories seed the topics; later the learning engine owns them, so syncs leave them alone.
            rows.map(({ id, entry: { values, topics } }) => ({
              ...values,
              id,
              topics,
              podcastId,
              pubDate: values.pubDate ?? undefined,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: episodes.id });
        // An episode skipped by a conflict (a concurrent import) gets no links from here.
        const inserted = await tx.execute<{ id: string }>(sql`
          with inserted as (${insertEpisodes.getSQL()}),
          host_links as (
            insert into ${episodeHosts} (episode_id, host_id)
            select l."episodeId", l."hostId"
            from jsonb_to_recordset(${JSON.stringify(hostRows)}::jsonb) as l("episodeId" uuid, "hostId" uuid)
            where l."episodeId" in (select id from inserted)
            on conflict do nothing),
          guest_links as (
            insert into ${episodeGuests} (episode_id, guest_id)
            select l."episodeId", l."guestId"
            from jsonb_to_recordset(${JSON.stringify(guestRows)}::jsonb) as l("episodeId" uuid, "guestId" uuid)
            where l."episodeId" in (select id from inserted)
            on conflict do nothing)
          select id from inserted`);
        insertedIds = inserted.rows.map((row) => row.id);
        result.inserted += insertedIds.length;
        result.skipped += toInsert.length - insertedIds.length;
      }
      for (const { values, existing, people } of toUpdate) {
        if (!existing) continue;
        await tx
          .update(episodes)
          .set({
            ...values,
            summary: existing.hasEngineSummary ? existing.summary : values.summary,
            pubDate: values.pubDate ?? existing.pubDate,
            // A changed source means the stored details are stale: fetch them again.
            ...(existing.transcriptUrl !== values.transcriptUrl
              ? { transcriptText: null, transcriptSegments: null, detailsCheckedAt: null }
              : {}),
            ...(existing.chaptersUrl !== values.chaptersUrl ? { detailsCheckedAt: null } : {}),
          })
          .where(eq(episodes.id, existing.id));
        if (existing.chaptersUrl !== values.chaptersUrl) {
          await tx.delete(episodeChapters).where(eq(episodeChapters.episodeId, existing.id));
        }
        updatedLinks.push({ episodeId: existing.id, people });
        result.updated++;
      }
      await linkPeople(tx, updatedLinks, peopleIds);
      await storeShowNoteLinks(tx, [...insertedIds, ...updatedLinks.map((link) => link.episodeId)]);
    });
    await ctx.onProgress?.({
      phase: "episodes",
      done: Math.min(start + batchSize, planned.length),
      total: planned.length,
    });
  }

  // A normal sync fetches its few new transcripts at once; a large import leaves them all to a job.
  const pendingDetails = await countEpisodesNeedingDetails(ctx.db, podcastId);
  if (pendingDetails <= INLINE_DETAILS_LIMIT || !ctx.queueDetails) {
    result.enriched = (await enrichEpisodes(ctx, podcastId, { limit: INLINE_DETAILS_LIMIT })).enriched;
  } else {
    await ctx.queueDetails(podcastId);
    result.detailsQueued = pendingDetails;
  }
  await ctx.db
    .update(podcasts)
    .set({
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      lastFetchedAt: new Date(),
    })
    .where(eq(podcasts.id, podcastId));
  return result;
}

/** Mirrors each episode's show notes into episode_links (category "show_notes"). */
async function storeShowNoteLinks(tx: Tx, episodeIds: string[]) {
  if (!episodeIds.length) return;
  await tx.execute(sql`
    insert into ${episodeLinks} (episode_id, url, title, category)
    select e.id, note->>'url', note->>'label', 'show_notes'
    from ${episodes} e, jsonb_array_elements(e.show_notes) note
    where e.id in (${sql.join(
      episodeIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    on conflict do nothing`);
}
