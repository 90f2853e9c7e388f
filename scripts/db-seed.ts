import { createAuth, resolveAuthSecret } from "../src/server/auth/auth.ts";
import { loadConfig } from "../src/server/config.ts";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { demoAccounts, seedDemoData } from "../src/server/db/seed.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { withDatabase } from "./with-database.ts";

const config = loadConfig();
await withDatabase(config, async (url) => {
  const db = createDatabase(url, { max: 2 });
  try {
    await migrateDatabase(db);
    const auth = createAuth({
      db,
      config,
      logger: createLogger(config.LOG_LEVEL),
      secret: await resolveAuthSecret(config),
    });
    await seedDemoData({ db, auth }, { onlyIfEmpty: false });
    process.stdout.write(
      `Demo data loaded. Sign-ins: ${demoAccounts.map((a) => `${a.email} / ${a.password}`).join(", ")}\n`,
    );
  } finally {
    await db.$client.end();
  }
});
