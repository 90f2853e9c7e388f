import { sql } from "drizzle-orm";
import { matchThemes } from "../../../domain/knowledge-themes.ts";
import type { Database } from "../../db/client.ts";

/**
 * questions.theme_ids holds matchThemes(concept_tags), so the knowledge aggregate can group answers
 * by theme in SQL. Question generation writes it with the question; this fills the rows where it is
 * still null: rows from before the column existed, rows written by hand, and — after a custom
 * migration sets theme_ids to null — every row, when the keyword lists change. It runs at start-up
 * and, scoped to one user's answered questions, before that user's knowledge is read.
 * Idempotent: only null rows are read and written, so concurrent runs cannot disagree.
 */

const BATCH_SIZE = 500;

/** Matches the pending questions (all, or those `userId` has answered); returns how many. */
export async function matchPendingQuestionThemes(
  db: Database,
  options: { userId?: string; batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const answeredBy = options.userId
    ? sql`and exists (select 1 from user_answers ua where ua.question_id = q.id and ua.user_id = ${options.userId})`
    : sql``;
  let matched = 0;
  for (;;) {
    const pending = await db.execute<{ id: string; concept_tags: string[] }>(sql`
      select q.id, q.concept_tags from questions q
      where q.theme_ids is null ${answeredBy}
      order by q.id
      limit ${batchSize}`);
    if (!pending.rows.length) return matched;
    const values = pending.rows.map((row) => ({ id: row.id, theme_ids: matchThemes(row.concept_tags) }));
    await db.execute(sql`
      update questions q set theme_ids = v.theme_ids
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, theme_ids text[])
      where q.id = v.id and q.theme_ids is null`);
    matched += pending.rows.length;
    if (pending.rows.length < batchSize) return matched;
  }
}
