import type { LibraryEpisode } from "../../../domain/contract/library.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { AppError } from "../../lib/errors.ts";

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
