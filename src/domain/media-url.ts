/**
 * Keys that identify the same media across feeds and re-listings (spec 1 §7 duplicate rules):
 * scheme, "www.", query string, fragment and analytics redirect prefixes do not make a new episode.
 */
const TRACKING_PREFIXES = [
  /^dts\.podtrac\.com\/redirect\.[a-z0-9]+\//,
  /^(www\.)?podtrac\.com\/pts\/redirect\.[a-z0-9]+\//,
  /^chtbl\.com\/track\/[^/]+\//,
  /^pdst\.fm\/e\//,
  /^pfx\.vpixl\.com\/[^/]+\//,
  /^op3\.dev\/e(,[^/]*)?\//,
  /^chrt\.fm\/track\/[^/]+\//,
  /^traffic\.megaphone\.fm\/(?=[^/]+\.mp3)/,
  /^prfx\.byspotify\.com\/e\//,
];

export function normaliseMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let rest = url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  // Analytics prefixes can be stacked; peel them until none matches.
  for (let changed = true; changed; ) {
    changed = false;
    for (const prefix of TRACKING_PREFIXES) {
      const next = rest.replace(prefix, "");
      if (next !== rest) {
        rest = next.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
        changed = true;
      }
    }
  }
  rest = rest
    .replace(/[?#].*$/, "")
    .replace(/^www\./, "")
    .replace(/\/+$/, "");
  return rest || null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The 11-character video id of any YouTube URL form (watch, youtu.be, shorts, embed, live, music), else null. */
export function parseYoutubeId(input: string | null | undefined): string | null {
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, "");
  let candidate: string | null = null;
  if (host === "youtu.be") candidate = url.pathname.split("/")[1] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [first, second] = url.pathname.split("/").filter(Boolean);
    if (first === "watch") candidate = url.searchParams.get("v");
    else if (first && ["shorts", "embed", "live", "v", "e"].includes(first)) candidate = second ?? null;
    else if (!first) candidate = url.searchParams.get("v");
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

export function toYoutubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** Titles compared across sources: case, punctuation, episode numbers and spacing do not matter. */
export function normaliseTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/^(ep(isode)?\.?\s*#?\d+\s*[:|\-–—]\s*)|(\s*[|\-–—]\s*ep(isode)?\.?\s*#?\d+)$/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The duplicate key of spec 1 §7: normalised audio URL, else YouTube video, else title + day. */
export function getEpisodeDedupeKey(episode: {
  audioUrl: string | null;
  youtubeUrl: string | null;
  title: string;
  pubDate: Date | string | null;
}): string {
  const audio = normaliseMediaUrl(episode.audioUrl);
  if (audio) return `audio:${audio}`;
  const video = parseYoutubeId(episode.youtubeUrl);
  if (video) return `video:${video}`;
  const day = episode.pubDate ? new Date(episode.pubDate).toISOString().slice(0, 10) : "";
  return `title:${normaliseTitle(episode.title)}@${day}`;
}
