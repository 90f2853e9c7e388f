import { loadConfig } from "../src/server/config.ts";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { withDatabase } from "./with-database.ts";

await withDatabase(loadConfig(), async (url) => {
  const db = createDatabase(url, { max: 1 });
  await migrateDatabase(db);
  await db.$client.end();
  process.stdout.write("Migrations applied.\n");
});
