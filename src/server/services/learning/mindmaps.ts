import { desc, eq, isNull, sql } from "drizzle-orm";
import type { EpisodeMindmap, MindmapData, MissingMindmaps } from "../../../domain/contract/learning.ts";
import { normalizeMindmap } from "../../ai/normalize-mindmap.ts";
import { type EpisodeInput, mindmapSchema } from "../../ai/provider.ts";
import type { Database } from "../../db/client.ts";
import { episodes, podcasts } from "../../db/schema/catalog.ts";
import { episodeMindmaps } from "../../db/schema/learning.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";
import type { LearningDeps } from "./engine.ts";
import { EPISODE_NOT_FOUND, loadEpisodeInput } from "./episode-input.ts";

/** Mind maps (spec 2 §3 episode_mindmaps, spec 3 §7 list-missing-mindmaps, generate-mindmap). */

export const MINDMAP_FAILED = "Failed to generate mind map";

/** The stored mind map in the node shape (a legacy central/branches map is converted); 404 when none. */
export async function getEpisodeMindmap(db: Database, episodeId: string): Promise<EpisodeMindmap> {
  const [row] = await db
    .select({ mindmapData: episodeMindmaps.mindmapData, updatedAt: episodeMindmaps.updatedAt })
    .from(episodes)
    .leftJoin(episodeMindmaps, eq(episodeMindmaps.episodeId, episodes.id))
    .where(eq(episodes.id, episodeId))
    .limit(1);
  if (!row) throw notFound(EPISODE_NOT_FOUND);
  const mindmap = row.mindmapData ? normalizeMindmap(row.mindmapData) : null;
  if (!mindmap || !row.updatedAt) throw notFound("This episode has no mind map yet.");
  return { episodeId, mindmap, updatedAt: row.updatedAt.toISOString() };
}

/** Keeps node times inside the episode (a model may invent a time past the end). */
function clampTimes(nodes: MindmapData["nodes"], duration: number | null): MindmapData["nodes"] {
  return nodes.map((node) => ({
    ...node,
    ...(node.time !== undefined && duration ? { time: Math.min(node.time, duration) } : {}),
    children: clampTimes(node.children, duration),
  }));
}

/** generate-mindmap: builds the episode's mind map and stores it (replacing an older one). */
export async function generateEpisodeMindmap(
  deps: LearningDeps,
  episodeId: string,
  options: { input?: EpisodeInput } = {},
): Promise<EpisodeMindmap> {
  const input = options.input ?? (await loadEpisodeInput(deps.db, episodeId));
  let mindmap: MindmapData;
  try {
    const parsed = mindmapSchema.parse(await deps.provider.generateMindmap(input, await deps.loadContext()));
    mindmap = { ...parsed, nodes: clampTimes(parsed.nodes, input.duration) };
  } catch (error) {
    deps.logger.warn(
      { episodeId, err: error instanceof Error ? error.message : error, provider: deps.provider.name },
      "mind map generation failed",
    );
    throw new AppError("UPSTREAM_FAILED", MINDMAP_FAILED);
  }
  const [row] = await deps.db
    .insert(episodeMindmaps)
    .values({ episodeId, mindmapData: mindmap })
    .onConflictDoUpdate({ target: episodeMindmaps.episodeId, set: { mindmapData: mindmap } })
    .returning({ updatedAt: episodeMindmaps.updatedAt });
  return { episodeId, mindmap, updatedAt: (row?.updatedAt ?? new Date()).toISOString() };
}

/** Mind maps one user may generate per hour (each runs the engine over a transcript). */
export const MINDMAP_LIMIT_PER_HOUR = 20;

/** generate-mindmap asked for by a learner: within their hourly limit, then as generateEpisodeMindmap. */
export async function requestEpisodeMindmap(
  deps: LearningDeps,
  userId: string,
  episodeId: string,
): Promise<EpisodeMindmap> {
  await consumeRateLimits(
    deps.db,
    [{ key: `mindmap:${userId}`, limit: MINDMAP_LIMIT_PER_HOUR, windowSeconds: 60 * 60 }],
    (wait) => `Too many mind map requests. Please wait ${wait} and try again.`,
  );
  return generateEpisodeMindmap(deps, episodeId);
}

const missingWhere = isNull(episodeMindmaps.id);

/** An anti-join on episode_mindmaps' unique episode index. */
async function countMindmaps(db: Database): Promise<{ total: number; missing: number }> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      missing: sql<number>`count(*) filter (where ${missingWhere})::int`,
    })
    .from(episodes)
    .leftJoin(episodeMindmaps, eq(episodeMindmaps.episodeId, episodes.id));
  return counts ?? { total: 0, missing: 0 };
}

/** list-missing-mindmaps: the newest episodes without a mind map (at most `limit`) and the counts. */
export async function listMissingMindmaps(db: Database, limit = 50): Promise<MissingMindmaps> {
  const [items, counts] = await Promise.all([
    db
      .select({
        id: episodes.id,
        title: episodes.title,
        podcastName: podcasts.name,
        pubDate: episodes.pubDate,
      })
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .leftJoin(episodeMindmaps, eq(episodeMindmaps.episodeId, episodes.id))
      .where(missingWhere)
      .orderBy(desc(episodes.pubDate))
      .limit(limit),
    countMindmaps(db),
  ]);
  return { items: items.map((item) => ({ ...item, pubDate: item.pubDate.toISOString() })), ...counts };
}

/** Batch generation for the admin lab: up to `limit` episodes without a mind map, newest first. */
export async function generateMissingMindmaps(
  deps: LearningDeps,
  options: { limit: number; onProgress?: (done: number, total: number) => Promise<void> },
): Promise<{ generated: number; failed: number; remaining: number }> {
  const { items } = await listMissingMindmaps(deps.db, options.limit);
  let generated = 0;
  let failed = 0;
  for (const [index, item] of items.entries()) {
    try {
      await generateEpisodeMindmap(deps, item.id);
      generated++;
    } catch {
      failed++; // logged by generateEpisodeMindmap
    }
    await options.onProgress?.(index + 1, items.length);
  }
  return { generated, failed, remaining: (await countMindmaps(deps.db)).missing };
}
