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

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as Database;
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
