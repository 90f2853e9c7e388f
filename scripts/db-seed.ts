import { createAuth, resolveAuthSecret } from "../src/server/auth/auth.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { demoAccounts, seedDemoData } from "../src/server/db/seed.ts";
import { startJobs } from "../src/server/jobs/jobs.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { withDatabase } from "./with-database.ts";

/**
 * `npm run db:seed`: the demo accounts now, and a catalog.auto-ingest job for the demo feeds, which
 * a running server (or the next `npm start`) carries out — the feeds are served by the app itself.
 */
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, config.logFormat);
await withDatabase(config, async (url) => {
  const db = createDatabase(url, { max: 2 });
  try {
    await migrateDatabase(db);
    const auth = createAuth({ db, config, logger, secret: await resolveAuthSecret(config) });
    await seedDemoData({ db, auth }, { onlyIfEmpty: false });
    const jobs = await startJobs({ url, db, logger, config, isWorking: false });
    await jobs.send("catalog.auto-ingest", {});
    await jobs.stop();
    process.stdout.write(
      `Demo accounts ready: ${demoAccounts.map((a) => `${a.email} / ${a.password}`).join(", ")}.\n` +
        "The demo catalog ingestion is queued; the running server (or the next npm start) ingests it.\n",
    );
  } finally {
    await db.$client.end();
  }
});
process.exit(0);
