import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFeed, holdResource, startFeedServer } from "../../../../tests/support/feed-server.ts";
import {
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../../tests/support/test-server.ts";

let server: TestServer;
let admin: SignedInClient;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const vtt = `WEBVTT

00:00:00.000 --> 00:00:04.500
<v Mira Okafor>Welcome to the show.

00:00:04.500 --> 00:00:09.000
<v Tomas Lind>Thanks for having me.
`;
const chapters = JSON.stringify({
  version: "1.2.0",
  chapters: [
    { startTime: 0, title: "Hello" },
    { startTime: 4.5, title: "Guest" },
  ],
});

function demoFeed(extraEpisode = false) {
  return buildFeed({
    title: "Test Signals",
    guid: "8f1c2f8e-0b1a-4c3e-9d55-7a6f0f1e2d3c",
    image: "/cover.png",
    episodes: [
      {
        guid: "ep-1",
        title: "First Episode",
        description: "<p>About <b>attention</b>. Read <a href='https://example.org/paper'>the paper</a>.</p>",
        audio: "/audio/ep-1.mp3?src=rss",
        pubDate: "Mon, 05 Oct 2026 10:00:00 GMT",
        duration: "12:30",
        transcript: "/t/ep-1.vtt",
        chapters: "/c/ep-1.json",
        persons: [
          { name: "Mira Okafor", role: "host", img: "/people/mira.png" },
          { name: "Tomas Lind", role: "guest", href: "https://example.org/tomas" },
        ],
      },
      {
        guid: "ep-2",
        title: "No Summary Yet",
        audio: "/audio/ep-2.mp3",
        pubDate: "Tue, 06 Oct 2026 10:00:00 GMT",
      },
      {
        title: "Guidless",
        description: "Keyed by its enclosure.",
        audio: "https://cdn.example.com/ep-3.mp3",
        pubDate: "Wed, 07 Oct 2026 10:00:00 GMT",
      },
      // The same episode listed twice in one feed is one episode.
      { guid: "ep-1", title: "First Episode (dup)", audio: "/audio/ep-1.mp3" },
      ...(extraEpisode
        ? [
            {
              guid: "ep-4",
              title: "Fourth",
              description: "New.",
              audio: "/audio/ep-4.mp3",
              pubDate: "Thu, 08 Oct 2026 10:00:00 GMT",
            },
          ]
        : []),
    ],
  });
}

/** A job queued directly (as a schedule or script would), past the lab's own checks. */
async function runQueuedJob(queue: "catalog.ingest-feed", data: { feedUrl: string }) {
  const id = await server.deps.jobs.send(queue, data, { isRetried: false });
  const job = await server.deps.jobs.waitForJob(queue, id, 30_000);
  if (!job) throw new Error("job did not finish");
  return job;
}

async function runJob(path: string, body?: object) {
  const queued = await admin.post(`/api/v1/admin/catalog/${path}`, body);
  expect(queued.status, JSON.stringify(queued.data)).toBe(202);
  const job = await server.deps.jobs.waitForJob(queued.data.queue, queued.data.jobId, 20_000);
  expect(job, "job finished").not.toBeNull();
  await learningSettled();
  return job as NonNullable<typeof job>;
}

/** Catalog jobs hand what they brought to the learning pipeline; snapshots wait until it is done. */
async function learningSettled() {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await server.deps.db.$client.query(
      "select count(*)::int as n from pgboss.job where name like 'learning.%' and state in ('created', 'retry', 'active')",
    );
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error("The learning pipeline did not finish.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function snapshot() {
  const { rows } = await server.deps.db.$client.query(`
    select e.*, (select json_agg(c order by c.start_time) from (select start_time, title from episode_chapters where episode_id = e.id) c) as chapters,
      (select json_agg(h.name order by h.name) from episode_hosts eh join hosts h on h.id = eh.host_id where eh.episode_id = e.id) as hosts,
      (select json_agg(g.name order by g.name) from episode_guests eg join guests g on g.id = eg.guest_id where eg.episode_id = e.id) as guests
    from episodes e order by e.title`);
  return rows;
}

beforeAll(async () => {
  feeds = await startFeedServer({
    "/feed.xml": { body: demoFeed(), contentType: "application/rss+xml" },
    "/t/ep-1.vtt": { body: vtt, contentType: "text/vtt" },
    "/c/ep-1.json": { body: chapters, contentType: "application/json+chapters" },
    "/broken.xml": {
      body: "<rss><channel><title>Broken</title><item></channel>",
      contentType: "application/rss+xml",
    },
  });
  // A short fetch budget, so the test of a host that never answers takes seconds, not 15.
  server = await startTestServer({
    INGEST_ALLOWED_ADDRESSES: "127.0.0.1",
    INGEST_FEEDS: "",
    INGEST_FETCH_TIMEOUT_SECONDS: "5",
  });
  admin = await server.signUp({ role: "admin" });
});
afterAll(async () => {
  await server.stop();
  await feeds.stop();
});

describe("RSS ingestion", () => {
  it("ingests a Podcasting 2.0 feed with transcripts, chapters, people and show notes", async () => {
    const job = await runJob("ingest-feed", { feedUrl: feeds.url("/feed.xml") });
    expect(job.state).toBe("completed");
    expect(job.output).toMatchObject({ inserted: 3, skipped: 0, enriched: 1 });

    const rows = await snapshot();
    expect(rows.map((row) => row.title)).toEqual(["First Episode", "Guidless", "No Summary Yet"]);
    const first = rows[0];
    expect(first).toMatchObject({
      audio_url: feeds.url("/audio/ep-1.mp3?src=rss"),
      duration: 750,
      ready: true,
      hosts: ["Mira Okafor"],
      guests: ["Tomas Lind"],
      chapters: [
        { start_time: 0, title: "Hello" },
        { start_time: 4, title: "Guest" },
      ],
    });
    expect(first.summary).toContain("About attention");
    expect(first.summary).not.toContain("<");
    expect(first.show_notes).toEqual([{ url: "https://example.org/paper", label: "the paper" }]);
    expect(first.transcript_text).toContain("Welcome to the show.");
    expect(first.transcript_segments[1]).toMatchObject({ start: 4.5, end: 9, speaker: "Tomas Lind" });
    expect(first.published_at).not.toBeNull();
    // Without a summary an episode is not ready, so it stays out of public lists.
    expect(rows[2]).toMatchObject({ ready: false, published_at: null });
    expect(rows[1]).toMatchObject({ guid: null, enclosure_key: "cdn.example.com/ep-3.mp3", ready: true });
  });

  it("costs one request and writes nothing when the feed has not changed", async () => {
    const before = await snapshot();
    const podcastsBefore = (await server.deps.db.$client.query("select * from podcasts")).rows;
    const requestsBefore = feeds.requests.get("/feed.xml") ?? 0;
    const job = await runJob("backfill", { action: "sync-deltas" });
    expect(job.output).toEqual({ episodes_new: 0, podcasts_checked: 1 });
    expect(feeds.requests.get("/feed.xml")).toBe(requestsBefore + 1);
    expect(feeds.requests.get("/t/ep-1.vtt")).toBe(1);
    expect(await snapshot()).toEqual(before);
    expect((await server.deps.db.$client.query("select * from podcasts")).rows).toEqual(podcastsBefore);
  });

  it("re-ingesting the whole feed converges to identical rows", async () => {
    const before = await snapshot();
    const job = await runJob("backfill", { action: "backfill" });
    expect(job.output).toMatchObject({ podcasts: 1, episodes_new: 0, episodes_updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it("adds new episodes on the next sync", async () => {
    feeds.resources["/feed.xml"] = { body: demoFeed(true), contentType: "application/rss+xml" };
    const job = await runJob("backfill", { action: "sync-deltas" });
    expect(job.output).toEqual({ episodes_new: 1, podcasts_checked: 1 });
    const stats = await admin.get("/api/v1/admin/catalog/podcast-stats");
    expect(stats.data.stats).toEqual([
      expect.objectContaining({ name: "Test Signals", total: 4, ready: 3, pending: 1 }),
    ]);
  });

  it("a changed description replaces the summary only where the engine has not summarised a transcript", async () => {
    const summaries = async () =>
      Object.fromEntries(
        (await server.deps.db.$client.query("select title, summary from episodes")).rows.map((row) => [
          row.title,
          row.summary,
        ]),
      );
    const before = await summaries();
    // The learning pipeline has summarised ep-1 with its transcript at hand.
    const { rows } = await server.deps.db.$client.query(
      "select enriched_at is not null and transcript_text is not null as owned from episodes where guid = 'ep-1'",
    );
    expect(rows[0].owned).toBe(true);
    feeds.resources["/feed.xml"] = {
      body: demoFeed(true)
        .replace("About &lt;b&gt;attention&lt;/b&gt;", "Now about &lt;b&gt;memory&lt;/b&gt;")
        .replace("Keyed by its enclosure.", "Still keyed by its enclosure."),
      contentType: "application/rss+xml",
    };
    await runJob("backfill", { action: "sync-deltas" });
    const after = await summaries();
    expect(after["First Episode"]).toBe(before["First Episode"]);
    expect(after.Guidless).toBe("Still keyed by its enclosure.");
  });

  it("fails a malformed feed with a clear message and writes nothing", async () => {
    const before = (await server.deps.db.$client.query("select count(*)::int as n from podcasts")).rows[0].n;
    // The lab's route refuses it at once (422, nothing queued)…
    const refused = await admin.post("/api/v1/admin/catalog/ingest-feed", {
      feedUrl: feeds.url("/broken.xml"),
    });
    expect(refused.status).toBe(422);
    expect(refused.data.error.message).toMatch(/not valid XML|could not be parsed/i);
    // …and the job, queued some other way, fails with the same reason.
    const job = await runQueuedJob("catalog.ingest-feed", { feedUrl: feeds.url("/broken.xml") });
    expect(job.state).toBe("failed");
    expect(JSON.stringify(job.output)).toMatch(/not valid XML|could not be parsed/i);
    expect((await server.deps.db.$client.query("select count(*)::int as n from podcasts")).rows[0].n).toBe(
      before,
    );
  });

  it("gives up on a host that does not answer within INGEST_FETCH_TIMEOUT_SECONDS, and says so", async () => {
    const silent = holdResource({ body: demoFeed(), contentType: "application/rss+xml" });
    feeds.resources["/silent.xml"] = silent.resource;
    try {
      const started = Date.now();
      const refused = await admin.post("/api/v1/admin/catalog/ingest-feed", {
        feedUrl: feeds.url("/silent.xml"),
      });
      expect(refused.status).toBe(422);
      expect(refused.data.error.message).toContain("did not answer within 5 seconds.");
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
    } finally {
      silent.release();
    }
  });

  it("refuses feeds on private addresses unless allowed", async () => {
    const refused = await admin.post("/api/v1/admin/catalog/ingest-feed", {
      feedUrl: "http://10.0.0.1/feed.xml",
    });
    expect(refused.status).toBe(422);
    expect(refused.data.error.message).toMatch(/private network address/);
    const job = await runQueuedJob("catalog.ingest-feed", { feedUrl: "http://10.0.0.1/feed.xml" });
    expect(job.state).toBe("failed");
    expect(JSON.stringify(job.output)).toMatch(/private|not allowed|blocked/i);
  });

  it("validates admin job input", async () => {
    const missing = await admin.post("/api/v1/admin/catalog/ingest-feed", {});
    expect(missing.status).toBe(400);
    expect(missing.data.error.fields.feedUrl).toBe("Please enter an RSS feed URL");
    const badBatch = await admin.post("/api/v1/admin/catalog/enhanced-ingest", { podcastId: "nope" });
    expect(badBatch.data.error.fields.podcastId).toBe("Please select a podcast");
    expect((await admin.post("/api/v1/admin/jobs/catalog.ingest-feed")).status).toBe(400);
  });
});

describe("QA and clean-up", () => {
  it("reports missing parts and duplicates, and auto-fixes what is safe", async () => {
    const [{ id: podcastId }] = (await server.deps.db.$client.query("select id from podcasts limit 1")).rows;
    await server.deps.db.$client.query(
      `insert into episodes (podcast_id, title, summary, audio_url, enclosure_key, guid)
       values ($1, 'Guidless copy', 'x', 'https://cdn.example.com/ep-3.mp3?copy', 'other-key', 'copy-1')`,
      [podcastId],
    );
    const report = await runJob("qa", { checkAll: true, autoFix: false });
    const output = report.output as { checked: number; issues: { title: string; problems: string[] }[] };
    expect(output.checked).toBe(5);
    expect(output.issues.find((i) => i.title === "No Summary Yet")?.problems).toEqual(
      expect.arrayContaining(["missing_summary", "missing_transcript"]),
    );
    expect(output.issues.find((i) => i.title === "Guidless copy")?.problems).toContain("duplicate");
    const fixed = await runJob("qa", { checkAll: true, autoFix: true });
    expect(fixed.output).toMatchObject({ duplicatesRemoved: 1 });
    const copies = await server.deps.db.$client.query(
      "select count(*)::int as n from episodes where title = 'Guidless copy'",
    );
    expect(copies.rows[0].n).toBe(0);
    const images = await server.deps.db.$client.query(
      "select count(*)::int as n from episodes where image_url is null",
    );
    expect(images.rows[0].n).toBe(0);
  });

  it("cleanup-and-reingest merges duplicate podcasts and reports the shape of spec 3 §7", async () => {
    await server.deps.db.$client.query(
      "insert into podcasts (name, feed_url, source_type) values ('Test Signals copy', $1, 'rss')",
      [feeds.url("/feed.xml/").replace("http://", "https://")],
    );
    const job = await runJob("cleanup-and-reingest");
    expect(job.state).toBe("completed");
    expect(job.output).toMatchObject({
      cleanup: { podcasts_merged: 1, duplicates_removed: expect.any(Number) },
      ingestion: { message: expect.stringMatching(/^Re-ingested 1 podcast/) },
    });
    const count = await server.deps.db.$client.query("select count(*)::int as n from podcasts");
    expect(count.rows[0].n).toBe(1);
  });

  it("reports live progress and the result of a job", async () => {
    const queued = await admin.post("/api/v1/admin/catalog/backfill", { action: "backfill" });
    const job = await server.deps.jobs.waitForJob("catalog.backfill", queued.data.jobId, 20_000);
    const state = await admin.get(`/api/v1/admin/jobs/catalog.backfill/${queued.data.jobId}`);
    expect(state.data).toMatchObject({ state: "completed", progress: { phase: "feeds", done: 1, total: 1 } });
    expect(state.data.output).toEqual(job?.output);
  });
});
