import { sql } from "drizzle-orm";
import type { Chapter } from "../../../domain/contract/episodes.ts";
import type { AppDeps } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";

/** An episode's chapters for the player's seek-bar markers and current chapter title. */
export async function getChapters(deps: Pick<AppDeps, "db">, episodeId: string): Promise<Chapter[]> {
  const { rows } = await deps.db.execute<{ found: boolean; start_time: number | null; title: string | null }>(
    sql`select true as found, c.start_time, c.title
        from episodes e left join episode_chapters c on c.episode_id = e.id
        where e.id = ${episodeId}
        order by c.start_time`,
  );
  if (!rows.length) throw notFound("There is no such episode.");
  return rows.flatMap((row) =>
    row.start_time === null || row.title === null
      ? []
      : [{ startTime: Number(row.start_time), title: String(row.title) }],
  );
}
