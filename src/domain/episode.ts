import { parseYoutubeId } from "./media-url.ts";

/** Episode detail rules shared by the server and the page (spec 2 §2 Episode detail). */

/**
 * Enrich Data is offered only when the episode has no transcript text, no guests and no chapters
 * (nothing has been fetched for it yet).
 */
export function canEnrichEpisode(episode: {
  hasTranscript: boolean;
  guestCount: number;
  chapterCount: number;
}): boolean {
  return !episode.hasTranscript && episode.guestCount === 0 && episode.chapterCount === 0;
}

/**
 * A timecode in seconds from a number or a legacy "h:mm:ss" / "m:ss" / "ss" string; null when it
 * is missing or not a time.
 */
export function parseTimecode(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(text)) return null;
  const parts = text.split(":").map(Number);
  if (parts.slice(1).some((part) => part >= 60)) return null;
  return Math.floor(parts.reduce((total, part) => total * 60 + part, 0));
}

const VIDEO_SITES = [
  /(^|\.)youtube\.com$/,
  /(^|\.)youtube-nocookie\.com$/,
  /^youtu\.be$/,
  /(^|\.)vimeo\.com$/,
  /(^|\.)dailymotion\.com$/,
  /^dai\.ly$/,
  /(^|\.)twitch\.tv$/,
  /(^|\.)tiktok\.com$/,
];

/** True when the URL points at a video site's page rather than at an audio file. */
export function isVideoSiteUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url, "https://earmark.invalid").hostname.toLowerCase();
    return VIDEO_SITES.some((site) => site.test(host));
  } catch {
    return false;
  }
}

/** The audio URL a player can use: present and not a video-site link. */
export function playableAudioUrl(audioUrl: string | null | undefined): string | null {
  return audioUrl && !isVideoSiteUrl(audioUrl) ? audioUrl : null;
}

/** The privacy-enhanced embed (youtube-nocookie.com) of a YouTube URL, else null. */
export function youtubeEmbedUrl(...urls: (string | null | undefined)[]): string | null {
  for (const url of urls) {
    const id = parseYoutubeId(url);
    if (id) return `https://www.youtube-nocookie.com/embed/${id}`;
  }
  return null;
}
