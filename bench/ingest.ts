import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../src/server/db/embedded.ts";
import { generateFeed } from "../src/server/ingest/__fixtures__/generate-feed.ts";
import { ingestFeed } from "../src/server/ingest/ingest-feed.ts";
import { parseFeed } from "../src/server/ingest/parse-feed.ts";
import { startFeedServer } from "../tests/support/feed-server.ts";
import { loopbackIngestContext, setTriggers, type Trigger, triggersByPrefix } from "./support/ingest.ts";

/**
 * `npm run bench:ingest [items] [abItems]`: one generated feed (default 10,000 items) served over
 * loopback and ingested into a fresh embedded PostgreSQL: parse time, the whole job, and re-syncs;
 * then the trigger modes alternating on imports of `abItems` (default 2,000) new episodes.
 */
const count = Number(process.argv[2] ?? 10_000);
const xml = generateFeed(count);
// What keeping the search index costs a write (decision 040): the same smaller import into a new
// podcast with every search trigger on, without the recent tier's, and without any, three rounds.
const AB_ITEMS = Number(process.argv[3] ?? 2_000);
const abXml = generateFeed(AB_ITEMS);
const AB_MODES = ["all", "no tier", "no search index"] as const;
const AB_RUNS = [...AB_MODES, ...AB_MODES, ...AB_MODES];
const feeds = await startFeedServer({
  "/feed.xml": { body: xml, contentType: "application/rss+xml" },
  // The same items as another podcast, imported without the search triggers: the reference.
  "/feed-bare.xml": { body: xml, contentType: "application/rss+xml" },
  ...Object.fromEntries(
    AB_RUNS.map((_, index) => [`/ab-${index}.xml`, { body: abXml, contentType: "application/rss+xml" }]),
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
  const context = loopbackIngestContext(db);
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

  // By name prefix, so the same bench runs against the per-row triggers (before decision 046) and
  // the per-statement ones (`…_insert`, `…_update`, `…_delete`).
  const searchTriggers = await triggersByPrefix(db.$client, [
    "episodes_sync_search",
    "episode_guests_sync_search",
    "episode_hosts_sync_search",
    "episode_search_sync_recent",
  ]);
  console.log(`\nsearch triggers: ${searchTriggers.map((row) => `${row.table}.${row.name}`).join(", ")}`);
  const setSearchTriggers = async (mode: (typeof AB_MODES)[number]) => {
    const isOn = (trigger: Trigger) =>
      mode === "all" || (mode === "no tier" && !trigger.name.startsWith("episode_search_sync_recent"));
    await setTriggers(db.$client, searchTriggers.filter(isOn), true);
    await setTriggers(
      db.$client,
      searchTriggers.filter((trigger) => !isOn(trigger)),
      false,
    );
  };
  await setSearchTriggers("no search index");
  const [bare10k, bare10kMs] = await time(() =>
    ingestFeed(context, { feedUrl: feeds.url("/feed-bare.xml") }),
  );
  row(
    "same job, no search trigger",
    bare10kMs,
    "",
    `inserted ${bare10k.inserted}; with the index ÷ without ${(jobMs / bare10kMs).toFixed(2)}`,
  );

  const abMs = new Map<string, number[]>(AB_MODES.map((mode) => [mode, []]));
  for (const [index, mode] of AB_RUNS.entries()) {
    await setSearchTriggers(mode);
    const [result, ms] = await time(() => ingestFeed(context, { feedUrl: feeds.url(`/ab-${index}.xml`) }));
    if (result.inserted !== AB_ITEMS) throw new Error(`${mode}: inserted ${result.inserted} of ${AB_ITEMS}`);
    abMs.get(mode)?.push(ms);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const bare = median(abMs.get("no search index") ?? []);
  console.log(
    `\nkeeping the search index, ${AB_ITEMS.toLocaleString("en")} new episodes per run, modes alternating:`,
  );
  for (const [mode, values] of abMs)
    console.log(
      `  ${mode.padEnd(16)} ${values.map((ms) => (ms / 1000).toFixed(2)).join(", ")} s   median ÷ no search index ${(median(values) / bare).toFixed(2)}`,
    );
} finally {
  await db.$client.end();
  await cluster.stop();
  await feeds.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
