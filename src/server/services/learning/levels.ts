import { type SQL, sql } from "drizzle-orm";
import { XP_PER_LEVEL } from "../../../domain/xp.ts";

/**
 * `levelForXp` from src/domain/xp.ts as SQL, for statements that change xp and level in one go
 * (`level = floor(max(0, xp) / XP_PER_LEVEL) + 1`). Integer division of a non-negative integer is
 * its floor; quiz.api.test.ts checks the two agree across level boundaries.
 */
export function levelForXpSql(xp: SQL): SQL<number> {
  return sql<number>`(greatest(${xp}, 0) / ${XP_PER_LEVEL}::int + 1)`;
}
