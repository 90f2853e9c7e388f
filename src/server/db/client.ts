import { availableParallelism } from "node:os";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as account from "./schema/account.ts";
import * as auth from "./schema/auth.ts";
import * as billing from "./schema/billing.ts";
import * as catalog from "./schema/catalog.ts";
import * as contact from "./schema/contact.ts";
import * as feed from "./schema/feed.ts";
import * as jobs from "./schema/jobs.ts";
import * as learning from "./schema/learning.ts";
import * as player from "./schema/player.ts";
import * as playerQueue from "./schema/player-queue.ts";
import * as social from "./schema/social.ts";

export const schema = {
  ...auth,
  ...account,
  ...catalog,
  ...player,
  ...playerQueue,
  ...learning,
  ...social,
  ...feed,
  ...billing,
  ...contact,
  ...jobs,
};

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const migrationsFolder = new URL("./migrations", import.meta.url).pathname;

/**
 * An API server's pool size when DATABASE_POOL_SIZE is unset: twice the cores, at least 4 (decision
 * 060). Connections beyond that add PostgreSQL backends that only contend for the same cores: on a
 * 2-core machine, search served 8–15 % more requests with 4 than with 14, and the dropdown no fewer.
 */
export function defaultPoolSize(): number {
  return Math.max(4, 2 * availableParallelism());
}

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? defaultPoolSize(),
    // Every sequential scan starts at the table's first page (decision 040, third round). With
    // synchronized scans a scan starts where the last scan of a large table stopped, so a read that
    // takes the first N matching rows in table order (search's transcript step) gave a different
    // sample on each request, and so a different answer and colder pages each time. Set once per new
    // connection before it is handed out, not as a startup option: connection poolers refuse those,
    // and a DATABASE_URL's own `options` would silently replace it.
    onConnect: async (client) => {
      await client.query("set synchronize_seqscans = off").catch(() => {});
    },
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as Database;
}

/** Keys of the advisory locks that make processes sharing one database take turns at start. */
export const LOCK_KEYS = { migrations: 7_274_012, jobQueues: 7_274_013 } as const;

/**
 * Runs `work` while holding a session advisory lock, taken on a connection of its own (not from a
 * pool: a pool of one would wait for itself). Ending the session releases the lock, also when
 * `work` fails.
 */
export async function withAdvisoryLock<T>(
  connection: string | pg.ClientConfig,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  const lock = new pg.Client(typeof connection === "string" ? { connectionString: connection } : connection);
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [key]);
    return await work();
  } finally {
    await lock.end();
  }
}

/**
 * Applies pending migrations. Every API server and worker migrates at start, so several may start
 * together on one database: drizzle reads the last applied migration before its transaction, so two
 * at once would both apply the same files. The lock makes them take turns; the later ones find
 * nothing left to do.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  await withAdvisoryLock(db.$client.options, LOCK_KEYS.migrations, () => migrate(db, { migrationsFolder }));
}
