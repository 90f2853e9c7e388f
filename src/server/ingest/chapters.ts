import { parseDuration } from "./durations.ts";
import { collapseToLine, decodeHtmlEntities, resolveHttpUrl } from "./html-text.ts";

export type ParsedChapter = { startTime: number; title: string; url: string | null; img: string | null };

export class ChaptersParseError extends Error {
  override name = "ChaptersParseError";
}

function toSeconds(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;
  if (typeof value === "string" && value.trim()) {
    const numeric = Number(value.trim());
    if (Number.isFinite(numeric)) return numeric >= 0 ? Math.floor(numeric) : null;
    // "1:02:03" and friends; parseDuration rounds, chapters floor.
    const fraction = /[.,](\d+)$/.test(value.trim()) ? value.trim().replace(/[.,]\d+$/, "") : value;
    return parseDuration(fraction);
  }
  return null;
}

/**
 * Podcasting 2.0 JSON chapters ({version, chapters: [{startTime, title, url, img, toc}]}): entries
 * with toc: false, without a title or without a usable start time are skipped; start times are
 * whole seconds (floored), one chapter per second (the first wins), sorted. `baseUrl` (the chapters
 * file's address) resolves relative url/img; only http(s) links are kept.
 * Throws ChaptersParseError when the text is not JSON or has no chapters list.
 */
export function parseChapters(json: string, baseUrl?: string): ParsedChapter[] {
  let data: unknown;
  try {
    data = JSON.parse(json.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ChaptersParseError(`The chapters file is not valid JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === "object" && Array.isArray((data as { chapters?: unknown }).chapters)
      ? (data as { chapters: unknown[] }).chapters
      : null;
  if (!list) throw new ChaptersParseError("The chapters file has no chapters list.");

  const byStart = new Map<number, ParsedChapter>();
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const entry = item as Record<string, unknown>;
    if (entry.toc === false || entry.toc === "false") continue;
    const startTime = toSeconds(entry.startTime);
    const title = typeof entry.title === "string" ? collapseToLine(decodeHtmlEntities(entry.title)) : "";
    if (startTime === null || !title || byStart.has(startTime)) continue;
    byStart.set(startTime, {
      startTime,
      title,
      url: typeof entry.url === "string" ? resolveHttpUrl(entry.url, baseUrl) : null,
      img: typeof entry.img === "string" ? resolveHttpUrl(entry.img, baseUrl) : null,
    });
  }
  return [...byStart.values()].sort((a, b) => a.startTime - b.startTime);
}
