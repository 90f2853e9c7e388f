import { asc, count, gt, sql } from "drizzle-orm";
import { isKnowledgeThemeId, type KnowledgeThemeId } from "../../../domain/knowledge-themes.ts";
import type { EpisodeInput, LearningContext } from "../../ai/provider.ts";
import type { Database } from "../../db/client.ts";
import { episodes } from "../../db/schema/catalog.ts";
import type { LearningDeps } from "./engine.ts";
import { loadEpisodeInput, loadEpisodeInputs } from "./episode-input.ts";

/** Knowledge themes of episodes (spec 3 §7 categorize-episode, §9: batches of 50, 1 s apart). */

export const CATEGORIZE_BATCH_SIZE = 50;
export const CATEGORIZE_PAUSE_MS = 1000;

/** The provider's themes, restricted to the eight known ids, without repeats. */
export async function findThemes(
  deps: Pick<LearningDeps, "provider">,
  input: EpisodeInput,
  context: LearningContext,
): Promise<KnowledgeThemeId[]> {
  const themes = await deps.provider.categorize(input, context);
  return [...new Set(themes.filter(isKnowledgeThemeId))];
}

/** One statement for a whole batch. */
async function storeThemes(db: Database, rows: { id: string; themes: string[] }[]) {
  if (!rows.length) return;
  await db.execute(sql`
    update ${episodes} e set themes = array(select jsonb_array_elements_text(v.themes))
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, themes jsonb)
    where e.id = v.id`);
}

export type CategorizeResult = { categorized: number; failed: number; total: number };

/**
 * categorize-episode: one episode when `episodeId` is given, else every episode in batches of 50
 * with a pause of one second between batches (so a large catalog never monopolises a model).
 */
export async function categorizeEpisodes(
  deps: LearningDeps,
  options: {
    episodeId?: string;
    batchSize?: number;
    pauseMs?: number;
    onProgress?: (done: number, total: number) => Promise<void>;
  } = {},
): Promise<CategorizeResult> {
  const context = await deps.loadContext();
  if (options.episodeId) {
    const input = await loadEpisodeInput(deps.db, options.episodeId);
    await storeThemes(deps.db, [{ id: input.id, themes: await findThemes(deps, input, context) }]);
    return { categorized: 1, failed: 0, total: 1 };
  }
  const batchSize = options.batchSize ?? CATEGORIZE_BATCH_SIZE;
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(episodes);
  const result: CategorizeResult = { categorized: 0, failed: 0, total };
  let after: string | null = null;
  for (;;) {
    const ids = await deps.db
      .select({ id: episodes.id })
      .from(episodes)
      .where(after ? gt(episodes.id, after) : undefined)
      .orderBy(asc(episodes.id))
      .limit(batchSize);
    if (!ids.length) break;
    if (after) await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? CATEGORIZE_PAUSE_MS));
    after = ids.at(-1)?.id ?? null;
    const updates: { id: string; themes: string[] }[] = [];
    for (const input of await loadEpisodeInputs(
      deps.db,
      ids.map((row) => row.id),
    )) {
      try {
        updates.push({ id: input.id, themes: await findThemes(deps, input, context) });
      } catch (error) {
        result.failed++;
        deps.logger.warn({ episodeId: input.id, err: String(error) }, "categorisation failed");
      }
    }
    await storeThemes(deps.db, updates);
    result.categorized += updates.length;
    await options.onProgress?.(result.categorized + result.failed, total);
  }
  return result;
}
