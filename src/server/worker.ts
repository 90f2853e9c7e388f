import { loadConfig } from "./config.ts";
import { createDatabase, migrateDatabase } from "./db/client.ts";
import { findDatabaseUrl } from "./db/connect.ts";
import { startJobs } from "./jobs/jobs.ts";
import { createLogger } from "./lib/logger.ts";
import { stopOnSignals } from "./main.ts";

/**
 * `npm run worker`: runs the job workers and schedules without HTTP, so several API servers
 * (JOBS_IN_PROCESS=false) and workers can share one PostgreSQL.
 */
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, config.logFormat);
const url = await findDatabaseUrl(config);
if (!url) {
  process.stderr.write(
    "No database: set DATABASE_URL, or start `npm start` first (the worker joins its embedded PostgreSQL).\n",
  );
  process.exit(1);
}
const db = createDatabase(url, { max: 4 });
await migrateDatabase(db);
const jobs = await startJobs({ url, db, logger, config, isWorking: true });
logger.info("worker started");
stopOnSignals(async () => {
  await jobs.stop();
  await db.$client.end();
});
