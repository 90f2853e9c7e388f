import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFeed,
  type FeedEpisode,
  holdResource,
  startFeedServer,
} from "../../../tests/support/feed-server.ts";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { USER_FEED_MAX_ITEMS, USER_FEEDS_PER_DAY } from "../../domain/podcasts.ts";

let server: TestServer;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let adder: SignedInClient;

const episodesOf = (count: number, prefix = "ep"): FeedEpisode[] =>
  Array.from({ length: count }, (_, i) => ({
    guid: `${prefix}-${i}`,
    title: `Episode ${i + 1}`,
    description: `<p>What episode ${i + 1} is about.</p>`,
    audio: `https://cdn.example.com/${prefix}/${i}.mp3`,
    pubDate: new Date(Date.UTC(2024, 0, 1 + i)).toUTCString(),
  }));

beforeAll(async () => {
  feeds = await startFeedServer({
    "/show.xml": {
      body: buildFeed({ title: "Listener's Pick", episodes: episodesOf(3) }),
      contentType: "application/rss+xml",
    },
    // A feed as found in the wild: a bare ampersand, a PHP warning before the root, Latin-1 bytes.
    "/wild.xml": {
      body: Buffer.from(
        `<b>Warning</b>: something in feed.php<br />\n${buildFeed({ title: "Caf\xe9 & Friends", episodes: episodesOf(1, "wild") }).replace("A test podcast.", "Q&A")}`,
        "latin1",
      ),
      contentType: "text/xml; charset=iso-8859-1",
    },
    "/import-a.xml": {
      body: buildFeed({ title: "Imported Alpha", episodes: episodesOf(2, "alpha") }),
      contentType: "application/rss+xml",
    },
    "/import-b.xml": {
      body: buildFeed({ title: "Imported Beta", episodes: episodesOf(1, "beta") }),
      contentType: "application/rss+xml",
    },
    "/page.html": { body: "<!doctype html><html><body>Hi</body></html>", contentType: "text/html" },
    "/huge.xml": {
      body: buildFeed({ title: "Archive", episodes: episodesOf(USER_FEED_MAX_ITEMS + 1, "huge") }),
      contentType: "application/rss+xml",
    },
  });
  server = await startTestServer({ INGEST_FEEDS: "", INGEST_ALLOWED_ADDRESSES: "127.0.0.1" });
  adder = await server.signUp();
});
afterAll(async () => {
  await server.stop();
  await feeds.stop();
});

async function finished(client: SignedInClient, additionId: string) {
  let last: { status: string } = { status: "queued" };
  await expect
    .poll(
      async () => {
        last = (await client.get(`/api/v1/me/podcast-additions/${additionId}`)).data;
        return last.status;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toMatch(/^(done|failed)$/);
  return (await client.get(`/api/v1/me/podcast-additions/${additionId}`)).data;
}

describe("adding a podcast by feed address", () => {
  let podcastId: string;

  it("queues a new feed, follows it, and reads it into the shared catalog", async () => {
    const response = await adder.post("/api/v1/me/podcast-additions", { feedUrl: feeds.url("/show.xml") });
    expect(response.status).toBe(202);
    expect(response.data).toMatchObject({ status: "queued", isNew: true, error: null });
    podcastId = response.data.podcast.id;
    const following = (await adder.get("/api/v1/me/podcasts")).data.items.map((p: { id: string }) => p.id);
    expect(following).toContain(podcastId);

    const done = await finished(adder, response.data.id);
    expect(done).toMatchObject({
      status: "done",
      episodeCount: 3,
      podcast: { id: podcastId, name: "Listener's Pick" },
    });
  });

  it("shows the podcast page: details, following, episodes newest first in pages", async () => {
    const detail = await adder.get(`/api/v1/podcasts/${podcastId}`);
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({
      name: "Listener's Pick",
      description: "A test podcast.",
      websiteUrl: "https://example.com/",
      feedUrl: feeds.url("/show.xml"),
      episodeCount: 3,
      following: true,
    });
    expect((await server.client().get(`/api/v1/podcasts/${podcastId}`)).data.following).toBeNull();

    const first = await server.client().get(`/api/v1/podcasts/${podcastId}/episodes?limit=2`);
    expect(first.data.items.map((e: { title: string }) => e.title)).toEqual(["Episode 3", "Episode 2"]);
    expect(first.data.items[0]).toMatchObject({
      audioUrl: "https://cdn.example.com/ep/2.mp3",
      podcast: { id: podcastId, name: "Listener's Pick" },
    });
    const second = await server
      .client()
      .get(`/api/v1/podcasts/${podcastId}/episodes?limit=2&cursor=${first.data.nextCursor}`);
    expect(second.data).toMatchObject({ items: [{ title: "Episode 1" }], nextCursor: null });
  });

  it("lists the newest episodes of followed shows for the home hub, and follows from an episode", async () => {
    const mine = await adder.get("/api/v1/me/new-from-shows?limit=2");
    expect(mine.status).toBe(200);
    expect(mine.data.isFollowingAny).toBe(true);
    expect(mine.data.items.map((e: { title: string }) => e.title)).toEqual(["Episode 3", "Episode 2"]);
    expect(mine.data.items[0].podcast).toMatchObject({ id: podcastId, name: "Listener's Pick" });

    // Following nothing: an empty row that says so, not an error.
    const newcomer = await server.signUp();
    expect((await newcomer.get("/api/v1/me/new-from-shows")).data).toEqual({
      items: [],
      isFollowingAny: false,
    });

    // From an episode's page: follow its podcast, then unfollow it again.
    const episode = mine.data.items[0];
    expect((await newcomer.request("PUT", `/api/v1/me/podcasts/${episode.podcast.id}`)).status).toBe(204);
    expect((await newcomer.get(`/api/v1/podcasts/${episode.podcast.id}`)).data.following).toBe(true);
    const after = (await newcomer.get("/api/v1/me/new-from-shows")).data;
    expect(after.items[0]).toMatchObject({ id: episode.id });
    expect((await newcomer.request("DELETE", `/api/v1/me/podcasts/${episode.podcast.id}`)).status).toBe(204);
    expect((await newcomer.get("/api/v1/me/new-from-shows")).data.isFollowingAny).toBe(false);

    const anonymous = await server.client().get("/api/v1/me/new-from-shows");
    expect(anonymous.status).toBe(401);
    expect(anonymous.data.error.message).toMatch(/sign in/i);
    const tooMany = await adder.get("/api/v1/me/new-from-shows?limit=1000");
    expect(tooMany.status).toBe(400);
    const unknown = await newcomer.request("PUT", "/api/v1/me/podcasts/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
  });

  it("finds podcasts by name for Add a podcast, with following", async () => {
    const found = await adder.get("/api/v1/podcasts?q=listener's");
    expect(found.status).toBe(200);
    expect(found.data.items).toEqual([
      expect.objectContaining({ id: podcastId, name: "Listener's Pick", following: true }),
    ]);
    const anonymous = await server.client().get("/api/v1/podcasts?q=PICK");
    expect(anonymous.data.items[0]).toMatchObject({ id: podcastId, following: null });
    // LIKE wildcards are matched as text.
    expect((await server.client().get("/api/v1/podcasts?q=%25%25")).data.items).toEqual([]);
    const short = await server.client().get("/api/v1/podcasts?q=a");
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.data)).toContain("Type at least 2 characters");
  });

  it("answers 404 for an unknown podcast and 400 for a bad id or cursor", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await server.client().get(`/api/v1/podcasts/${unknown}`)).status).toBe(404);
    expect((await server.client().get(`/api/v1/podcasts/${unknown}/episodes`)).status).toBe(404);
    expect((await server.client().get("/api/v1/podcasts/nope")).status).toBe(400);
    const badCursor = await server.client().get(`/api/v1/podcasts/${podcastId}/episodes?cursor=x`);
    expect(badCursor.status).toBe(400);
  });

  it("follows a feed already in the catalog at once, and keeps additions private", async () => {
    const other = await server.signUp();
    const response = await other.post("/api/v1/me/podcast-additions", { feedUrl: feeds.url("/show.xml") });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ status: "done", isNew: false, podcast: { id: podcastId } });
    expect((await other.get(`/api/v1/podcasts/${podcastId}`)).data.following).toBe(true);
    expect((await adder.get(`/api/v1/me/podcast-additions/${response.data.id}`)).status).toBe(404);
  });

  it("reads a feed as found in the wild (junk before the root, a bare &, Latin-1)", async () => {
    const response = await adder.post("/api/v1/me/podcast-additions", { feedUrl: feeds.url("/wild.xml") });
    const done = await finished(adder, response.data.id);
    expect(done).toMatchObject({ status: "done", episodeCount: 1, podcast: { name: "Café & Friends" } });
    expect((await adder.get(`/api/v1/podcasts/${done.podcast.id}`)).data.description).toBe("Q&A");
  });

  it("reads another listener's feed while one host is slow to answer", async () => {
    const slowHost = holdResource({
      body: buildFeed({ title: "Slow Host", episodes: episodesOf(1, "slow") }),
      contentType: "application/rss+xml",
    });
    feeds.resources["/slow.xml"] = slowHost.resource;
    feeds.resources["/quick.xml"] = {
      body: buildFeed({ title: "Quick Host", episodes: episodesOf(1, "quick") }),
      contentType: "application/rss+xml",
    };
    const other = await server.signUp();
    try {
      const slow = await adder.post("/api/v1/me/podcast-additions", { feedUrl: feeds.url("/slow.xml") });
      await expect
        .poll(async () => (await adder.get(`/api/v1/me/podcast-additions/${slow.data.id}`)).data.status, {
          timeout: 10_000,
          interval: 100,
        })
        .toBe("reading");
      const quick = await other.post("/api/v1/me/podcast-additions", { feedUrl: feeds.url("/quick.xml") });
      expect(await finished(other, quick.data.id)).toMatchObject({ status: "done", episodeCount: 1 });
      expect((await adder.get(`/api/v1/me/podcast-additions/${slow.data.id}`)).data.status).toBe("reading");
      slowHost.release();
      expect(await finished(adder, slow.data.id)).toMatchObject({ status: "done", episodeCount: 1 });
    } finally {
      slowHost.release();
    }
  });

  it("refuses a web page and a feed over the item limit, and takes them out of the catalog", async () => {
    for (const [path, message] of [
      ["/page.html", /web page, not a podcast feed/],
      ["/huge.xml", new RegExp(`lists ${USER_FEED_MAX_ITEMS + 1} episodes.*at most ${USER_FEED_MAX_ITEMS}`)],
    ] as const) {
      const response = await adder.post("/api/v1/me/podcast-additions", { feedUrl: feeds.url(path) });
      expect(response.status).toBe(202);
      const failed = await finished(adder, response.data.id);
      expect(failed.status).toBe("failed");
      expect(failed.error).toMatch(message);
      expect(failed.podcast).toBeNull();
      expect((await adder.get(`/api/v1/podcasts/${response.data.podcast.id}`)).status).toBe(404);
    }
  });

  it("refuses bad addresses with a clear 4xx, and anonymous callers with 401", async () => {
    for (const feedUrl of ["javascript:alert(1)", "ftp://files.example/feed.xml", "not a url", ""]) {
      const response = await adder.post("/api/v1/me/podcast-additions", { feedUrl });
      expect(response.status, feedUrl).toBe(400);
      expect(response.data.error.fields.feedUrl).toBeTruthy();
    }
    for (const feedUrl of [
      "http://10.0.0.1/feed.xml",
      "http://169.254.169.254/latest",
      "http://localhost/x",
    ]) {
      const response = await adder.post("/api/v1/me/podcast-additions", { feedUrl });
      expect(response.status, feedUrl).toBe(422);
      expect(response.data.error.message).toMatch(/private network/);
    }
    const anonymous = await server
      .client()
      .post("/api/v1/me/podcast-additions", { feedUrl: feeds.url("/x") });
    expect(anonymous.status).toBe(401);
    expect(
      (await server.client().get("/api/v1/me/podcast-additions/00000000-0000-4000-8000-000000000000")).status,
    ).toBe(401);
  });

  it(`stops a listener at ${USER_FEEDS_PER_DAY} new feeds a day, but still lets them follow known ones`, async () => {
    const busy = await server.signUp();
    await server.deps.db.$client.query(
      `insert into podcast_additions (user_id, feed_url, is_new, status)
       select $1, 'https://x.example/' || i, true, 'done' from generate_series(1, $2::int) i`,
      [busy.user.id, USER_FEEDS_PER_DAY],
    );
    const refused = await busy.post("/api/v1/me/podcast-additions", { feedUrl: "https://new.example/feed" });
    expect(refused.status).toBe(429);
    expect(refused.data.error.message).toBe(
      `You have added ${USER_FEEDS_PER_DAY} new podcasts today, the most for one day. Try again tomorrow.`,
    );
    const known = await busy.post("/api/v1/me/podcast-additions", { feedUrl: feeds.url("/show.xml") });
    expect(known.status).toBe(200);
  });
});

describe("an OPML import's progress (GET /me/podcast-additions)", () => {
  const opmlOf = (...paths: string[]) =>
    `<?xml version="1.0"?><opml version="2.0"><body>${paths
      .map((path, i) => `<outline text="Feed ${i}" type="rss" xmlUrl="${feeds.url(path)}"/>`)
      .join("")}</body></opml>`;

  it("returns the import's additions and lists them, newest first, until each feed is read or refused", async () => {
    const importer = await server.signUp();
    const imported = await importer.post("/api/v1/me/podcasts/opml", {
      opml: opmlOf("/import-a.xml", "/import-b.xml", "/page.html", "/show.xml"),
    });
    expect(imported.status).toBe(200);
    // The known feed (/show.xml) is followed at once and needs no addition.
    expect(imported.data.additions.map((a: { feedUrl: string }) => a.feedUrl)).toEqual([
      feeds.url("/import-a.xml"),
      feeds.url("/import-b.xml"),
      feeds.url("/page.html"),
    ]);
    expect(imported.data.additions[0]).toMatchObject({ status: "queued", isNew: true, episodeCount: 0 });

    type Listed = { feedUrl: string; status: string; episodeCount: number; error: string | null };
    let items: Listed[] = [];
    await expect
      .poll(
        async () => {
          const listed = await importer.get("/api/v1/me/podcast-additions");
          expect(listed.status).toBe(200);
          items = listed.data.items;
          return items.every((item) => item.status === "done" || item.status === "failed");
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    const byUrl = new Map(items.map((item) => [item.feedUrl, item]));
    expect(items).toHaveLength(3);
    expect(byUrl.get(feeds.url("/import-a.xml"))).toMatchObject({
      status: "done",
      episodeCount: 2,
      podcast: { name: "Imported Alpha" },
    });
    expect(byUrl.get(feeds.url("/import-b.xml"))).toMatchObject({ status: "done", episodeCount: 1 });
    expect(byUrl.get(feeds.url("/page.html"))).toMatchObject({ status: "failed", podcast: null });
    expect(byUrl.get(feeds.url("/page.html"))?.error).toMatch(/web page, not a podcast feed/);
    // Newest first.
    const times = items.map((item) => (item as Listed & { createdAt: string }).createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const one = await importer.get("/api/v1/me/podcast-additions?limit=1");
    expect(one.data.items).toHaveLength(1);
  });

  it("shows nobody else's additions, refuses a bad limit with 400 and the signed out with 401", async () => {
    const stranger = await server.signUp();
    expect((await stranger.get("/api/v1/me/podcast-additions")).data).toEqual({ items: [] });
    const mine = (await adder.get("/api/v1/me/podcast-additions?limit=50")).data.items;
    expect(mine.length).toBeGreaterThan(0);
    expect((await stranger.get(`/api/v1/me/podcast-additions/${mine[0].id}`)).status).toBe(404);

    for (const limit of ["0", "51", "many"]) {
      const response = await stranger.get(`/api/v1/me/podcast-additions?limit=${limit}`);
      expect(response.status, limit).toBe(400);
      expect(response.data.error.message).toBeTruthy();
    }
    const anonymous = await server.client().get("/api/v1/me/podcast-additions");
    expect(anonymous.status).toBe(401);
    expect(anonymous.data.error.message).toMatch(/sign in/i);
  });
});

describe("feed reads of the lab and of Enrich Data (catalog.ingest-feed) at once", () => {
  it("enriches a listener's episode while another feed's host is slow to answer", async () => {
    const slow = holdResource({
      body: buildFeed({ title: "Slow Lab Pick", episodes: episodesOf(1, "lab-slow") }),
      contentType: "application/rss+xml",
    });
    feeds.resources["/lab-slow.xml"] = slow.resource;
    try {
      const slowJob = await server.deps.jobs.send(
        "catalog.ingest-feed",
        { feedUrl: feeds.url("/lab-slow.xml") },
        { isRetried: false },
      );
      await expect
        .poll(() => feeds.requests.get("/lab-slow.xml") ?? 0, { timeout: 10_000 })
        .toBeGreaterThan(0);

      const show = (await adder.get("/api/v1/me/podcasts")).data.items.find(
        (p: { name: string }) => p.name === "Listener's Pick",
      );
      const episodes = await server.deps.db.$client.query(
        "select id from episodes where podcast_id = $1 limit 1",
        [show.id],
      );
      const enrich = await adder.post(`/api/v1/episodes/${episodes.rows[0].id}/enrich`);
      expect(enrich.status).toBe(202);
      const enriched = await server.deps.jobs.waitForJob("catalog.ingest-feed", enrich.data.jobId, 12_000);
      expect(enriched?.state).toBe("completed");
      // The slow host's read is still waiting, not finished or timed out before the listener's.
      expect((await server.deps.jobs.getJob("catalog.ingest-feed", slowJob))?.state).toBe("active");

      slow.release();
      const done = await server.deps.jobs.waitForJob("catalog.ingest-feed", slowJob, 15_000);
      expect(done?.state).toBe("completed");
    } finally {
      slow.release();
    }
  });

  it("stores a feed read by two jobs at the same time once", async () => {
    const people = [
      { name: "Ada Twice", role: "host" },
      { name: "Bo Twice", role: "guest" },
    ];
    const twice = holdResource({
      body: buildFeed({
        title: "Read Twice",
        episodes: episodesOf(3, "twice").map((e) => ({
          ...e,
          persons: people,
          transcript: "/twice/t.vtt",
          chapters: "/twice/c.json",
        })),
      }),
      contentType: "application/rss+xml",
    });
    feeds.resources["/twice/t.vtt"] = {
      body: "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nSaid once, read twice.\n",
      contentType: "text/vtt",
    };
    feeds.resources["/twice/c.json"] = {
      body: JSON.stringify({
        version: "1.2.0",
        chapters: [
          { startTime: 0, title: "Start" },
          { startTime: 2, title: "Middle" },
        ],
      }),
      contentType: "application/json+chapters",
    };
    feeds.resources["/twice.xml"] = twice.resource;
    try {
      const jobIds = await Promise.all(
        [1, 2].map(() =>
          server.deps.jobs.send(
            "catalog.ingest-feed",
            { feedUrl: feeds.url("/twice.xml") },
            { isRetried: false },
          ),
        ),
      );
      // Both reads wait on the host together, so both write at once when it answers.
      await expect.poll(() => feeds.requests.get("/twice.xml") ?? 0, { timeout: 10_000 }).toBe(2);
      twice.release();
      const jobs = await Promise.all(
        jobIds.map((id) => server.deps.jobs.waitForJob("catalog.ingest-feed", id, 15_000)),
      );
      expect(jobs.map((job) => job?.state)).toEqual(["completed", "completed"]);
      const stored = await server.deps.db.$client.query(
        `select count(distinct p.id)::int as podcasts, count(e.id)::int as episodes
         from podcasts p join episodes e on e.podcast_id = p.id where p.feed_url = $1`,
        [feeds.url("/twice.xml")],
      );
      expect(stored.rows[0]).toEqual({ podcasts: 1, episodes: 3 });
      const credits = await server.deps.db.$client.query(
        `select (select count(*)::int from hosts where name = 'Ada Twice') as hosts,
                (select count(*)::int from guests where name = 'Bo Twice') as guests,
                (select count(*)::int from episode_hosts l join hosts h on h.id = l.host_id where h.name = 'Ada Twice') as host_links,
                (select count(*)::int from episode_guests l join guests g on g.id = l.guest_id where g.name = 'Bo Twice') as guest_links`,
      );
      expect(credits.rows[0]).toEqual({ hosts: 1, guests: 1, host_links: 3, guest_links: 3 });
      // Each read fetches the episodes' transcripts and chapters: stored once each.
      await expect
        .poll(
          async () =>
            (
              await server.deps.db.$client.query(
                `select count(*) filter (where e.transcript_text is not null)::int as transcripts,
                    (select count(*)::int from episode_chapters c join episodes x on x.id = c.episode_id
                     where x.podcast_id = p.id) as chapters
                 from podcasts p join episodes e on e.podcast_id = p.id where p.feed_url = $1 group by p.id`,
                [feeds.url("/twice.xml")],
              )
            ).rows[0],
          { timeout: 10_000 },
        )
        .toEqual({ transcripts: 3, chapters: 6 });
    } finally {
      twice.release();
    }
  });
});
