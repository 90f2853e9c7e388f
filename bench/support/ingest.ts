import type pg from "pg";
import type { Database } from "../../src/server/db/client.ts";
import type { IngestContext } from "../../src/server/ingest/ingest-feed.ts";
import { createLogger } from "../../src/server/lib/logger.ts";

/**
 * What the import benches give `ingestFeed`: feeds on loopback allowed, and, as in the job, a large
 * import's transcripts and chapters left to a later job (not queued here).
 */
export function loopbackIngestContext(db: Database): IngestContext {
  return {
    db,
    logger: createLogger("silent"),
    policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.1"] },
    ownOrigin: "http://127.0.0.1:1",
    queueDetails: async () => {},
  };
}

export type Trigger = { table: string; name: string };
type Queryable = Pick<pg.Pool, "query"> | Pick<pg.Client, "query">;

/**
 * Triggers whose names start with one of `prefixes`: since decision 046 a sync is several
 * per-statement triggers (`episode_guests_sync_search_insert`, …), before it one; a prefix finds both.
 */
export async function triggersByPrefix(client: Queryable, prefixes: string[]): Promise<Trigger[]> {
  const { rows } = await client.query<Trigger>(
    `select c.relname as table, t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and t.tgname like any ($1::text[]) order by 1, 2`,
    [prefixes.map((prefix) => `${prefix}%`)],
  );
  for (const prefix of prefixes)
    if (!rows.some((row) => row.name.startsWith(prefix))) throw new Error(`no trigger starts with ${prefix}`);
  return rows;
}

export async function setTriggers(client: Queryable, triggers: Trigger[], isEnabled: boolean): Promise<void> {
  for (const { table, name } of triggers)
    await client.query(`alter table ${table} ${isEnabled ? "enable" : "disable"} trigger "${name}"`);
}
