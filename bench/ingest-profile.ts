import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../src/server/db/embedded.ts";
import { generateFeed } from "../src/server/ingest/__fixtures__/generate-feed.ts";
import { ingestFeed } from "../src/server/ingest/ingest-feed.ts";
import { startFeedServer } from "../tests/support/feed-server.ts";
import { loopbackIngestContext } from "./support/ingest.ts";

/**
 * `npx tsx bench/ingest-profile.ts [items] [runs]`: where an import's time goes in the search
 * triggers (decision 046). Imports the same generated feed into new podcasts with
 * `track_functions = all`, then prints each trigger function's calls and total/self time, and the
 * plan of a refresh of one import's episodes after it.
 */
const items = Number(process.argv[2] ?? 2_000);
const runs = Number(process.argv[3] ?? 3);
const xml = generateFeed(items);
const feeds = await startFeedServer(
  Object.fromEntries(
    Array.from({ length: runs }, (_, i) => [
      `/p-${i}.xml`,
      { body: xml, contentType: "application/rss+xml" },
    ]),
  ),
);
const dataDir = path.join(os.tmpdir(), `earmark-bench-ingest-profile-${process.pid}`);
const cluster = await startEmbeddedPostgres({ dataDir, database: "bench", isPersistent: false });
let db = createDatabase(cluster.url, { max: 4 });
try {
  await migrateDatabase(db);
  await db.execute(sql`alter system set track_functions = 'all'`);
  await db.execute(sql`select pg_reload_conf()`);
  await db.$client.end();
  db = createDatabase(cluster.url, { max: 4 });
  await db.execute(sql`select pg_stat_reset()`);
  const context = loopbackIngestContext(db);
  let podcastId = "";
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const result = await ingestFeed(context, { feedUrl: feeds.url(`/p-${i}.xml`) });
    podcastId = result.podcastId;
    console.log(
      `import ${i + 1}: ${result.inserted} episodes in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
    );
  }
  // Closing the sessions flushes their statistics.
  await db.$client.end();
  db = createDatabase(cluster.url, { max: 1 });
  const functions = await db.execute(sql`
    select funcname, calls, round(total_time)::int as total_ms, round(self_time)::int as self_ms
    from pg_stat_user_functions order by total_time desc limit 12`);
  console.table(functions.rows);
  const explain = async (label: string, query: ReturnType<typeof sql>) => {
    const plan = await db.execute(sql`explain (analyze, buffers, costs off) ${query}`);
    // The id list is long: lines quoting it are cut.
    const lines = plan.rows.map((row) => String(row["QUERY PLAN"]).slice(0, 160));
    console.log(`\n${label}\n${lines.join("\n")}`);
  };
  const ids = sql.raw(
    `'{${(await db.execute(sql`select id from episodes where podcast_id = ${podcastId}`)).rows.map((row) => row.id).join(",")}}'::uuid[]`,
  );
  await explain(
    "refresh of the last import's episodes (nothing changes)",
    sql`select public.episode_search_refresh(${ids})`,
  );
  // The same documents with the planner's defaults (the refresh switches seq scans and hash joins off).
  await explain(
    "its documents, default planner settings",
    sql`select count(*) from public.episode_search_documents(${ids}) d where d.document is not null`,
  );
  const counts = await db.execute(sql`
    select (select count(*) from episode_guests)::int as guest_links, (select count(*) from episode_hosts)::int as host_links,
           (select count(*) from episode_search)::int as indexed, (select count(*) from episode_search_recent)::int as tier`);
  console.log(counts.rows[0]);
} finally {
  await db.$client.end();
  await cluster.stop();
  await feeds.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
