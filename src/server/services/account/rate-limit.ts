import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";

export type RateLimitRule = { key: string; limit: number; windowSeconds: number };

/**
 * The 429 message, given the wait ("5 minutes"). Required: each caller names what it limits
 * ("Too many OPML imports…"), so no limit borrows another's words.
 */
export type RateLimitMessage = (wait: string) => string;

/**
 * Counts one attempt against each rule in a fixed window kept in Postgres (so every API server
 * shares it) and throws 429 with Retry-After when any rule is exceeded.
 */
export async function consumeRateLimits(
  db: Database,
  rules: RateLimitRule[],
  message: RateLimitMessage,
): Promise<void> {
  let retryAfter = 0;
  for (const rule of rules) {
    const { rows } = await db.$client.query<{ count: number; retry_after: number }>(
      `insert into rate_limits (key, count, window_start) values ($1, 1, now())
       on conflict (key) do update set
         count = case when rate_limits.window_start <= now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
         window_start = case when rate_limits.window_start <= now() - make_interval(secs => $2) then now() else rate_limits.window_start end
       returning count, ceil(extract(epoch from window_start + make_interval(secs => $2) - now()))::int as retry_after`,
      [rule.key, rule.windowSeconds],
    );
    const row = rows[0];
    if (row && row.count > rule.limit) retryAfter = Math.max(retryAfter, row.retry_after, 1);
  }
  if (retryAfter > 0) {
    throw new AppError("RATE_LIMITED", message(formatWait(retryAfter)), undefined, {
      "Retry-After": String(retryAfter),
    });
  }
}

/** "5 minutes" below two hours, else whole hours ("23 hours"), rounded up. */
function formatWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export async function deleteExpiredRateLimits(db: Database, olderThanSeconds: number): Promise<number> {
  const result = await db.execute(
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})`,
  );
  return result.rowCount ?? 0;
}
