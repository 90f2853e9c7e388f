import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type {
  ContinueItem,
  EpisodeCard,
  EpisodeSuggestion,
  Home,
  HomeEpisode,
  InsightSummary,
  PodcastSummary,
  SearchEpisode,
  SearchPerson,
  SearchPodcast,
  SearchResult,
  Suggestions,
} from "../../../domain/contract/catalog.ts";
import { dedupeEpisodes } from "../../../domain/episode-dedupe.ts";
import {
  CARD_TOPIC_LIMIT,
  SEARCH_ENTITY_LIMIT,
  SEARCH_PAGE_SIZE,
  type SearchSort,
  SUGGEST_ENTITY_LIMIT,
  SUGGEST_LIMIT,
  SUGGEST_MIN_LENGTH,
} from "../../../domain/search.ts";
import type { AppDeps } from "../../context.ts";
import { newRequestTurn, type RequestTurn, statementGateOf } from "../../db/statement-gate.ts";
import { notFound } from "../../lib/errors.ts";

/**
 * Discovery reads (spec 1 §2 and §7): the home lists, search, the search dropdown, the podcast
 * filter chip and the signed-in "continue listening" row. Only ready episodes are ever listed and
 * only posts published at or before now.
 */

/** `turn`: the request's place at the statement gate (decision 063); absent, each statement queues as new. */
type Deps = Pick<AppDeps, "db"> & { turn?: RequestTurn };

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
/**
 * How many of the newest episodes `episode_search_recent` holds (migration of decision 040's third
 * round): a tenth of the bench's million. A word with a few thousand matches has a few hundred in
 * it, enough for the 120 relevance candidates, found with a tenth of the heap reads.
 */
export const RECENT_TIER_SIZE = 100_000;
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

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const iso = (value: unknown): string => toDate(value).toISOString();
const toTime = (value: unknown): number => toDate(value).getTime();

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

/** A search result's card fields: a card without its summary (`searchEpisodeSchema`). */
function searchCard(row: Row): Omit<EpisodeCard, "summary"> {
  const { summary: _unshown, ...card } = toCard(row);
  return card;
}

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement (decision 037): each connection parses and plans
 * it once, and PostgreSQL reuses a generic plan after a few runs, so a search does not pay the
 * 3–5 ms of planning per statement. The name is a hash of the text, so the text must not vary with
 * the values: lists go in as one array parameter (`= any(…)`), never as `in (…)`. The texts
 * here are a few dozen shapes, so each connection keeps a bounded set.
 */
async function rows(deps: Deps, query: SQL, options: { isPlannedEachTime?: boolean } = {}): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = options.isPlannedEachTime
    ? undefined
    : `discovery_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
  const result = await statementGateOf(deps.db.$client).run(deps.turn, () =>
    deps.db.$client.query<Row>({ name, text, values: params }),
  );
  return result.rows;
}

/**
 * The rows of several statements in one round trip (decision 051), each set as one json array. At
 * a million episodes the dropdown's own statements execute in a few tenths of a millisecond, and
 * each further statement costs about as much again (protocol, executor start-up, both processes'
 * system calls). Each set is named by its key; a missing statement is skipped. Each set keeps its
 * statement's order in practice (json_agg reads the ordered result as it comes; PostgreSQL does not
 * promise it). Values come back as JSON: dates as text, numbers as numbers.
 */
async function rowSets(
  deps: Deps,
  statements: Record<string, SQL | null | undefined>,
  options: { with?: SQL } = {},
): Promise<Record<string, Row[] | undefined>> {
  const named = Object.entries(statements).flatMap(([name, statement]) =>
    statement ? [[name, statement] as const] : [],
  );
  const columns = named.map(
    ([name, statement]) =>
      sql`(select coalesce(json_agg(x), '[]'::json) from (${statement}) x) as ${sql.identifier(name)}`,
  );
  const [row] = await rows(
    deps,
    sql`${options.with ? sql`with ${options.with} ` : sql``}select ${sql.join(columns, sql`, `)}`,
  );
  return Object.fromEntries(named.map(([name]) => [name, (row?.[name] as Row[] | undefined) ?? []]));
}

/**
 * A row count for a search statement (a limit, or a bound compared with a count): written into the
 * text when it is one of the few values the first pages use, else a parameter. PostgreSQL keeps a
 * prepared statement's generic plan only when it costs about what a custom plan does, and a limit
 * it cannot see makes it assume a tenth of the table: statements with such a limit were planned
 * anew on every run (about 1 ms each; decision 052). Only counts up to 128 and two fixed ones are
 * written in (the first five pages use a handful), so each connection still keeps a bounded set of
 * statements; later pages of a date-sorted search use parameters.
 */
const rowCount = (n: number): SQL =>
  Number.isInteger(n) && n >= 0 && (n <= LITERAL_COUNT_MAX || n === SCAN_WINDOW || n === BROWSE_COUNT_CAP + 1)
    ? sql.raw(String(n))
    : sql`${n}`;
/** Counts up to this are written into the statement (the relevance candidates and the first five pages). */
const LITERAL_COUNT_MAX = 128;

/** A list of ids as one uuid[] parameter, so the statement's text is the same for any number of them. */
const uuidArray = (ids: readonly string[]): SQL => sql`${sql.param(ids)}::uuid[]`;

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

/** The response cache's key of the home lists, which a post's write forgets (its latest insights). */
export const HOME_CACHE_KEY = "home";

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

/**
 * A tsquery computed once per statement (an InitPlan), not once per row: in a prepared statement's
 * generic plan, `websearch_to_tsquery('english', $1)` is not folded to a constant, and testing it
 * against the 3,000 rows of a window walk parsed the text 3,000 times (decision 040). Not for the
 * transcript step, which is planned with its words (see `transcriptMatches`).
 */
function once(query: SQL): SQL {
  return sql`(select ${query})`;
}

/** `%text%` for ILIKE with the pattern characters escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A title substring test, case-insensitive: `ilike` for the rare path (the trigram index on title
 * serves it), `like` on the stored lower-cased title for the window walk. ILIKE lower-cases every
 * title it tests, which was most of a whole-window walk's cost (decision 040, second round); PostgreSQL's
 * ILIKE is exactly `lower(title) like lower(pattern)` in this database's encoding, so both agree.
 */
function titleContains(text: string): { rare: SQL; window: SQL } {
  const pattern = containsPattern(text);
  return {
    rare: sql`e.title ilike ${once(sql`${pattern}::text`)}`,
    window: sql`e.title_lower like ${once(sql`lower(${pattern})`)}`,
  };
}

function orderFor(sort: "recent" | "oldest"): SQL {
  return sort === "oldest"
    ? sql.raw("e.pub_date asc, e.episode_id asc")
    : sql.raw("e.pub_date desc, e.episode_id desc");
}

/**
 * Search (spec 1 §2, decisions 033 and 037): websearch-style free text over title, summary, topics,
 * the names of guests, hosts and the podcast, and the transcript. Ranked when sorted by relevance:
 * an episode whose own words match (title and people first, then summary, topics, podcast name)
 * comes before one that only mentions the words in its transcript. Each episode carries the first
 * transcript line that matches, with its second. When no whole word matches, word prefixes and
 * title substrings are tried so a half-typed word still finds something. Page 1 of a text search
 * also lists matching podcasts and people. Optional podcast filter; pages of at most 24.
 */
export async function searchEpisodes(deps: Deps, input: SearchInput): Promise<SearchResult> {
  return searchInTurn({ ...deps, turn: newRequestTurn() }, input);
}

async function searchInTurn(deps: Deps, input: SearchInput): Promise<SearchResult> {
  const q = input.q?.trim() ?? "";
  const sort: SearchSort = input.sort ?? (q ? "relevance" : "recent");
  const pageSize = Math.min(input.limit ?? SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE);
  const page = input.page ?? 1;
  const offset = (page - 1) * pageSize;
  const direction = sort === "oldest" ? "asc" : "desc";

  const base = { page, pageSize, sort, podcasts: [], people: [] };

  if (!q) {
    const podcastFilter = input.podcast ? sql`where e.podcast_id = ${input.podcast}` : sql``;
    const order = orderFor(sort === "oldest" ? "oldest" : "recent");
    const [list, count] = await Promise.all([
      rows(
        deps,
        sql`select e.episode_id from episode_search e ${podcastFilter}
            order by ${order} limit ${rowCount(pageSize + 1)} offset ${rowCount(offset)}`,
      ),
      // An index-only count, at most BROWSE_COUNT_CAP + 1.
      rows(
        deps,
        sql`select count(*) as n from (select 1 from episode_search e ${podcastFilter} limit ${rowCount(BROWSE_COUNT_CAP + 1)}) x`,
      ),
    ]);
    const ids = list.slice(0, pageSize).map((row) => String(row.episode_id));
    const counted = Number(count[0]?.n ?? 0);
    return {
      ...base,
      episodes: await searchCards(deps, ids, null),
      total: Math.min(counted, BROWSE_COUNT_CAP),
      totalIsCapped: counted > BROWSE_COUNT_CAP,
      hasMore: list.length > pageSize,
      match: "all",
    };
  }

  const isFirstPage = page === 1 && !input.podcast;
  const words = sql`websearch_to_tsquery('english', ${q})`;
  const need = sort === "relevance" ? RELEVANCE_CANDIDATES : offset + pageSize + 1;
  // Page 1's podcasts and people are read in the window walk's round trip.
  const wordsSearch = collectMatches(deps, {
    alongside: isFirstPage ? entitiesStatement(words, SEARCH_ENTITY_LIMIT) : undefined,
    allWords: everyWordRequired(q),
    match: sql`e.search_vector @@ ${once(words)}`,
    rank: sql`ts_rank(e.search_vector, ${once(words)})`,
    transcript: words,
    podcastId: input.podcast,
    direction,
    sort,
    need,
    enough: offset + pageSize + 1,
  });
  const own = await wordsSearch;
  let { matches, isComplete } = own;
  let match: SearchResult["match"] = "words";
  let found = toEntities(own.alongside);

  if (matches.length === 0) {
    const prefix = prefixTsquery(q);
    const prefixQuery = prefix ? prefixMatchQuery(prefix) : null;
    // Title substrings need 3 characters: shorter ones have no trigram for the index to use.
    const substring = q.length >= 3 ? titleContains(q) : null;
    const prefixWords = prefixQuery ? sql`e.search_vector @@ ${once(prefixQuery)}` : null;
    // Word prefixes or a title substring; the substring test differs between the window and the rare path.
    const orPrefixWords = (title: SQL | undefined) =>
      prefixWords && title ? sql`(${prefixWords} or ${title})` : (prefixWords ?? title);
    const partialMatch = orPrefixWords(substring?.rare);
    const partialWindowMatch = orPrefixWords(substring?.window);
    if (partialMatch) {
      match = "partial";
      const partialRank = prefixQuery
        ? sql`ts_rank(e.search_vector, ${once(prefixQuery)}) + word_similarity(${q}, e.title)`
        : sql`word_similarity(${q}, e.title)`;
      // Names by prefix too, when the words named none: read in the partial walk's round trip.
      const hasNames = isFirstPage && prefixQuery && !found.podcasts.length && !found.people.length;
      const partial = await collectMatches(deps, {
        alongside: hasNames ? entitiesStatement(prefixQuery, SEARCH_ENTITY_LIMIT) : undefined,
        match: partialMatch,
        windowMatch: partialWindowMatch,
        rank: partialRank,
        transcript: null,
        podcastId: input.podcast,
        direction,
        sort,
        need,
        enough: offset + pageSize + 1,
      });
      ({ matches, isComplete } = partial);
      if (hasNames) found = toEntities(partial.alongside);
    }
  }

  const pageMatches = matches.slice(offset, offset + pageSize);
  const episodes = await searchCards(
    deps,
    pageMatches.map((hit) => hit.id),
    match === "words" ? words : null,
  );
  return {
    ...base,
    ...found,
    episodes,
    total: matches.length,
    totalIsCapped: !isComplete,
    hasMore: matches.length > offset + pageSize,
    match,
  };
}

/** Browsing without text counts the catalog up to this many ("1,000+ episodes"). */
export const BROWSE_COUNT_CAP = 1000;
/**
 * Transcript search reads at most this many matching lines (through the GIN index) when the
 * episodes' own words leave room for more results; see `transcriptMatches`. Each line costs a read
 * of the line and a key probe for its episode's date: 200 lines still give more episodes than the
 * 120 relevance candidates, at two fifths of the cost of the 500 of decision 033 (decision 040).
 */
export const TRANSCRIPT_LINES_LIMIT = 200;
/** The dropdown's transcript lookup reads at most this many matching lines: it shows 5 episodes at most. */
export const SUGGEST_TRANSCRIPT_LINES = 50;

/** A match; `suggestion`: its dropdown row, when the statement that found it also read that. */
type Match = { id: string; pubDate: number; rank: number; suggestion?: EpisodeSuggestion };

/** Matches by date, then id, as the statements order them (`pub_date, episode_id`). */
const byDateIn =
  (direction: "asc" | "desc") =>
  (a: Match, b: Match): number =>
    (direction === "asc" ? a.pubDate - b.pubDate : b.pubDate - a.pubDate) ||
    (direction === "asc" ? (a.id < b.id ? -1 : 1) : a.id < b.id ? 1 : -1);

/**
 * The matches of a text search in result order: episodes whose own words match (ranked, or by
 * date), then, when those leave room for more, episodes that only say the words in their transcript.
 * `isComplete` is false when more matches exist than were collected.
 */
async function collectMatches(
  deps: Deps,
  options: {
    match: SQL;
    windowMatch?: SQL;
    rank: SQL;
    transcript: SQL | null;
    podcastId: string | undefined;
    direction: "asc" | "desc";
    sort: SearchSort;
    need: number;
    enough: number;
    alongside?: SQL;
    allWords?: string;
  },
): Promise<{ matches: Match[]; isComplete: boolean; alongside: Row[] }> {
  const relevance = options.sort === "relevance";
  const own = await newestMatches(deps, {
    alongside: options.alongside,
    allWords: options.allWords,
    match: options.match,
    windowMatch: options.windowMatch,
    rank: options.rank,
    podcastId: options.podcastId,
    direction: relevance ? "desc" : options.direction,
    need: options.need,
    enough: relevance ? options.enough : options.need,
  });
  const byRank = (a: Match, b: Match) => b.rank - a.rank || b.pubDate - a.pubDate || (a.id < b.id ? 1 : -1);
  const byDate = byDateIn(options.direction);
  const ownMatches = own.matches.sort(relevance ? byRank : byDate);
  // Only when every episode matching by its own words is known and they leave room.
  if (!own.isComplete || !options.transcript || ownMatches.length >= options.need)
    return {
      matches: ownMatches,
      isComplete: own.isComplete && ownMatches.length < options.need,
      alongside: own.alongside,
    };
  const spoken = await transcriptMatches(deps, {
    words: options.transcript,
    podcastId: options.podcastId,
    exclude: ownMatches.map((hit) => hit.id),
    direction: relevance ? "desc" : options.direction,
    limit: options.need - ownMatches.length,
  });
  const matches = relevance
    ? [...ownMatches, ...spoken.matches]
    : [...ownMatches, ...spoken.matches].sort(byDate);
  return { matches, isComplete: spoken.isComplete, alongside: own.alongside };
}

/**
 * Ready episodes with a transcript line matching `words`, newest (or oldest) first. Reads at most
 * TRANSCRIPT_LINES_LIMIT matching lines from the GIN index: a word spoken in more lines than that
 * yields a sample of its episodes (isComplete false), the same on every request (sequential scans
 * are not synchronized: see `createDatabase`). The line each result shows is looked up for
 * the returned page only (`searchCards`).
 */
async function transcriptMatches(
  deps: Deps,
  options: {
    words: SQL;
    podcastId: string | undefined;
    exclude: string[];
    direction: "asc" | "desc";
    limit: number;
    lineLimit?: number;
    /** Read each episode's dropdown row and first matching line (by time) in the same statement. */
    isSuggestion?: boolean;
  },
): Promise<{ matches: Match[]; isComplete: boolean }> {
  const lineLimit = options.lineLimit ?? TRANSCRIPT_LINES_LIMIT;
  const podcastAnd = options.podcastId ? sql`and e.podcast_id = ${options.podcastId}` : sql``;
  const order = sql.raw(
    options.direction === "asc" ? "e.pub_date asc, e.episode_id asc" : "e.pub_date desc, e.episode_id desc",
  );
  const found = sql`with hits as (
          select l.episode_id from episode_transcript_lines l
          where l.search_vector @@ ${options.words}
          limit ${rowCount(lineLimit)}
        )
        select e.episode_id, e.pub_date, 0 as rank, (select count(*) from hits) as hit_count
        from (select distinct episode_id from hits) f join episode_search e on e.episode_id = f.episode_id
        where e.episode_id <> all(${uuidArray(options.exclude)}) ${podcastAnd}
        order by ${order} limit ${rowCount(options.limit + 1)}`;
  const line = sql`left join lateral (
          select l.start_seconds, l.text from episode_transcript_lines l
          where l.episode_id = c.id and l.search_vector @@ ${options.words}
          order by l.start_seconds limit 1
        ) m on true`;
  const list = await rows(
    deps,
    options.isSuggestion ? withSuggestionRows(found, order, line) : found,
    // Planned with the words each time: a spoken word common enough to fill the limit from the
    // first lines read is best read in table order, a rare one through the GIN index, and a generic
    // plan cannot tell them apart.
    { isPlannedEachTime: true },
  );
  const hitCount = Number(list[0]?.hit_count ?? 0);
  return {
    matches: list.slice(0, options.limit).map(toMatch),
    isComplete: list.length <= options.limit && hitCount < lineLimit,
  };
}

/**
 * A statement of matches (episode_id, pub_date, rank) with each one's dropdown row read in the same
 * statement: every step of the dropdown reads its own rows, so it needs no further round trip for
 * them (decision 051; under load each round trip waits its turn for the CPU).
 */
function withSuggestionRows(matches: SQL, order: SQL, line?: SQL): SQL {
  return sql`select e.*, c.title as suggestion_title,
                    c.image_url as suggestion_image, p.name as suggestion_podcast
                    ${line ? sql`, m.start_seconds as match_start, m.text as match_text` : sql``}
             from (${matches}) e join episodes c on c.id = e.episode_id join podcasts p on p.id = c.podcast_id
             ${line ?? sql``}
             order by ${order}`;
}

/** The matched transcript line a statement read as `match_text` and `match_start`, if any. */
function toTranscriptMatch(row: Row): { text: string; startSeconds: number } | null {
  return row.match_text === undefined || row.match_text === null
    ? null
    : { text: String(row.match_text), startSeconds: Math.floor(Number(row.match_start)) };
}

function toMatch(row: Row): Match {
  const id = String(row.episode_id);
  return {
    id,
    pubDate: toTime(row.pub_date),
    rank: Number(row.rank ?? 0),
    ...(row.suggestion_title === undefined
      ? {}
      : {
          suggestion: {
            id,
            title: String(row.suggestion_title),
            imageUrl: (row.suggestion_image as string | null) || null,
            podcastName: String(row.suggestion_podcast),
            transcriptMatch: toTranscriptMatch(row),
          },
        }),
  };
}

/**
 * Ids of the newest (or oldest) ready episodes matching `match`, in order, at most `need`, with
 * their rank. Reads the narrow episode_search rows, never the wide episodes.
 *
 * Left to itself, PostgreSQL either walks the pub_date index and tests each episode (fast for
 * common words, but a rare word or a typo reads the whole table) or collects every match from the
 * full-text index and sorts them (fast for rare words, slow for common ones), and its estimate of
 * which case it is in is often wrong. So: first read only the SCAN_WINDOW newest episodes; if they
 * hold enough matches (`enough`, default `need`), or are all there is, that is the answer. Otherwise
 * the word is rare and the full-text (and trigram) indexes find its matches directly: newest
 * first, those of the recent tier (`episode_search_recent`, the RECENT_TIER_SIZE newest) when they
 * are enough, else those of the whole catalog. Once the catalog is known to be larger than the
 * window (or for a podcast), the walk and this rare-word step are one statement (decision 052).
 * `isComplete`: every match of the catalog is among those returned.
 */
async function newestMatches(
  deps: Deps,
  options: {
    match: SQL;
    /** The same test for the window walk, where stored columns may make it cheaper (`titleContains`). */
    windowMatch?: SQL;
    rank: SQL;
    podcastId: string | undefined;
    direction: "asc" | "desc";
    need: number;
    enough?: number;
    /** Read the dropdown row of each match of the window walk in the same statement. */
    isSuggestion?: boolean;
    /**
     * The typed words, when every one of them must match (`everyWordRequired`): the recent tier's
     * word counts then tell, before the walk, whether it can find `enough` (`selectHopelessWalk`).
     */
    allWords?: string;
    /** A statement to run in the window walk's round trip (podcasts and people); its rows are returned. */
    alongside?: SQL;
    /**
     * Work to start at the same time as the rare-word statement, given the walk's matches: the
     * dropdown's transcript lookup, which it needs whenever that statement finds too few, so the
     * two wait for the CPU side by side rather than one after the other. Its result is `beside`.
     */
    besideRare?: (walked: Match[]) => Promise<Match[]>;
  },
): Promise<{ matches: Match[]; isComplete: boolean; alongside: Row[]; beside: Match[] | null }> {
  const { match, need, rank } = options;
  const order = sql.raw(
    options.direction === "asc" ? "e.pub_date asc, e.episode_id asc" : "e.pub_date desc, e.episode_id desc",
  );
  const podcastWhere = options.podcastId ? sql`where e.podcast_id = ${options.podcastId}` : sql``;
  const podcastAnd = options.podcastId ? sql`and e.podcast_id = ${options.podcastId}` : sql``;
  const window = Math.max(SCAN_WINDOW, need * 4);
  // Newest first without a podcast filter, the window is read from the recent tier, whose rows are
  // on disk in date order (about 200 pages for 3,000 rows against 3,000 in episode_search). Its
  // newest rows are the catalog's newest: it holds every episode from its bound on.
  const isTierWalk = !options.podcastId && options.direction === "desc";
  const source = sql.raw(isTierWalk ? "episode_search_recent" : "episode_search");
  const enough = options.enough ?? need;
  // A search of a catalog known to be larger than the window (or of a podcast): the walk and the
  // rare-word statement share one round trip (below).
  const isShared = !options.isSuggestion && (Boolean(options.podcastId) || isRememberedLarger(deps, window));
  // Only there may the walk be skipped: its rare-word statement then answers. (Alone, an empty walk
  // of a small catalog would read as "no match at all".) The counts are the tier's, so only for its walk.
  const hopeless =
    isShared && isTierWalk && options.allWords ? selectHopelessWalk(options.allWords, window, enough) : null;
  // The walk stops as soon as `need` matches are found, and never reads more than `window` episodes.
  const walk = sql`select e.episode_id, e.pub_date, ${rank} as rank from (
        select e.episode_id, e.pub_date, e.title, e.title_lower, e.search_vector from ${source} e
        ${podcastWhere} ${hopeless ? sql`where not (select hopeless from hopeless)` : sql``}
        order by ${order} limit ${rowCount(window)}
      ) e
      where ${options.windowMatch ?? match} order by ${order} limit ${rowCount(need)}`;
  // The full-text (and trigram) indexes only. The matches are collected in a materialized CTE,
  // which has no order for the date index to serve, so the planner cannot walk that index instead
  // (reading the whole table for a rare word); since the tsquery is an InitPlan, it expects few
  // matches and prefers the bitmap scan to a sequential one (decision 052), alone or shared. The
  // search tables allow no parallel workers (migration 0033; decision 040: a generic plan started
  // two for each search), so it needs no connection with its own planner settings (decision 053).
  const rare = (table: string, gate: SQL = sql``) =>
    sql`with found as materialized (
          select e.episode_id, e.pub_date, ${rank} as rank from ${sql.raw(table)} e
          where ${match} ${podcastAnd} ${gate}
        )
        select * from found e order by ${order} limit ${rowCount(need)}`;
  // Newest first: the recent tier (every episode from its bound on) answers when it holds `need`
  // matches, which are then the newest of the catalog; only otherwise is the whole catalog read
  // (the gate is an InitPlan, so that branch does not run at all when the tier was enough).
  const rareStatement =
    options.direction === "desc"
      ? sql`with recent as (${rare("episode_search_recent")})
            select * from (
              select * from recent where (select count(*) from recent) >= ${rowCount(need)}
              union all
              select * from (${rare("episode_search", sql`and (select count(*) from recent) < ${rowCount(need)}`)}) whole
            ) e order by ${order}`
      : rare("episode_search");
  // A search of a podcast, or of a catalog known to be larger than the window: the walk and the
  // rare-word statement in one round trip, the latter gated on the walk finding too few (and on the
  // podcast being larger than the window): a one-time filter, so it does not run at all otherwise.
  // A podcast's size (up to the window) is counted in the same statement: podcasts are small, and
  // the window is often the whole podcast. Not the dropdown: there the shared statement measured no
  // better (decision 052), and its separate rare-word statement runs beside its transcript lookup.
  if (isShared) {
    const size = options.podcastId
      ? sql`, size as (select count(*) as n from (select 1 from episode_search e ${podcastWhere} limit ${rowCount(window)}) x)`
      : sql``;
    const isLarger = options.podcastId ? sql`and (select n from size) >= ${rowCount(window)}` : sql``;
    const sets = await rowSets(
      deps,
      {
        walk: sql`select * from walk`,
        alongside: options.alongside,
        size: options.podcastId ? sql`select n from size` : null,
        rare: sql`select * from (${rareStatement}) e where (select count(*) from walk) < ${rowCount(enough)} ${isLarger}`,
      },
      {
        with: sql`${hopeless ? sql`hopeless as (${hopeless}),` : sql``} walk as materialized (${walk}) ${size}`,
      },
    );
    const alongside = sets.alongside ?? [];
    const walked = (sets.walk ?? []).map(toMatch);
    // Fewer than `need` means the window was read to its end: every match is known only when the
    // window was the whole podcast. (Decision 040: this said "complete" for any window holding
    // `enough` but fewer than `need` matches, so a word with 25–119 matches among the newest 3,000
    // episodes also ran the transcript step and showed an exact count.)
    const isWhole = walked.length < need && Number(sets.size?.[0]?.n ?? window) < window;
    if (walked.length >= enough || isWhole)
      return { matches: walked, isComplete: isWhole, alongside, beside: null };
    const found = (sets.rare ?? []).map(toMatch);
    return { matches: found, isComplete: found.length < need, alongside, beside: null };
  }
  const walkStatement = options.isSuggestion ? withSuggestionRows(walk, order) : walk;
  const sets = options.alongside
    ? await rowSets(deps, { walk: walkStatement, alongside: options.alongside })
    : { walk: await rows(deps, walkStatement) };
  const alongside = sets.alongside ?? [];
  // Put in order again (see `rowSets`): the dropdown lists them as they come.
  const first = (sets.walk ?? []).map(toMatch).sort(byDateIn(options.direction));
  // As above, for the whole catalog (counted, or remembered to be larger).
  const isWholeCatalog = first.length < need && (await isWholeCatalogWithin(deps, window, isTierWalk));
  if (first.length >= enough || isWholeCatalog)
    return { matches: first, isComplete: isWholeCatalog, alongside, beside: null };
  // The rare-word statement alone, beside the dropdown's transcript lookup when it has one.
  const [list, beside] = await Promise.all([
    rows(deps, options.isSuggestion ? withSuggestionRows(rareStatement, order) : rareStatement),
    options.besideRare ? options.besideRare(first) : null,
  ]);
  const all = list.map(toMatch);
  return { matches: all, isComplete: all.length < need, alongside, beside };
}

/**
 * Moves the recent tier's bound to the date of the RECENT_TIER_SIZE-th newest episode (hourly, in
 * maintenance.cleanup): new episodes enter the tier as they are written, and this drops the oldest
 * again. Then counts the tier's words again (`search_word_counts`, decision 053), in a transaction
 * of its own: the trim holds the bound that episode writes read, and counting a large tier's words
 * takes seconds. Returns how many rows the tier holds.
 */
export async function trimSearchTier(deps: Deps): Promise<number> {
  await rows(deps, sql`select public.episode_search_recent_trim(${RECENT_TIER_SIZE}::integer)`, {
    isPlannedEachTime: true,
  });
  const [row] = await rows(deps, sql`select public.search_word_counts_refresh() as size`, {
    isPlannedEachTime: true,
  });
  return Number(row?.size ?? 0);
}

/** How long "the catalog holds at least N ready episodes" is remembered. */
const SIZE_MEMORY_MS = 60_000;
// Per database: API test files share one process (isolate: false), each with its own database, and
// a large catalog's "at least N" must not answer for another database's small one.
const sizeMemories = new WeakMap<Deps["db"], Map<string, number>>();

/** Whether the catalog was found, within the last minute, to hold at least `size` ready episodes. */
function isRememberedLarger(deps: Deps, size: number): boolean {
  return (sizeMemories.get(deps.db)?.get(String(size)) ?? 0) > Date.now();
}

function rememberLarger(deps: Deps, size: number): void {
  let sizeMemory = sizeMemories.get(deps.db);
  if (!sizeMemory) {
    sizeMemory = new Map();
    sizeMemories.set(deps.db, sizeMemory);
  }
  if (sizeMemory.size > 5000) sizeMemory.clear();
  sizeMemory.set(String(size), Date.now() + SIZE_MEMORY_MS);
}

/**
 * Whether a walk of `size` episodes read the whole catalog (unfiltered; a podcast's walk counts its
 * podcast in its own statement): fewer than `size` ready episodes exist, by an index-only count of
 * at most `size`, and, for a walk of the recent tier, the tier holds all of them (it may not, for up
 * to an hour, after the catalog shrank from more than RECENT_TIER_SIZE). "At least `size`" is
 * remembered for a minute (catalogs grow, and rarely shrink by thousands), so a rare word's search in
 * a large catalog does not count again each time; a smaller catalog is cheap to count again and may
 * grow at any time.
 */
async function isWholeCatalogWithin(deps: Deps, size: number, isTierWalk: boolean): Promise<boolean> {
  if (isRememberedLarger(deps, size)) return false;
  const [count] = await rows(
    deps,
    sql`select (select count(*) from (select 1 from episode_search e limit ${rowCount(size)}) x) as n,
               ${isTierWalk ? sql`(select count(*) from (select 1 from episode_search_recent limit ${rowCount(size)}) x)` : sql`null`} as tier_n`,
  );
  const n = Number(count?.n ?? 0);
  if (n >= size) {
    rememberLarger(deps, size);
    return false;
  }
  return !isTierWalk || Number(count?.tier_n) === n;
}

/**
 * A statement selecting `hopeless`: whether the window walk cannot find `enough` episodes holding
 * every one of `words`, by the recent tier's word counts (`search_word_counts`, taken with the
 * tier's size when it is trimmed; decision 053): the fewest tier episodes holding any one of the
 * words, scaled to the window, is below `enough`. A word the counts lack is in no episode. Without
 * counts (not taken yet) or without words (stop words only), the walk runs. An estimate: the
 * newest rows may say a word more often than the whole tier, and the counts are up to an hour old.
 * A wrong guess costs a bitmap read of the tier instead of the walk, and the rare-word statement
 * then answers with the newest matches, which include every match the walk would have found.
 */
export function selectHopelessWalk(words: string, window: number, enough: number): SQL {
  return sql`select coalesce(min(coalesce(c.episodes, 0)), 2147483647)::bigint * ${rowCount(window)}
        < ${rowCount(enough)}::bigint * coalesce((select episodes from search_word_counts_basis where id = 1), 0)
        as hopeless
      from unnest(tsvector_to_array(to_tsvector('english', ${words}::text))) w(word)
      left join search_word_counts c on c.word = w.word`;
}

/**
 * The text when an episode must hold every word of it to match (no `or`, no `-word` in the
 * websearch syntax; a quoted phrase only asks more), else undefined.
 */
export function everyWordRequired(text: string): string | undefined {
  return /(^|\s)(-|or(\s|$))/i.test(text) ? undefined : text;
}

/**
 * Result cards for ids, in the order given, each with the first transcript line (by time) that
 * matches `words`, in one statement. The line is found per returned episode (decision 037): its
 * lines in time order through the (episode_id, start_seconds) index, each tested against its stored
 * vector, stopping at the first match. The catalog-wide GIN index is never read for a page's lines.
 */
async function searchCards(deps: Deps, ids: string[], words: SQL | null): Promise<SearchEpisode[]> {
  if (!ids.length) return [];
  const line = words
    ? sql`left join lateral (
            select l.start_seconds, l.text from episode_transcript_lines l
            where l.episode_id = e.id and l.search_vector @@ ${once(words)}
            order by l.start_seconds limit 1
          ) m on true`
    : sql`left join lateral (select null::real as start_seconds, null::text as text) m on true`;
  const cards = await rows(
    deps,
    sql`select e.id, e.title, e.image_url, e.podcast_id, p.name as podcast_name, e.pub_date, e.duration,
               e.topics[1:${sql.raw(String(CARD_TOPIC_LIMIT))}] as topics, e.audio_url,
               m.start_seconds as match_start, m.text as match_text
        from unnest(${uuidArray(ids)}) with ordinality as i(id, n)
        join episodes e on e.id = i.id join podcasts p on p.id = e.podcast_id
        ${line}
        order by i.n`,
  );
  return cards.map((row) => ({
    ...searchCard(row),
    audioUrl: (row.audio_url as string | null) ?? null,
    transcriptMatch: toTranscriptMatch(row),
  }));
}

/**
 * How many name matches of each kind (podcasts, guests, hosts) are ranked: a short prefix ("ma")
 * matches hundreds of names, and ranking (and checking) each costs more than the rest of a
 * dropdown request. A prefix that matches more ranks an arbitrary sample of this many.
 */
export const ENTITY_CANDIDATES = 50;

type Entities = { podcasts: SearchPodcast[]; people: SearchPerson[] };

/**
 * Podcasts and people whose names match, each list at most `limit`: page 1 of a text search, and
 * the dropdown (by word prefixes). Podcasts need a ready episode and people a linked episode;
 * only the people returned are counted. One statement for both lists (read beside a window walk);
 * a person's count is of their linked episodes (an index-only count), ready or not.
 */
function entitiesStatement(query: SQL, limit: number): SQL {
  const q = once(query);
  return sql`with podcast_hits as (
          select p.id, p.name, p.cover_url, p.author, ts_rank(to_tsvector('english', p.name), ${q}) as rank
          from (select * from podcasts p where to_tsvector('english', p.name) @@ ${q}
                limit ${rowCount(ENTITY_CANDIDATES)}) p
          where exists (select 1 from episode_search s where s.podcast_id = p.id)
          order by rank desc, p.name, p.id limit ${rowCount(limit)}
        ), people_hits as (
          select * from (
            select 'guest' as kind, g.id, g.name, g.avatar_url as image,
                   ts_rank(to_tsvector('english', g.name), ${q}) as rank
            from (select * from guests g where to_tsvector('english', g.name) @@ ${q}
                  limit ${rowCount(ENTITY_CANDIDATES)}) g
            where exists (select 1 from episode_guests l where l.guest_id = g.id)
            union all
            select 'host', h.id, h.name, h.avatar_url, ts_rank(to_tsvector('english', h.name), ${q})
            from (select * from hosts h where to_tsvector('english', h.name) @@ ${q}
                  limit ${rowCount(ENTITY_CANDIDATES)}) h
            where exists (select 1 from episode_hosts l where l.host_id = h.id)
          ) people
          order by rank desc, name, id limit ${rowCount(limit)}
        )
        (select 'podcast' as kind, id, name, cover_url as image, author, rank, 0::bigint as episode_count
         from podcast_hits order by rank desc, name, id)
        union all
        (select kind, id, name, image, null, rank,
                case when kind = 'guest'
                  then (select count(*) from episode_guests l where l.guest_id = x.id)
                  else (select count(*) from episode_hosts l where l.host_id = x.id) end
         from people_hits x order by rank desc, name, id)`;
}

function toEntities(list: Row[]): Entities {
  const podcastRows = list.filter((row) => row.kind === "podcast");
  const peopleRows = list.filter((row) => row.kind !== "podcast");
  return {
    podcasts: podcastRows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      coverUrl: (row.image as string | null) ?? null,
      author: (row.author as string | null) ?? null,
    })),
    people: peopleRows.map((row) => ({
      id: String(row.id),
      kind: row.kind === "host" ? "host" : "guest",
      name: String(row.name),
      avatarUrl: (row.image as string | null) ?? null,
      episodeCount: Number(row.episode_count),
    })),
  };
}

/**
 * The search dropdown (spec 1 §7, decision 037): at least 2 characters. Episodes: title substring
 * or word prefixes of the search document (title, summary, topics, people, show), ready, newest
 * first, 5; when fewer match, episodes whose transcript says the typed words (whole words, from 3
 * characters; the newest among the first SUGGEST_TRANSCRIPT_LINES matching lines), each with its
 * line. Alongside them, from 3 characters, podcasts and people whose names start with the typed
 * words (at most SUGGEST_ENTITY_LIMIT of each).
 */
export async function getSuggestions(deps: Deps, text: string): Promise<Suggestions> {
  return suggestInTurn({ ...deps, turn: newRequestTurn() }, text);
}

async function suggestInTurn(deps: Deps, text: string): Promise<Suggestions> {
  const none: Suggestions = { episodes: [], podcasts: [], people: [] };
  const q = text.trim();
  if (q.length < SUGGEST_MIN_LENGTH) return none;
  const prefix = prefixTsquery(q);
  const prefixQuery = prefix ? prefixMatchQuery(prefix) : null;
  // Two characters have no trigram for the title index to use, and a substring that short matches
  // almost anything: then only word prefixes count (served by the full-text index).
  const substring = q.length >= 3 ? titleContains(q) : null;
  const words = prefixQuery ? sql`e.search_vector @@ ${once(prefixQuery)}` : null;
  const match = substring && words ? sql`(${substring.rare} or ${words})` : (substring?.rare ?? words);
  // Words first in the walk: a row they match skips the substring test.
  const windowMatch =
    substring && words ? sql`(${words} or ${substring.window})` : (substring?.window ?? words);
  // Without a word or 3 characters there is no match and no name to look for.
  if (!match || !windowMatch) return none;
  // A word said only in transcripts ("Ebbinghaus"), once it is typed whole: those episodes quote
  // their first line that says it. Looked up beside the rare-word statement when the walk finds
  // too few, else after the walk when it read the whole catalog.
  const spoken = q.length >= 3 ? sql`plainto_tsquery('english', ${q})` : null;
  const hear = spoken
    ? async (exclude: string[], limit: number) =>
        (
          await transcriptMatches(deps, {
            words: spoken,
            podcastId: undefined,
            exclude,
            direction: "desc",
            limit,
            lineLimit: SUGGEST_TRANSCRIPT_LINES,
            isSuggestion: true,
          })
        ).matches
    : null;
  const { matches, alongside, beside } = await newestMatches(deps, {
    // Names from 3 characters (two match hundreds of them, none more likely than another), read in
    // the window walk's round trip.
    alongside:
      prefixQuery && q.length >= 3 ? entitiesStatement(prefixQuery, SUGGEST_ENTITY_LIMIT) : undefined,
    besideRare: hear
      ? (walked) =>
          hear(
            walked.map((hit) => hit.id),
            SUGGEST_LIMIT,
          )
      : undefined,
    match,
    windowMatch,
    rank: sql`0`,
    podcastId: undefined,
    direction: "desc",
    need: SUGGEST_LIMIT,
    isSuggestion: true,
  });
  const found = [...matches];
  if (found.length < SUGGEST_LIMIT && hear) {
    const heard =
      beside ??
      (await hear(
        found.map((hit) => hit.id),
        SUGGEST_LIMIT - found.length,
      ));
    // Looked up beside the rare-word statement, the transcript finds may repeat its matches.
    const seen = new Set(found.map((hit) => hit.id));
    found.push(...heard.filter((hit) => !seen.has(hit.id)).slice(0, SUGGEST_LIMIT - found.length));
  }
  // Every step read its matches' dropdown rows in its own statement.
  const episodes = found.flatMap((hit) => (hit.suggestion ? [hit.suggestion] : []));
  return { episodes, ...toEntities(alongside) };
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
