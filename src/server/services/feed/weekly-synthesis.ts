import { sql } from "drizzle-orm";
import type { AdminPost } from "../../../domain/contract/feed.ts";
import { type PostBlock, type PostInput, postInputSchema } from "../../../domain/feed.ts";
import type { AppDeps } from "../../context.ts";
import type { EpisodeInsight, TranscriptSegment } from "../../db/schema/catalog.ts";
import { AppError } from "../../lib/errors.ts";
import { createPost } from "./authoring.ts";

type Deps = Pick<AppDeps, "db">;

/** How many of the week's most-played episodes a synthesis draws on, and key points per episode. */
export const WEEKLY_EPISODES = 3;
const POINTS_PER_EPISODE = 3;
const WEEK_MS = 7 * 86_400_000;

export const weeklyNotices = {
  nothingPlayed: "No episodes were played in the last 7 days, so there is nothing to synthesise yet.",
} as const;

type Row = {
  id: string;
  title: string;
  summary: string | null;
  topics: string[] | null;
  insights: EpisodeInsight[] | null;
  transcript_segments: TranscriptSegment[] | null;
  listeners: number;
};

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

const timed = (insight: EpisodeInsight) => {
  const seconds = Number(insight.timecode);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.floor(seconds) : null;
};

/**
 * A "Weekly Synthesis" draft from the last 7 days' most-played episodes (most distinct listeners):
 * for each, its summary, its key insights from the learning engine and its first timed insight as a
 * playable quote and source (the insight is a transcript sentence; its range is that line's cue).
 * Saved as a draft (published_at null) for an admin to edit and publish.
 */
export async function draftWeeklySynthesis(deps: Deps, now = new Date()): Promise<AdminPost> {
  const since = new Date(now.getTime() - WEEK_MS);
  const { rows } = await deps.db.execute<Row>(
    sql`select e.id, e.title, e.summary, e.topics, e.insights, e.transcript_segments, top.listeners
        from (select episode_id, count(distinct user_id)::int as listeners, max(last_played_at) as latest
              from play_history where last_played_at >= ${since} and last_played_at <= ${now}
              group by episode_id
              order by listeners desc, latest desc
              limit ${WEEKLY_EPISODES}) top
        join episodes e on e.id = top.episode_id
        order by top.listeners desc, top.latest desc`,
  );
  if (!rows.length) throw new AppError("UNPROCESSABLE", weeklyNotices.nothingPlayed);

  const blocks: PostBlock[] = [
    {
      type: "paragraph",
      content: clip(
        `This week's most-played conversations: ${rows.map((row) => row.title).join("; ")}. What they said, and where to hear it.`,
        5000,
      ),
    },
  ];
  const sources: PostInput["sources"] = [];
  for (const row of rows) {
    const insights = Array.isArray(row.insights) ? row.insights : [];
    blocks.push({ type: "heading", content: clip(row.title, 200) });
    if (row.summary?.trim()) blocks.push({ type: "paragraph", content: clip(row.summary.trim(), 5000) });
    const points = insights
      .map((insight) => insight.key_point?.trim())
      .filter(Boolean)
      .slice(0, POINTS_PER_EPISODE);
    if (points.length) blocks.push({ type: "bullets", items: points.map((point) => clip(point, 500)) });
    const quoted = insights.find((insight) => insight.key_point?.trim() && timed(insight) !== null);
    const at = quoted ? timed(quoted) : null;
    if (quoted && at !== null) {
      blocks.push({
        type: "quote",
        content: clip(quoted.key_point.trim(), 1000),
        episodeId: row.id,
        timestamp: at,
      });
      const segments = Array.isArray(row.transcript_segments) ? row.transcript_segments : [];
      const cue = segments.find((segment) => Math.floor(segment.start) === at);
      sources.push({
        episodeId: row.id,
        startTs: at,
        endTs: cue ? Math.max(at, Math.ceil(cue.end)) : null,
        quote: clip(quoted.key_point.trim(), 1000),
      });
    } else {
      sources.push({ episodeId: row.id, startTs: 0, endTs: null, quote: null });
    }
  }
  const topicCounts = new Map<string, number>();
  for (const row of rows)
    for (const topic of row.topics ?? []) topicCounts.set(topic, (topicCounts.get(topic) ?? 0) + 1);
  const topics = [...topicCounts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([topic]) => clip(topic, 60));

  const week = since.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  const values = postInputSchema.parse({
    type: "weekly",
    title: `Weekly Synthesis: the week from ${week}`,
    dek: clip(
      `What ${rows.length === 1 ? "the most-played conversation" : `the ${rows.length} most-played conversations`} of the week taught us.`,
      400,
    ),
    author: "Earmark Editors",
    publishedAt: null,
    blocks,
    topics,
    sources,
  } satisfies PostInput);
  return createPost(deps, values);
}
