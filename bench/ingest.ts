import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../src/server/db/embedded.ts";
import { generateFeed } from "../src/server/ingest/__fixtures__/generate-feed.ts";
import { ingestFeed } from "../src/server/ingest/ingest-feed.ts";
import { parseFeed } from "../src/server/ingest/parse-feed.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { startFeedServer } from "../tests/support/feed-server.ts";

/**
 * `npm run bench:ingest [items]`: one generated feed (default 10,000 items) served over loopback and
 * ingested into a fresh embedded PostgreSQL: parse time, the whole job, and re-syncs.
 */
const count = Number(process.argv[2] ?? 10_000);
const xml = generateFeed(count);
// The same items under four more addresses: four more podcasts for the search tier's A/B below.
const TIER_RUNS = [false, true, false, true];
const feeds = await startFeedServer({
  "/feed.xml": { body: xml, contentType: "application/rss+xml" },
  ...Object.fromEntries(
    TIER_RUNS.map((_, index) => [`/tier-${index}.xml`, { body: xml, contentType: "application/rss+xml" }]),
  ),
});
const dataDir = path.join(os.tmpdir(), `earmark-bench-ingest-${process.pid}`);
const cluster = await startEmbeddedPostgres({ dataDir, database: "bench", isPersistent: false });
const db = createDatabase(cluster.url, { max: 4 });

const time = async <T>(run: () => Promise<T> | T): Promise<[T, number]> => {
  const t0 = performance.now();
  const result = await run();
  return [result, performance.now() - t0];
};

try {
  await migrateDatabase(db);
  const context = {
    db,
    logger: createLogger("silent"),
    policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.1"] },
    ownOrigin: "http://127.0.0.1:1",
    // As in the job: a large import leaves transcripts and chapters to a catalog.fetch-details job.
    queueDetails: async () => {},
  };
  const [, parseMs] = await time(() => parseFeed(xml, feeds.url("/feed.xml")));
  const [first, jobMs] = await time(() => ingestFeed(context, { feedUrl: feeds.url("/feed.xml") }));
  const [again, resyncMs] = await time(() => ingestFeed(context, { feedUrl: feeds.url("/feed.xml") }));
  const [forced, forcedMs] = await time(() =>
    ingestFeed(context, { feedUrl: feeds.url("/feed.xml"), isForced: true }),
  );
  const row = (label: string, ms: number, target: string, note: string) =>
    console.log(
      `${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s   target ${target.padEnd(6)} ${note}`,
    );
  console.log(
    `\nfeed: ${count.toLocaleString("en")} items, ${(Buffer.byteLength(xml) / 1024 / 1024).toFixed(1)} MB\n`,
  );
  row("parse", parseMs, "≤ 3 s", "");
  row(
    "whole ingest job (fetch → rows)",
    jobMs,
    "≤ 15 s",
    `inserted ${first.inserted}, details queued ${first.detailsQueued}`,
  );
  row("re-sync, unchanged (ETag → 304)", resyncMs, "≤ 1 s", `notModified ${again.notModified}`);
  row("re-sync, unchanged, no ETag", forcedMs, "", `skipped ${forced.skipped}, updated ${forced.updated}`);

  // What the search index's recent tier (decision 040) costs a write: the same import into a new
  // podcast with the tier's trigger off and on, alternating so drift on a shared machine hits both.
  // The catalog is small, so every new episode also goes to the tier (its bound is -infinity).
  const tierMs: Record<"on" | "off", number[]> = { on: [], off: [] };
  for (const [index, isOn] of TIER_RUNS.entries()) {
    await db.execute(
      sql.raw(`alter table episode_search ${isOn ? "enable" : "disable"} trigger episode_search_sync_recent`),
    );
    const [result, ms] = await time(() => ingestFeed(context, { feedUrl: feeds.url(`/tier-${index}.xml`) }));
    if (result.inserted !== count)
      throw new Error(`tier run ${index}: inserted ${result.inserted} of ${count}`);
    tierMs[isOn ? "on" : "off"].push(ms);
  }
  const [tierRow] = (await db.execute(sql`select count(*)::int as n from episode_search_recent`)).rows;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const seconds = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(", ");
  console.log(
    `\nsearch tier trigger, ${count.toLocaleString("en")} new episodes per run (off/on alternating):` +
      `\n  off ${seconds(tierMs.off)} s   on ${seconds(tierMs.on)} s   on ÷ off ${(mean(tierMs.on) / mean(tierMs.off)).toFixed(2)}` +
      `   (tier rows now ${Number(tierRow?.n ?? 0).toLocaleString("en")})`,
  );
} finally {
  await db.$client.end();
  await cluster.stop();
  await feeds.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
