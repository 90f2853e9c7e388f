/** Video ids and titles compared across sources; URL normalisation and duplicate keys live in episode-dedupe.ts. */

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

/** Titles compared when matching videos to episodes: case, punctuation, episode numbers and spacing do not matter. */
export function normaliseTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/^(ep(isode)?\.?\s*#?\d+\s*[:|\-–—]\s*)|(\s*[|\-–—]\s*ep(isode)?\.?\s*#?\d+)$/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
