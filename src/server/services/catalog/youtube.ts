import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import type { YoutubeImport } from "../../../domain/contract/admin.ts";
import { normaliseTitle, parseYoutubeId, toYoutubeWatchUrl } from "../../../domain/media-url.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { type FetchPolicy, safeFetch } from "../../ingest/safe-fetch.ts";
import { AppError, notFound } from "../../lib/errors.ts";

export const FETCH_EPISODE_FAILED = "Failed to fetch episode";

type YoutubeDeps = { db: Database; config: Config; policy: FetchPolicy };

async function fetchJson(url: string, policy: FetchPolicy): Promise<unknown> {
  const result = await safeFetch(url, { policy, accept: "application/json" });
  if (result.status !== "ok") throw new Error("unexpected response");
  return JSON.parse(result.body.toString("utf8"));
}

/**
 * fetch-youtube-episode: creates (or finds) the episode of one video in a podcast from the video's
 * oEmbed data. It stays pending until it has a summary (the learning engine writes one).
 */
export async function importYoutubeEpisode(
  deps: YoutubeDeps,
  input: { youtubeUrl: string; podcastId: string },
): Promise<YoutubeImport> {
  const videoId = parseYoutubeId(input.youtubeUrl);
  if (!videoId)
    throw new AppError("VALIDATION", "That is not a YouTube video link.", {
      youtubeUrl: "Enter a YouTube video link.",
    });
  const [podcast] = await deps.db
    .select({ id: podcasts.id })
    .from(podcasts)
    .where(eq(podcasts.id, input.podcastId))
    .limit(1);
  if (!podcast) throw notFound("There is no such podcast.");

  const watchUrl = toYoutubeWatchUrl(videoId);
  let oembed: { title?: unknown; thumbnail_url?: unknown };
  try {
    const url = new URL(deps.config.YOUTUBE_OEMBED_URL);
    url.searchParams.set("url", watchUrl);
    url.searchParams.set("format", "json");
    oembed = (await fetchJson(url.toString(), deps.policy)) as typeof oembed;
  } catch {
    throw new AppError("UPSTREAM_FAILED", FETCH_EPISODE_FAILED);
  }
  const title = typeof oembed.title === "string" && oembed.title.trim() ? oembed.title.trim() : null;
  if (!title) throw new AppError("UPSTREAM_FAILED", FETCH_EPISODE_FAILED);
  const imageUrl = typeof oembed.thumbnail_url === "string" ? oembed.thumbnail_url : null;

  const [row] = await deps.db
    .insert(episodes)
    .values({
      podcastId: podcast.id,
      title,
      youtubeUrl: watchUrl,
      imageUrl,
      enclosureKey: `youtube:${videoId}`,
    })
    .onConflictDoUpdate({ target: [episodes.podcastId, episodes.enclosureKey], set: { title, imageUrl } })
    .returning({ id: episodes.id, title: episodes.title });
  if (!row) throw new AppError("INTERNAL", "The episode could not be saved.");
  return { success: true, episode: row };
}

type ChannelVideo = { videoId: string; title: string; published: Date | null };

const atomParser = new XMLParser({ ignoreAttributes: false, processEntities: false, removeNSPrefix: false });

async function fetchChannelVideos(deps: YoutubeDeps, channelId: string): Promise<ChannelVideo[]> {
  const url = new URL(deps.config.YOUTUBE_FEED_URL);
  url.searchParams.set("channel_id", channelId);
  const result = await safeFetch(url.toString(), { policy: deps.policy, accept: "application/atom+xml" });
  if (result.status !== "ok") return [];
  const xml = result.body.toString("utf8");
  if (/<!DOCTYPE/i.test(xml)) throw new Error("DTDs are not allowed");
  const entries = atomParser.parse(xml)?.feed?.entry ?? [];
  return (Array.isArray(entries) ? entries : [entries]).flatMap((entry: Record<string, unknown>) => {
    const videoId = String(entry["yt:videoId"] ?? "");
    const title = String(entry.title ?? "");
    const published = entry.published ? new Date(String(entry.published)) : null;
    return videoId && title
      ? [{ videoId, title, published: published && !Number.isNaN(published.getTime()) ? published : null }]
      : [];
  });
}

const MATCH_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

function findMatch(
  episode: { title: string; pubDate: Date },
  videos: ChannelVideo[],
): ChannelVideo | undefined {
  const title = normaliseTitle(episode.title);
  return videos.find((video) => {
    const videoTitle = normaliseTitle(video.title);
    const isSameTitle =
      videoTitle === title ||
      (title.length >= 12 && (videoTitle.includes(title) || title.includes(videoTitle)));
    const isSameTime =
      !video.published || Math.abs(video.published.getTime() - episode.pubDate.getTime()) <= MATCH_WINDOW_MS;
    return isSameTitle && isSameTime;
  });
}

/**
 * match-youtube-episodes: for podcasts with a YouTube channel, gives episodes without a video the
 * channel video with the same normalised title published within three days.
 */
export async function matchYoutubeEpisodes(
  deps: YoutubeDeps,
  input: { podcastId?: string; batchSize: number },
) {
  const channels = await deps.db
    .select({ id: podcasts.id, channelId: podcasts.youtubeChannelId })
    .from(podcasts)
    .where(
      and(
        isNotNull(podcasts.youtubeChannelId),
        input.podcastId ? eq(podcasts.id, input.podcastId) : undefined,
      ),
    );
  let processed = 0;
  let matched = 0;
  let failed = 0;
  for (const channel of channels) {
    const candidates = await deps.db
      .select({ id: episodes.id, title: episodes.title, pubDate: episodes.pubDate })
      .from(episodes)
      .where(and(eq(episodes.podcastId, channel.id), isNull(episodes.youtubeUrl)))
      .orderBy(sql`${episodes.pubDate} desc`)
      .limit(input.batchSize);
    processed += candidates.length;
    let videos: ChannelVideo[];
    try {
      videos = await fetchChannelVideos(deps, channel.channelId ?? "");
    } catch {
      failed += candidates.length;
      continue;
    }
    const found = candidates.flatMap((episode) => {
      const video = findMatch(episode, videos);
      return video ? [{ episodeId: episode.id, youtubeUrl: toYoutubeWatchUrl(video.videoId) }] : [];
    });
    await setYoutubeUrls(deps.db, found);
    matched += found.length;
    failed += candidates.length - found.length;
  }
  return { processed, matched, failed };
}

/** One statement for all of them (no query per episode). */
async function setYoutubeUrls(db: Database, updates: { episodeId: string; youtubeUrl: string }[]) {
  if (!updates.length) return;
  await db.execute(sql`
    update episodes e set youtube_url = v.youtube_url
    from unnest(${sql.raw("ARRAY[")}${sql.join(
      updates.map((u) => sql`${u.episodeId}::uuid`),
      sql`, `,
    )}${sql.raw("]")}, ${sql.raw("ARRAY[")}${sql.join(
      updates.map((u) => sql`${u.youtubeUrl}::text`),
      sql`, `,
    )}${sql.raw("]")}) as v(id, youtube_url)
    where e.id = v.id`);
}

/** populate-youtube-urls: episodes whose audio or show-note links point at a YouTube video get youtube_url. */
export async function populateYoutubeUrls(db: Database) {
  const rows = await db.execute<{ id: string; url: string }>(sql`
    select e.id, coalesce(
      case when e.audio_url ~* 'youtu(\\.be|be\\.com)' then e.audio_url end,
      (select l.url from episode_links l where l.episode_id = e.id and l.url ~* 'youtu(\\.be|be\\.com)' order by l.url limit 1)
    ) as url
    from episodes e
    where e.youtube_url is null`);
  const updates = rows.rows.flatMap((row) => {
    const id = parseYoutubeId(row.url);
    return id ? [{ episodeId: row.id, youtubeUrl: toYoutubeWatchUrl(id) }] : [];
  });
  await setYoutubeUrls(db, updates);
  if (updates.length) {
    // An audio URL that was really a video link is not playable audio.
    await db
      .update(episodes)
      .set({ audioUrl: null })
      .where(
        and(
          inArray(
            episodes.id,
            updates.map((u) => u.episodeId),
          ),
          sql`${episodes.audioUrl} ~* 'youtu(\\.be|be\\.com)'`,
        ),
      );
  }
  return { processed: updates.length };
}
