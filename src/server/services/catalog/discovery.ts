import { type SQL, sql } from "drizzle-orm";
import type {
  ContinueItem,
  EpisodeCard,
  EpisodeSuggestion,
  Home,
  HomeEpisode,
  InsightSummary,
  PodcastSummary,
  SearchResult,
} from "../../../domain/contract/catalog.ts";
import { dedupeEpisodes } from "../../../domain/episode-dedupe.ts";
import {
  SEARCH_PAGE_SIZE,
  type SearchSort,
  SUGGEST_LIMIT,
  SUGGEST_MIN_LENGTH,
} from "../../../domain/search.ts";
import type { AppDeps } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";

/**
 * Discovery reads (spec 1 §2 and §7): the home lists, search, the search dropdown, the podcast
 * filter chip and the signed-in "continue listening" row. Only ready episodes are ever listed and
 * only posts published at or before now.
 */

type Deps = Pick<AppDeps, "db">;

export const HOME_FETCH_LIMIT = 24;
export const INSIGHTS_LIMIT = 3;
export const CONTINUE_LIMIT = 6;
/**
 * Relevance ranks the newest 120 matches (five pages): ranking every match of a common word in a
 * million-episode catalog would read every one of them, while the newest are both cheap to rank
 * and what a listener wants first. Sorting by recent or oldest pages through all matches.
 */
export const RELEVANCE_CANDIDATES = 120;
/**
 * How many of the newest (or oldest) ready episodes the first, bounded pass of a text match reads.
 * See `newestMatches`.
 */
export const SCAN_WINDOW = 3000;
/** A position this close to the end (seconds) counts as finished. */
export const FINISHED_MARGIN_SECONDS = 15;

export type SearchInput = {
  q?: string | undefined;
  podcast?: string | undefined;
  sort?: SearchSort | undefined;
  page?: number | undefined;
  limit?: number | undefined;
};

type Row = Record<string, unknown>;

const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

const CARD_COLUMNS = sql`e.id, e.title, e.summary, e.image_url, e.podcast_id, p.name as podcast_name,
  e.pub_date, e.duration, e.topics`;

function toCard(row: Row): EpisodeCard {
  return {
    id: String(row.id),
    title: String(row.title),
    summary: (row.summary as string | null) ?? null,
    imageUrl: (row.image_url as string | null) || null,
    podcastId: String(row.podcast_id),
    podcastName: String(row.podcast_name),
    pubDate: iso(row.pub_date),
    duration: row.duration === null || row.duration === undefined ? null : Number(row.duration),
    topics: (row.topics as string[] | null) ?? [],
  };
}

async function rows(deps: Deps, query: SQL): Promise<Row[]> {
  const result = await deps.db.execute<Row>(query);
  return result.rows;
}

/** Featured: the newest ready episode with a summary (spec 1 §7). */
export async function getFeaturedEpisode(deps: Deps): Promise<EpisodeCard | null> {
  const [row] = await rows(
    deps,
    sql`select ${CARD_COLUMNS} from episodes e join podcasts p on p.id = e.podcast_id
        where e.ready and e.summary is not null and btrim(e.summary) <> ''
        order by e.pub_date desc limit 1`,
  );
  return row ? toCard(row) : null;
}

/**
 * Recent episodes: the 24 newest ready episodes with an image, duplicates removed by normalised
 * audio URL, else YouTube URL, else title plus day; the page shows the first 6.
 */
export async function getRecentEpisodes(deps: Deps): Promise<HomeEpisode[]> {
  const result = await rows(
    deps,
    sql`select ${CARD_COLUMNS}, e.audio_url, e.youtube_url
        from episodes e join podcasts p on p.id = e.podcast_id
        where e.ready and e.image_url is not null and btrim(e.image_url) <> ''
        order by e.pub_date desc limit ${HOME_FETCH_LIMIT}`,
  );
  const episodes = result.map((row) => ({
    ...toCard(row),
    audioUrl: (row.audio_url as string | null) ?? null,
    youtubeUrl: (row.youtube_url as string | null) ?? null,
  }));
  return dedupeEpisodes(episodes);
}

/** The latest 3 insight posts whose published_at is at or before now; drafts and scheduled posts never show. */
export async function getLatestInsights(deps: Deps): Promise<InsightSummary[]> {
  const result = await rows(
    deps,
    sql`select id, slug, title, dek, hero_image, published_at from posts
        where published_at is not null and published_at <= now()
        order by published_at desc limit ${INSIGHTS_LIMIT}`,
  );
  return result.map((row) => ({
    id: String(row.id),
    slug: String(row.slug),
    title: String(row.title),
    dek: (row.dek as string | null) ?? null,
    heroImage: (row.hero_image as string | null) ?? null,
    publishedAt: iso(row.published_at),
  }));
}

export async function getHome(deps: Deps): Promise<Home> {
  const [featured, recent, insights] = await Promise.all([
    getFeaturedEpisode(deps),
    getRecentEpisodes(deps),
    getLatestInsights(deps),
  ]);
  return { featured, recent, insights };
}

/** Words of free text, for prefix queries: letters and digits only, so the tsquery can never be malformed. */
export function queryWords(text: string, max = 8): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, max);
}

/** `word1:* & word2:*` from sanitized words, or null when there are none. */
export function prefixTsquery(text: string): string | null {
  const words = queryWords(text);
  return words.length ? words.map((word) => `${word}:*`).join(" & ") : null;
}

/**
 * Word prefixes as a tsquery: stemmed ('english', so "investing" also finds "invests") or as typed
 * ('simple', so a stop word such as "in" still works as the start of "inflation").
 */
function prefixMatchQuery(prefix: string): SQL {
  return sql`(to_tsquery('english', ${prefix}) || to_tsquery('simple', ${prefix}))`;
}

/** `%text%` for ILIKE with the pattern characters escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function orderFor(sort: SearchSort, alias = "e"): SQL {
  return sort === "oldest"
    ? sql.raw(`${alias}.pub_date asc, ${alias}.id asc`)
    : sql.raw(`${alias}.pub_date desc, ${alias}.id desc`);
}

/**
 * Search (spec 1 §2): websearch-style free text over title, summary and topics, ranked when sorted
 * by relevance; when no whole word matches, word prefixes and title substrings are tried so a
 * half-typed word still finds something. Optional podcast filter; pages of at most 24.
 */
export async function searchEpisodes(deps: Deps, input: SearchInput): Promise<SearchResult> {
  const q = input.q?.trim() ?? "";
  const sort: SearchSort = input.sort ?? (q ? "relevance" : "recent");
  const pageSize = Math.min(input.limit ?? SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE);
  const page = input.page ?? 1;
  const offset = (page - 1) * pageSize;
  const podcastFilter = input.podcast ? sql`and e.podcast_id = ${input.podcast}` : sql``;
  const window = sql`limit ${pageSize + 1} offset ${offset}`;

  const finish = (list: Row[], match: SearchResult["match"]): SearchResult => ({
    episodes: list.slice(0, pageSize).map(toCard),
    page,
    pageSize,
    hasMore: list.length > pageSize,
    sort,
    match,
  });

  if (!q) {
    const list = await rows(
      deps,
      sql`select ${CARD_COLUMNS} from episodes e join podcasts p on p.id = e.podcast_id
          where e.ready ${podcastFilter}
          order by ${orderFor(sort === "oldest" ? "oldest" : "recent")} ${window}`,
    );
    return finish(list, "all");
  }

  const direction = sort === "oldest" ? "asc" : "desc";
  const runTextSearch = async ({ match, rank }: { match: SQL; rank: SQL }): Promise<Row[]> => {
    if (sort !== "relevance") {
      const ids = await newestMatches(deps, {
        match,
        podcastId: input.podcast,
        direction,
        need: offset + pageSize + 1,
      });
      return cardsFor(deps, ids.slice(offset));
    }
    // Relevance ranks the newest matches: those within the scan window when they fill the page,
    // else the newest RELEVANCE_CANDIDATES of all.
    const candidates = await newestMatches(deps, {
      match,
      podcastId: input.podcast,
      direction: "desc",
      need: RELEVANCE_CANDIDATES,
      enough: offset + pageSize + 1,
    });
    if (!candidates.length) return [];
    const ranked = await rows(
      deps,
      sql`select c.episode_id as id from episode_search c
          where c.episode_id in (${sql.join(
            candidates.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          order by ${rank} desc, c.pub_date desc, c.episode_id desc ${window}`,
    );
    return cardsFor(
      deps,
      ranked.map((row) => String(row.id)),
    );
  };

  const words = sql`websearch_to_tsquery('english', ${q})`;
  const wordMatch = sql`e.search_vector @@ ${words}`;
  const list = await runTextSearch({ match: wordMatch, rank: sql`ts_rank(c.search_vector, ${words})` });
  if (list.length > 0) return finish(list, "words");
  if (page > 1) {
    // An empty later page of a word search stays a word search.
    const [any] = await rows(
      deps,
      sql`select 1 from episode_search e where ${wordMatch} ${podcastFilter} limit 1`,
    );
    if (any) return finish([], "words");
  }

  const prefix = prefixTsquery(q);
  const pattern = containsPattern(q);
  const prefixQuery = prefix ? prefixMatchQuery(prefix) : null;
  // Title substrings need 3 characters: shorter ones have no trigram for the index to use.
  const substring = q.length >= 3 ? sql`e.title ilike ${pattern}` : null;
  const prefixWords = prefixQuery ? sql`e.search_vector @@ ${prefixQuery}` : null;
  const partialMatch =
    substring && prefixWords ? sql`(${prefixWords} or ${substring})` : (prefixWords ?? substring);
  if (!partialMatch) return finish([], "partial");
  const partialRank = prefixQuery
    ? sql`ts_rank(c.search_vector, ${prefixQuery}) + word_similarity(${q}, c.title)`
    : sql`word_similarity(${q}, c.title)`;
  return finish(await runTextSearch({ match: partialMatch, rank: partialRank }), "partial");
}

/**
 * Ids of the newest (or oldest) ready episodes matching `match`, in order, at most `need`. Reads the
 * narrow episode_search rows, never the wide episodes.
 *
 * Left to itself, PostgreSQL either walks the pub_date index and tests each episode (fast for
 * common words, but a rare word or a typo reads the whole table) or collects every match from the
 * full-text index and sorts them (fast for rare words, slow for common ones), and its estimate of
 * which case it is in is often wrong. So: first read only the SCAN_WINDOW newest episodes; if they
 * hold enough matches (`enough`, default `need`), or are all there is, that is the answer. Otherwise
 * the word is rare and the full-text (and trigram) indexes find its matches directly (plain index
 * walks and sequential scans are switched off for that one statement).
 */
async function newestMatches(
  deps: Deps,
  options: {
    match: SQL;
    podcastId: string | undefined;
    direction: "asc" | "desc";
    need: number;
    enough?: number;
  },
): Promise<string[]> {
  const { match, need } = options;
  const order = sql.raw(
    options.direction === "asc" ? "e.pub_date asc, e.episode_id asc" : "e.pub_date desc, e.episode_id desc",
  );
  const podcastWhere = options.podcastId ? sql`where e.podcast_id = ${options.podcastId}` : sql``;
  const podcastAnd = options.podcastId ? sql`and e.podcast_id = ${options.podcastId}` : sql``;
  const window = Math.max(SCAN_WINDOW, need * 4);
  // The walk stops as soon as `need` matches are found, and never reads more than `window` episodes.
  const first = await rows(
    deps,
    sql`select e.episode_id from (
          select e.episode_id, e.pub_date, e.title, e.search_vector from episode_search e
          ${podcastWhere} order by ${order} limit ${window}
        ) e
        where ${match} order by ${order} limit ${need}`,
  );
  const found = first.map((row) => String(row.episode_id));
  if (found.length >= (options.enough ?? need)) return found;
  // Too few: was the window the whole (filtered) catalog? (An index-only count of at most `window`.)
  const [count] = await rows(
    deps,
    sql`select count(*) as n from (select 1 from episode_search e ${podcastWhere} limit ${window}) x`,
  );
  if (Number(count?.n ?? 0) < window) return found;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute<Row>(
      sql`select e.episode_id from episode_search e where ${match} ${podcastAnd} order by ${order} limit ${need}`,
    );
    return result.rows.map((row) => String(row.episode_id));
  });
}

/** Cards for ids, in the order given. */
async function cardsFor(deps: Deps, ids: string[]): Promise<Row[]> {
  if (!ids.length) return [];
  const list = await rows(
    deps,
    sql`select ${CARD_COLUMNS} from episodes e join podcasts p on p.id = e.podcast_id
        where e.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  const byId = new Map(list.map((row) => [String(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
}

/**
 * The search dropdown (spec 1 §7): at least 2 characters; title substring or word prefixes of
 * title, summary and topics, case-insensitive; ready; newest first; 5 results.
 */
export async function suggestEpisodes(deps: Deps, text: string): Promise<EpisodeSuggestion[]> {
  const q = text.trim();
  if (q.length < SUGGEST_MIN_LENGTH) return [];
  const prefix = prefixTsquery(q);
  const pattern = containsPattern(q);
  // Two characters have no trigram for the title index to use, and a substring that short matches
  // almost anything: then only word prefixes count (served by the full-text index).
  const substring = q.length >= 3 ? sql`e.title ilike ${pattern}` : null;
  const words = prefix ? sql`e.search_vector @@ ${prefixMatchQuery(prefix)}` : null;
  const match = substring && words ? sql`(${substring} or ${words})` : (substring ?? words);
  if (!match) return [];
  const ids = await newestMatches(deps, {
    match,
    podcastId: undefined,
    direction: "desc",
    need: SUGGEST_LIMIT,
  });
  if (!ids.length) return [];
  const list = await rows(
    deps,
    sql`select e.id, e.title, e.image_url, p.name as podcast_name
        from episodes e join podcasts p on p.id = e.podcast_id
        where e.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by e.pub_date desc, e.id desc`,
  );
  return list.map((row) => ({
    id: String(row.id),
    title: String(row.title),
    imageUrl: (row.image_url as string | null) || null,
    podcastName: String(row.podcast_name),
  }));
}

/** A podcast's public summary, for the search page's filter chip. */
export async function getPodcastSummary(deps: Deps, id: string): Promise<PodcastSummary> {
  const [row] = await rows(deps, sql`select id, name, cover_url from podcasts where id = ${id}`);
  if (!row) throw notFound("There is no such podcast.");
  return { id: String(row.id), name: String(row.name), coverUrl: (row.cover_url as string | null) ?? null };
}

/**
 * "Continue listening": episodes with a saved position that are not finished, most recently
 * played first. Reads play_history and the user_activity row (the player writes both).
 */
export async function getContinueListening(deps: Deps, userId: string): Promise<ContinueItem[]> {
  const list = await rows(
    deps,
    sql`with items as (
          select episode_id, last_position_seconds as position, last_played_at as played_at
          from play_history where user_id = ${userId} and last_position_seconds > 0
          union all
          select last_episode_id, last_position_seconds, updated_at
          from user_activity
          where user_id = ${userId} and last_episode_id is not null and last_position_seconds > 0
        ), latest as (
          select distinct on (episode_id) episode_id, position, played_at
          from items order by episode_id, played_at desc
        )
        select ${CARD_COLUMNS}, l.position, l.played_at
        from latest l join episodes e on e.id = l.episode_id join podcasts p on p.id = e.podcast_id
        where e.ready and (e.duration is null or l.position < e.duration - ${FINISHED_MARGIN_SECONDS})
        order by l.played_at desc limit ${CONTINUE_LIMIT}`,
  );
  return list.map((row) => ({
    ...toCard(row),
    positionSeconds: Number(row.position),
    lastPlayedAt: iso(row.played_at),
  }));
}
