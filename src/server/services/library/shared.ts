import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { AppError } from "../../lib/errors.ts";

/** An episode as the library screens show it: card data plus what the player needs. */
export type LibraryEpisode = {
  id: string;
  title: string;
  summary: string | null;
  imageUrl: string | null;
  pubDate: string;
  duration: number | null;
  audioUrl: string | null;
  youtubeUrl: string | null;
  podcast: { id: string; name: string; coverUrl: string | null };
};

export const libraryEpisodeColumns = {
  id: episodes.id,
  title: episodes.title,
  summary: episodes.summary,
  imageUrl: episodes.imageUrl,
  pubDate: episodes.pubDate,
  duration: episodes.duration,
  audioUrl: episodes.audioUrl,
  youtubeUrl: episodes.youtubeUrl,
  podcastId: podcasts.id,
  podcastName: podcasts.name,
  podcastCoverUrl: podcasts.coverUrl,
};

export type LibraryEpisodeRow = {
  id: string;
  title: string;
  summary: string | null;
  imageUrl: string | null;
  pubDate: Date;
  duration: number | null;
  audioUrl: string | null;
  youtubeUrl: string | null;
  podcastId: string;
  podcastName: string;
  podcastCoverUrl: string | null;
};

export function toLibraryEpisode(row: LibraryEpisodeRow): LibraryEpisode {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    imageUrl: row.imageUrl || row.podcastCoverUrl || null,
    pubDate: row.pubDate.toISOString(),
    duration: row.duration,
    audioUrl: row.audioUrl,
    youtubeUrl: row.youtubeUrl,
    podcast: { id: row.podcastId, name: row.podcastName, coverUrl: row.podcastCoverUrl },
  };
}

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";

type Cursor = { at: string; id: string };

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString("base64url");

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const cursor = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Cursor;
    if (typeof cursor.at !== "string" || typeof cursor.id !== "string") throw new Error();
    if (Number.isNaN(Date.parse(cursor.at))) throw new Error();
    if (!/^[0-9a-f-]{36}$/i.test(cursor.id)) throw new Error();
    return cursor;
  } catch {
    throw new AppError("VALIDATION", "The cursor is not valid; start again from the first page.", {
      cursor: "Invalid cursor.",
    });
  }
}
