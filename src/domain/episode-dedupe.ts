/**
 * Duplicate detection for episode lists (spec 1 §7, home list): the same episode can be listed twice
 * — re-published under a new guid, mirrored by a second feed, or tracked through a different analytics
 * redirect. Two episodes are the same when their normalised audio URL matches, else their YouTube
 * video, else their title and publication day.
 */

import { parseYoutubeId } from "./media-url.ts";

/**
 * Hosts of analytics/tracking redirects that prefix the real enclosure URL, e.g.
 * `https://dts.podtrac.com/redirect.mp3/traffic.example.com/ep1.mp3`.
 */
const TRACKING_HOSTS = [
  "dts.podtrac.com",
  "www.podtrac.com",
  "podtrac.com",
  "chtbl.com",
  "chrt.fm",
  "pdst.fm",
  "pfx.vpixl.com",
  "pscrb.fm",
  "op3.dev",
  "verifi.podscribe.com",
  "injector.simplecastaudio.com",
  "mgln.ai",
  "arttrk.com",
  "prfx.byspotify.com",
  "claritaspod.com",
  "tracking.swap.fm",
  "growx.podkite.com",
  "pdcn.co",
  "clrtpod.com",
  "podroll.fm",
  "feeds.podtrac.com",
];

const MEDIA_EXTENSIONS = new Set(["mp3", "m4a", "aac", "ogg", "oga", "opus", "mp4", "wav", "flac", "webm"]);
const HOST_LIKE = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.([a-z]{2,24})(:\d+)?$/i;

function looksLikeHost(segment: string): boolean {
  const match = HOST_LIKE.exec(segment);
  return Boolean(match?.[2] && !MEDIA_EXTENSIONS.has(match[2].toLowerCase()));
}

function stripScheme(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/^\/\//, "");
}

function splitHost(rest: string): { host: string; path: string } {
  const slash = rest.indexOf("/");
  if (slash === -1) return { host: rest, path: "" };
  return { host: rest.slice(0, slash), path: rest.slice(slash + 1) };
}

function cleanHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/^[^@]*@/, "")
    .replace(/:(80|443)$/, "")
    .replace(/^www\./, "");
}

/**
 * Normalises an audio (enclosure) URL: no scheme, query, fragment or user info, lower-cased host
 * without `www.` or a default port, tracking-redirect prefixes removed (repeatedly, as they chain),
 * no trailing slash. The path keeps its case (servers are case-sensitive).
 * Returns null for a blank value.
 */
export function normalizeAudioUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let rest = stripScheme(url.trim()).replace(/[?#].*$/, "");
  if (!rest) return null;
  for (let hops = 0; hops < 6; hops++) {
    const { host, path } = splitHost(rest);
    const cleaned = cleanHost(host);
    if (!TRACKING_HOSTS.includes(cleaned)) {
      rest = path ? `${cleaned}/${path}` : cleaned;
      break;
    }
    // A tracker: the real URL follows its own path segments ("redirect.mp3/", "e/abc123/"), sometimes
    // as a nested, possibly encoded, full URL.
    const segments = safeDecode(path)
      .split("/")
      .filter((segment) => segment && !/^[a-z][a-z0-9+.-]*:$/i.test(segment));
    const start = segments.findIndex(looksLikeHost);
    if (start === -1) {
      rest = path ? `${cleaned}/${path}` : cleaned;
      break;
    }
    rest = segments.slice(start).join("/");
  }
  return rest.replace(/\/+$/, "") || null;
}

function safeDecode(value: string): string {
  if (!/%2f|%3a/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The YouTube video id of a watch, short, embed, shorts or live URL (`youtube:<id>`); any other
 * URL is normalised like an audio URL. Returns null for a blank value.
 */
export function normalizeYoutubeUrl(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  const id = YOUTUBE_ID.test(trimmed) ? trimmed : parseYoutubeId(trimmed);
  return id ? `youtube:${id}` : normalizeAudioUrl(trimmed);
}

/** Lower-case, accents folded, punctuation dropped, whitespace collapsed. */
export function normalizeTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export type DedupeFields = {
  audioUrl?: string | null;
  youtubeUrl?: string | null;
  title: string;
  pubDate: Date | string;
};

function dayOf(date: Date | string): string {
  const value = typeof date === "string" ? new Date(date) : date;
  return Number.isNaN(value.getTime()) ? String(date) : value.toISOString().slice(0, 10);
}

/** The duplicate key: normalised audio URL, else YouTube video, else title plus publication day (UTC). */
export function episodeDedupeKey(episode: DedupeFields): string {
  const audio = normalizeAudioUrl(episode.audioUrl);
  if (audio) return `audio:${audio}`;
  const video = normalizeYoutubeUrl(episode.youtubeUrl);
  if (video) return `video:${video}`;
  return `title:${normalizeTitle(episode.title)}@${dayOf(episode.pubDate)}`;
}

/** Keeps the first episode of each duplicate group, preserving order (lists come newest first). */
export function dedupeEpisodes<T extends DedupeFields>(episodes: readonly T[]): T[] {
  const seen = new Set<string>();
  const result: T[] = [];
  for (const episode of episodes) {
    const key = episodeDedupeKey(episode);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(episode);
  }
  return result;
}
