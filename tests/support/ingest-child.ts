import { createDatabase } from "../../src/server/db/client.ts";
import { ingestFeed } from "../../src/server/ingest/ingest-feed.ts";
import { createLogger } from "../../src/server/lib/logger.ts";

/**
 * Runs one feed ingestion in its own process and kills itself with SIGKILL after the given number
 * of committed batches: the crash that the resumability test recovers from.
 */
const [url, feedUrl, batchSize, killAfterBatches] = process.argv.slice(2);
if (!url || !feedUrl)
  throw new Error("usage: ingest-child <databaseUrl> <feedUrl> <batchSize> <killAfterBatches>");
const db = createDatabase(url, { max: 2 });
let batches = 0;
await ingestFeed(
  {
    db,
    logger: createLogger("silent"),
    policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.1"] },
    ownOrigin: "http://127.0.0.1:1",
    onProgress: async () => {
      batches++;
      if (batches >= Number(killAfterBatches)) process.kill(process.pid, "SIGKILL");
    },
  },
  { feedUrl, batchSize: Number(batchSize) },
);
await db.$client.end();
