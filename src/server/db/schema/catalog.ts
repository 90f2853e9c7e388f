import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { type TranscriptionState, transcriptionStates } from "../../../domain/contract/episodes.ts";
import { PODCAST_ADDITION_STATUSES, type PodcastAdditionStatus } from "../../../domain/contract/podcasts.ts";
import { type QuizStatus, quizStatuses } from "../../../domain/contract/quiz.ts";
import { createdAt, ownerUserId, primaryId, sqlLiterals, updatedAt } from "./columns.ts";

/** Postgres full-text document; drizzle has no built-in column type for it. */
const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** One key point of an episode; timecode is seconds (legacy rows may hold an "h:mm:ss" string). */
export type EpisodeInsight = { key_point: string; timecode?: number | string };
/** A timed transcript segment, times in seconds. */
export type TranscriptSegment = { start: number; end: number; text: string; speaker?: string };
export type ShowNote = { url: string; label: string };
/** Legacy people list, superseded by guests/hosts + episode_guests/episode_hosts. */
export type EpisodePerson = { name: string; role?: string; avatar_url?: string };

export const podcastSourceTypes = ["rss", "youtube", "manual"] as const;
export type PodcastSourceType = (typeof podcastSourceTypes)[number];

export const podcasts = pgTable(
  "podcasts",
  {
    id: primaryId(),
    name: text("name").notNull(),
    // NULLs are distinct, so YouTube/manual podcasts without a feed never collide.
    feedUrl: text("feed_url").unique("podcasts_feed_url_key"),
    sourceType: text("source_type").$type<PodcastSourceType>().notNull().default("rss"),
    coverUrl: text("cover_url"),
    description: text("description"),
    author: text("author"),
    websiteUrl: text("website_url"),
    youtubeChannelId: text("youtube_channel_id"),
    // <podcast:guid> survives feed moves; used to merge duplicates created under an old feed_url.
    podcastGuid: text("podcast_guid").unique("podcasts_podcast_guid_key"),
    // Conditional GET state for the feed poller (header values stored verbatim).
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    // The outcome of the last run that fetched the feed (any of ingest, sync, backfill, auto-ingest),
    // shown on the admin lab's Podcasts tab: when, how many new episodes, and why it failed.
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastSyncInserted: integer("last_sync_inserted"),
    lastSyncError: text("last_sync_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("podcasts_source_type_check", sql`${t.sourceType} in ('rss', 'youtube', 'manual')`),
    check("podcasts_name_check", sql`char_length(btrim(${t.name})) > 0`),
    check("podcasts_rss_feed_check", sql`${t.sourceType} <> 'rss' or ${t.feedUrl} is not null`),
    index("podcasts_name_idx").on(t.name),
    // Search: a podcast's own result row, by the words of its name (decision 033).
    index("podcasts_name_search_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
    // "Add a podcast" looks shows up by name (GET /podcasts?q=).
    index("podcasts_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

export const episodes = pgTable(
  "episodes",
  {
    id: primaryId(),
    podcastId: uuid("podcast_id")
      .notNull()
      .references(() => podcasts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary"),
    insights: jsonb("insights").$type<EpisodeInsight[]>().notNull().default(sql`'[]'::jsonb`),
    keyInsights: text("key_insights").array(),
    topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
    transcriptText: text("transcript_text"),
    transcriptUrl: text("transcript_url"),
    // Podcasting 2.0 chapters source; fetched with the transcript after the episode is stored.
    chaptersUrl: text("chapters_url"),
    // Last attempt to fetch transcript and chapters; failures are retried a day later.
    detailsCheckedAt: timestamp("details_checked_at", { withTimezone: true }),
    transcriptSegments: jsonb("transcript_segments").$type<TranscriptSegment[]>(),
    // Set when the transcript was made by the transcription service rather than shipped by the feed.
    transcribedAt: timestamp("transcribed_at", { withTimezone: true }),
    // learning.transcribe: null (nothing under way), queued, running or failed (with the reason).
    transcriptionState: text("transcription_state").$type<TranscriptionState>(),
    transcriptionError: text("transcription_error"),
    audioUrl: text("audio_url"),
    youtubeUrl: text("youtube_url"),
    imageUrl: text("image_url"),
    duration: integer("duration"), // seconds
    // Source publication time (RSS pubDate / video publish time); every list orders by it.
    // Ingestion falls back to first-seen time so "newest first" is always defined.
    pubDate: timestamp("pub_date", { withTimezone: true }).notNull().defaultNow(),
    // When Earmark first made the episode visible (ready became true).
    publishedAt: timestamp("published_at", { withTimezone: true }),
    guid: text("guid"),
    // Normalised audio URL (else YouTube URL), computed by ingestion; catches re-listed items
    // whose guid changed and is the home list's de-duplication key.
    enclosureKey: text("enclosure_key"),
    ready: boolean("ready").notNull().default(false),
    quizStatus: text("quiz_status").$type<QuizStatus>().notNull().default("none"),
    // Knowledge themes (spec 3 §9 ids) assigned by categorisation.
    themes: text("themes").array().notNull().default(sql`'{}'::text[]`),
    // When the learning engine last wrote summary, insights and topics; null = never enriched.
    enrichedAt: timestamp("enriched_at", { withTimezone: true }),
    showNotes: jsonb("show_notes").$type<ShowNote[]>().notNull().default(sql`'[]'::jsonb`),
    people: jsonb("people").$type<EpisodePerson[]>(),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("summary", '')), 'B') || setweight(to_tsvector('english'::regconfig, public.immutable_array_to_string("topics", ' ')), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NULL guids are distinct, so this is "unique where guid is not null" and still a valid
    // ON CONFLICT (podcast_id, guid) target for the ingester.
    unique("episodes_podcast_guid_key").on(t.podcastId, t.guid),
    unique("episodes_podcast_enclosure_key").on(t.podcastId, t.enclosureKey),
    check("episodes_title_check", sql`char_length(btrim(${t.title})) > 0`),
    check("episodes_quiz_status_check", sql`${t.quizStatus} in (${sqlLiterals(quizStatuses)})`),
    check("episodes_duration_check", sql`${t.duration} >= 0`),
    check(
      "episodes_transcription_state_check",
      sql`${t.transcriptionState} in (${sqlLiterals(transcriptionStates)})`,
    ),
    check("episodes_insights_check", sql`jsonb_typeof(${t.insights}) = 'array'`),
    check("episodes_show_notes_check", sql`jsonb_typeof(${t.showNotes}) = 'array'`),
    check(
      "episodes_transcript_segments_check",
      sql`${t.transcriptSegments} is null or jsonb_typeof(${t.transcriptSegments}) = 'array'`,
    ),
    check("episodes_people_check", sql`${t.people} is null or jsonb_typeof(${t.people}) = 'array'`),
    // search_vector and title are searched through episode_search (its own GIN indexes).
    // Btree indexes stay ascending on purpose: a backward scan yields ORDER BY x DESC with the
    // default NULLS FIRST (what drizzle's desc() emits); drizzle-kit's .desc() would create
    // DESC NULLS LAST, which that ORDER BY cannot use.
    // Home list, featured episode, search without text, dropdown ordering: ready, newest first.
    index("episodes_ready_pub_date_idx").on(t.pubDate).where(sql`${t.ready}`),
    // Quizzes tab: ready episodes whose quiz is complete.
    index("episodes_quiz_ready_pub_date_idx")
      .on(t.pubDate)
      .where(sql`${t.ready} and ${t.quizStatus} = 'complete'`),
    // auto-enrich-episodes: the episodes the learning engine has not enriched yet.
    index("episodes_not_enriched_idx").on(t.createdAt).where(sql`${t.enrichedAt} is null`),
    // Admin: all episodes newest first; recent 20 by created_at.
    index("episodes_pub_date_idx").on(t.pubDate),
    index("episodes_created_at_idx").on(t.createdAt),
    // Search ?podcast= filter, admin "by podcast", per-podcast stats, cascade from podcasts.
    index("episodes_podcast_pub_date_idx").on(t.podcastId, t.pubDate),
  ],
);

/** The columns of a search row, fresh builders for each table that holds them. */
function searchRowColumns<Key>(episodeId: Key) {
  return {
    episodeId,
    podcastId: uuid("podcast_id").notNull(),
    pubDate: timestamp("pub_date", { withTimezone: true }).notNull(),
    title: text("title").notNull(),
    // The title lower-cased once when written: the dropdown's window walk tests `title ILIKE '%…%'`
    // on up to 3,000 rows, and ILIKE lower-cases each title again (decision 040).
    titleLower: text("title_lower").notNull().generatedAlwaysAs(sql`lower("title")`),
    searchVector: tsvector("search_vector").notNull(),
  };
}

/**
 * The search index of ready episodes: one narrow row per visible episode, kept by a trigger on
 * episodes (migration 0011). Search and the dropdown scan and rank these small rows instead of the
 * wide episode rows (summaries, transcripts), which keeps them fast at a million episodes.
 */
export const episodeSearch = pgTable(
  "episode_search",
  searchRowColumns(
    uuid("episode_id")
      .primaryKey()
      .references(() => episodes.id, { onDelete: "cascade" }),
  ),
  (t) => [
    index("episode_search_vector_idx").using("gin", t.searchVector),
    index("episode_search_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // Newest first (backward scan), and the ?podcast= filter.
    index("episode_search_pub_date_idx").on(t.pubDate, t.episodeId),
    index("episode_search_podcast_pub_date_idx").on(t.podcastId, t.pubDate, t.episodeId),
  ],
);

/**
 * The newest part of episode_search (decision 040, third round): exactly its rows with `pub_date`
 * at or after `episode_search_recent_bound.since`, kept by a trigger on episode_search, with the
 * same text indexes, written in date order. A word with a few thousand matches, few of them among
 * the newest 3,000, finds its newest matches here with one heap page per match of this tenth of
 * the catalog instead of one per match of all of it; and the window walk over the newest 3,000
 * reads about 200 pages here instead of 3,000 (episode_search has no date order on disk).
 * `episode_search_recent_trim(size)` (hourly) moves `since` to the date of the size-th newest.
 */
export const episodeSearchRecent = pgTable(
  "episode_search_recent",
  searchRowColumns(
    uuid("episode_id")
      .primaryKey()
      .references(() => episodeSearch.episodeId, { onDelete: "cascade" }),
  ),
  (t) => [
    index("episode_search_recent_vector_idx").using("gin", t.searchVector),
    index("episode_search_recent_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("episode_search_recent_pub_date_idx").on(t.pubDate, t.episodeId),
  ],
);

/** One row: where episode_search_recent begins (`-infinity` while the catalog is smaller than the tier). */
export const episodeSearchRecentBound = pgTable(
  "episode_search_recent_bound",
  {
    id: integer("id").primaryKey().default(1),
    since: timestamp("since", { withTimezone: true }).notNull(),
  },
  (t) => [check("episode_search_recent_bound_one_row", sql`${t.id} = 1`)],
);

/**
 * How many episodes of `episode_search_recent` hold each word (lexeme), as `ts_stat` counts them,
 * taken by `search_word_counts_refresh()` whenever the tier is trimmed (hourly; decision 053). A
 * search whose every word is rare in the tier skips the window walk, which could not find enough.
 */
export const searchWordCounts = pgTable("search_word_counts", {
  word: text("word").primaryKey(),
  episodes: integer("episodes").notNull(),
});

/** One row: how many episodes the tier held when `search_word_counts` was taken, and when. */
export const searchWordCountsBasis = pgTable(
  "search_word_counts_basis",
  {
    id: integer("id").primaryKey().default(1),
    episodes: integer("episodes").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("search_word_counts_basis_one_row", sql`${t.id} = 1`)],
);

/**
 * One row per timed transcript segment of an episode, kept by a trigger on episodes (decision 033):
 * transcript search finds the matching line, and with it the second to play from, through the GIN
 * index on the words of `text` alone, without reading the wide episode rows or their JSON.
 */
export const episodeTranscriptLines = pgTable(
  "episode_transcript_lines",
  {
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    /** The segment's position in transcript_segments (1-based). */
    line: integer("line").notNull(),
    startSeconds: real("start_seconds").notNull(),
    text: text("text").notNull(),
    /** The line's words, stored so that testing one line needs no parsing at query time (decision 037). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "text")`),
  },
  (t) => [
    primaryKey({ columns: [t.episodeId, t.line] }),
    // Transcript-only search: the lines of the whole catalog that say a word.
    index("episode_transcript_lines_search_idx").using("gin", t.searchVector),
    // A result's matched line: one episode's lines in time order, tested one by one (decision 037).
    index("episode_transcript_lines_episode_start_idx").on(t.episodeId, t.startSeconds),
  ],
);

export const episodeChapters = pgTable(
  "episode_chapters",
  {
    id: primaryId(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    startTime: integer("start_time").notNull(),
    title: text("title").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Also the "chapters by episode, start_time ascending" read; makes re-enrichment idempotent.
    unique("episode_chapters_episode_start_key").on(t.episodeId, t.startTime),
    check("episode_chapters_start_time_check", sql`${t.startTime} >= 0`),
  ],
);

export const episodeLinks = pgTable(
  "episode_links",
  {
    id: primaryId(),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title"),
    category: text("category"),
    createdAt: createdAt(),
  },
  (t) => [unique("episode_links_episode_url_key").on(t.episodeId, t.url)],
);

const personColumns = () => ({
  id: primaryId(),
  name: text("name").notNull(),
  bio: text("bio"),
  avatarUrl: text("avatar_url"),
  websiteUrl: text("website_url"),
  twitterHandle: text("twitter_handle"),
  linkedinUrl: text("linkedin_url"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const guests = pgTable("guests", personColumns(), (t) => [
  check("guests_name_check", sql`char_length(btrim(${t.name})) > 0`),
  // Search: a person's own result row (decision 033).
  index("guests_name_search_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
  // Enrichment looks people up by name before creating them (not unique: namesakes exist).
  index("guests_name_lower_idx").on(sql`lower(${t.name})`),
]);

export const hosts = pgTable("hosts", personColumns(), (t) => [
  check("hosts_name_check", sql`char_length(btrim(${t.name})) > 0`),
  index("hosts_name_search_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
  index("hosts_name_lower_idx").on(sql`lower(${t.name})`),
]);

export const episodeGuests = pgTable(
  "episode_guests",
  {
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    guestId: uuid("guest_id")
      .notNull()
      .references(() => guests.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.episodeId, t.guestId] }),
    // Guest page: this guest's episodes.
    index("episode_guests_guest_id_idx").on(t.guestId),
  ],
);

export const episodeHosts = pgTable(
  "episode_hosts",
  {
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    hostId: uuid("host_id")
      .notNull()
      .references(() => hosts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.episodeId, t.hostId] }), index("episode_hosts_host_id_idx").on(t.hostId)],
);

/** A user follows a podcast (profile "Following" tab). */
export const podcastSubscriptions = pgTable(
  "podcast_subscriptions",
  {
    userId: ownerUserId(),
    podcastId: uuid("podcast_id")
      .notNull()
      .references(() => podcasts.id, { onDelete: "cascade" }),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.podcastId] }),
    // Profile: the user's followed podcasts, most recent first (limit 6).
    index("podcast_subscriptions_user_subscribed_idx").on(t.userId, t.subscribedAt),
    index("podcast_subscriptions_podcast_id_idx").on(t.podcastId),
  ],
);

/**
 * A listener adding a show by its feed address (issue 22): what they asked for, the podcast it
 * became, and how reading it went. Counts new feeds per user per day; is the progress the Library
 * polls. A refused new feed's podcast is deleted again, which leaves podcast_id null here.
 */
export const podcastAdditions = pgTable(
  "podcast_additions",
  {
    id: primaryId(),
    userId: ownerUserId(),
    podcastId: uuid("podcast_id").references(() => podcasts.id, { onDelete: "set null" }),
    feedUrl: text("feed_url").notNull(),
    isNew: boolean("is_new").notNull(),
    status: text("status").$type<PodcastAdditionStatus>().notNull().default("queued"),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("podcast_additions_status_check", sql`${t.status} in (${sqlLiterals(PODCAST_ADDITION_STATUSES)})`),
    // The per-day limit (new feeds of a user since a time) and the user's recent additions.
    index("podcast_additions_user_created_idx").on(t.userId, t.createdAt),
    index("podcast_additions_podcast_id_idx").on(t.podcastId),
  ],
);

export const podcastsRelations = relations(podcasts, ({ many }) => ({
  episodes: many(episodes),
  subscriptions: many(podcastSubscriptions),
}));

export const episodesRelations = relations(episodes, ({ one, many }) => ({
  podcast: one(podcasts, { fields: [episodes.podcastId], references: [podcasts.id] }),
  chapters: many(episodeChapters),
  links: many(episodeLinks),
  episodeGuests: many(episodeGuests),
  episodeHosts: many(episodeHosts),
}));

export const episodeChaptersRelations = relations(episodeChapters, ({ one }) => ({
  episode: one(episodes, { fields: [episodeChapters.episodeId], references: [episodes.id] }),
}));

export const episodeLinksRelations = relations(episodeLinks, ({ one }) => ({
  episode: one(episodes, { fields: [episodeLinks.episodeId], references: [episodes.id] }),
}));

export const guestsRelations = relations(guests, ({ many }) => ({
  episodeGuests: many(episodeGuests),
}));

export const hostsRelations = relations(hosts, ({ many }) => ({
  episodeHosts: many(episodeHosts),
}));

export const episodeGuestsRelations = relations(episodeGuests, ({ one }) => ({
  episode: one(episodes, { fields: [episodeGuests.episodeId], references: [episodes.id] }),
  guest: one(guests, { fields: [episodeGuests.guestId], references: [guests.id] }),
}));

export const episodeHostsRelations = relations(episodeHosts, ({ one }) => ({
  episode: one(episodes, { fields: [episodeHosts.episodeId], references: [episodes.id] }),
  host: one(hosts, { fields: [episodeHosts.hostId], references: [hosts.id] }),
}));

export const podcastSubscriptionsRelations = relations(podcastSubscriptions, ({ one }) => ({
  podcast: one(podcasts, { fields: [podcastSubscriptions.podcastId], references: [podcasts.id] }),
}));
