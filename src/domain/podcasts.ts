/**
 * Listeners adding shows (issue 22): the feed-address field shared by the Library's "Add a podcast"
 * form and the API, and the limits that keep one account from filling the shared catalog.
 */

/** New feeds (not yet in the catalog) one listener may add in 24 hours. */
export const USER_FEEDS_PER_DAY = 10;
/** A listener's feed with more items than this is refused (admins ingest such archives). */
export const USER_FEED_MAX_ITEMS = 3000;
/** A listener's feed larger than this is refused before it is read. */
export const USER_FEED_MAX_BYTES = 15 * 1024 * 1024;
export const FEED_URL_MAX = 2000;
/** Episodes per page of the podcast page. */
export const PODCAST_EPISODES_PAGE = 20;
/** How many of a user's recent additions GET /me/podcast-additions returns by default, and at most. */
export const RECENT_ADDITIONS_LIMIT = 20;
export const RECENT_ADDITIONS_MAX = 50;
/** Episodes in the home hub's "New from your shows" row. */
export const NEW_FROM_SHOWS_LIMIT = 6;

export const podcastNotices = {
  feedUrlRequired: "Enter the address of the podcast's RSS feed.",
  feedUrlInvalid: "Enter a web address starting with http:// or https://.",
  feedUrlTooLong: `The address must be at most ${FEED_URL_MAX} characters.`,
  dailyLimit: (limit: number) =>
    `You have added ${limit} new podcasts today, the most for one day. Try again tomorrow.`,
} as const;

/** True for an absolute http(s) URL: the only links a listener's import may store. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === "http:" || protocol === "https:") && hostname.length > 0;
}

/** "Add a podcast" looks shows up by name: GET /podcasts?q= (at least 2 characters). */
export const PODCAST_LOOKUP_MIN = 2;
export const PODCAST_LOOKUP_LIMIT = 8;
