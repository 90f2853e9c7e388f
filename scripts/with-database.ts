import type { Config } from "../src/server/config.ts";
import { connectDatabase, findDatabaseUrl } from "../src/server/db/connect.ts";
import { createLogger } from "../src/server/lib/logger.ts";

/**
 * Runs a command against DATABASE_URL, the embedded PostgreSQL of a running `npm start`, or —
 * when neither is there — an embedded PostgreSQL started for the command and stopped after it.
 */
export async function withDatabase(config: Config, run: (url: string) => Promise<void>): Promise<void> {
  const url = await findDatabaseUrl(config);
  if (url) return run(url);
  const connection = await connectDatabase(config, createLogger("warn"));
  try {
    await run(connection.url);
  } finally {
    await connection.stop();
  }
}
