import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { USER_FEEDS_PER_DAY } from "../../domain/podcasts.ts";

let server: TestServer;
let user: SignedInClient;
const podcastIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  user = await server.signUp();
  for (const [name, feed] of [
    ["Alpha", "https://alpha.example/feed.xml"],
    ["Beta & Co", "https://beta.example/rss?x=1&y=2"],
    ["Gamma", null],
  ] as const) {
    const { rows } = await server.deps.db.$client.query(
      "insert into podcasts (name, feed_url, source_type) values ($1, $2, $3) returning id",
      [name, feed, feed ? "rss" : "manual"],
    );
    podcastIds.push(rows[0].id);
  }
});
afterAll(() => server.stop());

describe("following podcasts", () => {
  it("follows idempotently, lists newest first with pages, and unfollows", async () => {
    for (const id of podcastIds)
      expect((await user.request("PUT", `/api/v1/me/podcasts/${id}`)).status).toBe(204);
    expect((await user.request("PUT", `/api/v1/me/podcasts/${podcastIds[0]}`)).status).toBe(204);
    const first = await user.get("/api/v1/me/podcasts?limit=2");
    expect(first.data.items.map((p: { name: string }) => p.name)).toEqual(["Gamma", "Beta & Co"]);
    const second = await user.get(`/api/v1/me/podcasts?limit=2&cursor=${first.data.nextCursor}`);
    expect(second.data).toMatchObject({ items: [{ name: "Alpha" }], nextCursor: null });

    expect((await user.request("DELETE", `/api/v1/me/podcasts/${podcastIds[2]}`)).status).toBe(204);
    expect((await user.get("/api/v1/me/podcasts")).data.items).toHaveLength(2);
  });

  it("keeps each user's follows to themselves", async () => {
    const other = await server.signUp();
    expect((await other.get("/api/v1/me/podcasts")).data.items).toEqual([]);
  });

  it("answers 404 for an unknown podcast and 400 for a bad cursor", async () => {
    expect(
      (await user.request("PUT", "/api/v1/me/podcasts/00000000-0000-4000-8000-000000000000")).status,
    ).toBe(404);
    const bad = await user.get("/api/v1/me/podcasts?cursor=garbage");
    expect(bad.status).toBe(400);
    expect(bad.data.error.message).toMatch(/cursor/);
  });
});

describe("OPML", () => {
  it("exports the followed feeds and imports them again into another account", async () => {
    const exported = await user.get("/api/v1/me/podcasts/opml");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(
      /attachment; filename="earmark-podcasts.opml"/,
    );
    expect(exported.text).toContain('xmlUrl="https://beta.example/rss?x=1&amp;y=2"');
    expect(exported.text).toContain('text="Beta &amp; Co"');

    const other = await server.signUp();
    const imported = await other.post("/api/v1/me/podcasts/opml", { opml: exported.text });
    expect(imported.status).toBe(200);
    expect(imported.data).toEqual({
      followed: 2,
      created: 0,
      queued: 0,
      invalid: [],
      notAdded: [],
      additions: [],
    });
    const names = (await other.get("/api/v1/me/podcasts")).data.items
      .map((p: { name: string }) => p.name)
      .sort();
    expect(names).toEqual(["Alpha", "Beta & Co"]);
  });

  it("creates unknown feeds and queues their ingestion", async () => {
    const opml = `<?xml version="1.0"?><opml version="2.0"><body>
      <outline text="Fresh Show" type="rss" xmlUrl="https://fresh.example/feed"/>
      <outline text="Alpha" type="rss" xmlUrl="https://alpha.example/feed.xml"/>
      <outline text="Nope" xmlUrl="javascript:alert(1)"/></body></opml>`;
    const response = await user.post("/api/v1/me/podcasts/opml", { opml });
    expect(response.data).toEqual({
      followed: 2,
      created: 1,
      queued: 1,
      invalid: ["javascript:alert(1)"],
      notAdded: [],
      additions: [
        expect.objectContaining({
          feedUrl: "https://fresh.example/feed",
          status: "queued",
          isNew: true,
          podcast: expect.objectContaining({ name: "Fresh Show" }),
        }),
      ],
    });
    // Read like a show added by its address: an addition with the per-feed limits' job.
    const { rows } = await server.deps.db.$client.query(
      "select a.id from podcast_additions a join podcasts p on p.id = a.podcast_id where p.feed_url = 'https://fresh.example/feed'",
    );
    expect(rows).toHaveLength(1);
    // Named from the file until its feed is read, so the catalog's name lookup finds it at once.
    const named = await user.get("/api/v1/podcasts?q=Fresh%20Show");
    expect(named.data.items.map((item: { name: string }) => item.name)).toContain("Fresh Show");
    const jobs = await server.deps.db.$client.query(
      "select data from pgboss.job where name = 'catalog.add-feed' union all select data from pgboss.archive where name = 'catalog.add-feed'",
    );
    expect(jobs.rows.map((row) => row.data)).toContainEqual({ additionId: rows[0].id });
  });

  it("adds new feeds within the daily limit of new shows and says why the rest were not added", async () => {
    const learner = await server.signUp();
    const outlines = Array.from(
      { length: USER_FEEDS_PER_DAY + 2 },
      (_, i) => `<outline text="Show ${i}" type="rss" xmlUrl="https://daily-${i}.example/feed"/>`,
    ).join("");
    const opml = `<?xml version="1.0"?><opml version="2.0"><body>
      <outline text="Private" type="rss" xmlUrl="http://10.0.0.7/feed"/>${outlines}
      <outline text="Alpha" type="rss" xmlUrl="https://alpha.example/feed.xml"/></body></opml>`;
    const response = await learner.post("/api/v1/me/podcasts/opml", { opml });
    expect(response.status).toBe(200);
    expect(response.data.created).toBe(USER_FEEDS_PER_DAY);
    expect(response.data.followed).toBe(USER_FEEDS_PER_DAY + 1);
    expect(response.data.notAdded).toEqual([
      { feedUrl: "http://10.0.0.7/feed", reason: expect.stringMatching(/private network/) },
      ...[USER_FEEDS_PER_DAY, USER_FEEDS_PER_DAY + 1].map((i) => ({
        feedUrl: `https://daily-${i}.example/feed`,
        reason: expect.stringMatching(/today/),
      })),
    ]);
    expect(response.data.additions.map((addition: { feedUrl: string }) => addition.feedUrl)).toEqual(
      Array.from({ length: USER_FEEDS_PER_DAY }, (_, i) => `https://daily-${i}.example/feed`),
    );
    // Counted on the additions: the job may already have refused an unreachable feed and taken its
    // podcast out of the catalog again.
    const { rows } = await server.deps.db.$client.query(
      "select count(*)::int as n from podcast_additions where user_id = $1 and is_new",
      [learner.user.id],
    );
    expect(rows[0].n).toBe(USER_FEEDS_PER_DAY);
  });

  it("refuses files that are not OPML with 422", async () => {
    const response = await user.post("/api/v1/me/podcasts/opml", { opml: "<rss/>" });
    expect(response.status).toBe(422);
    expect(response.data.error.message).toMatch(/not OPML/);
    const empty = await user.post("/api/v1/me/podcasts/opml", { opml: "<opml><body></body></opml>" });
    expect(empty.data.error.message).toBe("The file lists no podcast feeds.");
  });
});
