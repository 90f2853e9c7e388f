import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFeed, type FeedEpisode, startFeedServer } from "../../../tests/support/feed-server.ts";
import { createTestDatabase } from "../../../tests/support/test-server.ts";
import { createDatabase, type Database } from "../db/client.ts";
import { createLogger } from "../lib/logger.ts";
import { ingestFeed } from "./ingest-feed.ts";

const ITEMS = 3000;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
const databases: Database[] = [];

function contextFor(db: Database) {
  return {
    db,
    logger: createLogger("silent"),
    policy: { allowedOrigins: [], allowedAddresses: ["127.0.0.1"] },
    ownOrigin: "http://127.0.0.1:1",
  };
}

async function newDatabase() {
  const url = await createTestDatabase();
  const db = createDatabase(url, { max: 3 });
  databases.push(db);
  return { url, db };
}

async function catalogRows(db: Database) {
  const { rows } = await db.$client.query(`
    select e.guid, e.title, e.summary, e.audio_url, e.duration, e.pub_date, e.ready, e.show_notes, e.enclosure_key,
      (select array_agg(h.name order by h.name) from episode_hosts eh join hosts h on h.id = eh.host_id where eh.episode_id = e.id) as hosts,
      (select array_agg(g.name order by g.name) from episode_guests eg join guests g on g.id = eg.guest_id where eg.episode_id = e.id) as guests
    from episodes e order by e.guid`);
  return rows;
}

beforeAll(async () => {
  const episodes: FeedEpisode[] = Array.from({ length: ITEMS }, (_, i) => ({
    guid: `item-${String(i).padStart(5, "0")}`,
    title: `Episode ${i}: ideas worth keeping`,
    description: `<p>Episode ${i} about <a href="https://example.org/${i}">learning</a>.</p>`,
    audio: `https://cdn.example.com/audio/${i}.mp3`,
    pubDate: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toUTCString(),
    duration: "31:07",
    persons: [
      { name: "Host Person", role: "host" },
      { name: `Guest ${i % 40}`, role: "guest" },
    ],
  }));
  feeds = await startFeedServer({
    "/big.xml": { body: buildFeed({ title: "Big Feed", episodes }), contentType: "application/rss+xml" },
  });
});

afterAll(async () => {
  await Promise.all(databases.map((db) => db.$client.end()));
  await feeds.stop();
});

describe("resumable ingestion", () => {
  it("converges to the same catalog after a kill -9 in the middle of a feed", async () => {
    const crashed = await newDatabase();
    // Async: the feed server lives in this process and must keep answering.
    // `node --import tsx` (not the tsx CLI) so the ingesting process is the child itself.
    const child = spawn(process.execPath, [
      "--import",
      "tsx",
      "tests/support/ingest-child.ts",
      crashed.url,
      feeds.url("/big.xml"),
      "500",
      "2",
    ]);
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const signal = await new Promise((resolve) =>
      child.on("exit", (_code, exitSignal) => resolve(exitSignal)),
    );
    expect(signal, stderr).toBe("SIGKILL");
    const partial = await crashed.db.$client.query("select count(*)::int as n from episodes");
    expect(partial.rows[0].n).toBe(1000);
    // The ETag is written last, so the restarted run fetches everything again instead of "not modified".
    const podcast = await crashed.db.$client.query("select etag from podcasts");
    expect(podcast.rows[0].etag).toBeNull();

    const resumed = await ingestFeed(contextFor(crashed.db), {
      feedUrl: feeds.url("/big.xml"),
      batchSize: 500,
    });
    expect(resumed).toMatchObject({ total: ITEMS, inserted: ITEMS - 1000, skipped: 1000, updated: 0 });

    const clean = await newDatabase();
    await ingestFeed(contextFor(clean.db), { feedUrl: feeds.url("/big.xml"), batchSize: 500 });

    const [crashedRows, cleanRows] = await Promise.all([catalogRows(crashed.db), catalogRows(clean.db)]);
    expect(crashedRows).toHaveLength(ITEMS);
    expect(crashedRows).toEqual(cleanRows);
    const guests = await crashed.db.$client.query("select count(*)::int as n from guests");
    expect(guests.rows[0].n).toBe(40);
  }, 180_000);
});
