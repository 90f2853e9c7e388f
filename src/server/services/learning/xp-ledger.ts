import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { profiles } from "../../db/schema/account.ts";
import { type XpSource, xpEvents } from "../../db/schema/learning.ts";
import { levelForXpSql } from "./levels.ts";

/**
 * Every XP award of a user takes their profile row lock first (decision 019), so a quiz finish and a
 * review rating — or two of either — take turns deciding whether a question's due moment is still
 * open. Returns the profile's time zone for the week and day the award falls in.
 */
export async function lockProfile(tx: Tx, userId: string): Promise<{ timeZone: string }> {
  const [profile] = await tx
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  if (!profile) throw new Error("profile missing");
  return profile;
}

/**
 * Adds XP to the profile in one statement (`xp = xp + n`, the level from the new xp) with its row in
 * the XP ledger (xp_events, which "XP today" sums — decision 018). Returns the new xp and level.
 */
export async function addXp(
  tx: Tx,
  award: { userId: string; amount: number; source: XpSource; sourceId: string; now: Date },
): Promise<{ xp: number; level: number }> {
  const { rows } = await tx.execute<{ xp: number; level: number }>(
    sql`update profiles set xp = xp + ${award.amount}, level = ${levelForXpSql(sql`xp + ${award.amount}`)}
        where user_id = ${award.userId}
        returning xp, level`,
  );
  const updated = rows[0];
  if (!updated) throw new Error("profile missing");
  if (award.amount > 0)
    await tx.insert(xpEvents).values({
      userId: award.userId,
      amount: award.amount,
      source: award.source,
      sourceId: award.sourceId,
      createdAt: award.now,
    });
  return { xp: Number(updated.xp), level: Number(updated.level) };
}
