/**
 * Search and the search dropdown (spec 1 §2, §7, §9): the rules the server enforces and the page
 * follows. Plain values, no zod: the landing page's search box imports them on its first load.
 */

export const SEARCH_SORTS = ["relevance", "recent", "oldest"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const isSearchSort = (value: unknown): value is SearchSort =>
  SEARCH_SORTS.some((sort) => sort === value);

/** How the text matched: whole words (websearch syntax), or word prefixes / title substring. */
export const SEARCH_MATCHES = ["all", "words", "partial"] as const;

/** The dropdown suggests nothing for fewer characters than this (after trimming). */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 5;
/** Podcast and people rows in the dropdown, at most this many of each (beside the 5 episodes). */
export const SUGGEST_ENTITY_LIMIT = 3;

export const SEARCH_PAGE_SIZE = 24;
/** A result card shows at most this many topic badges (spec 1 §2), so search sends no more. */
export const CARD_TOPIC_LIMIT = 3;
export const SEARCH_MAX_PAGE = 1000;
export const SEARCH_TEXT_MAX = 200;

/** Podcast and people rows on the first page of a text search, at most this many of each. */
export const SEARCH_ENTITY_LIMIT = 5;
