import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import type { Home } from "../../domain/contract/catalog.ts";

/** ETag, If-None-Match → 304 and Cache-Control on every public catalog read (decision 034). */

let server: TestServer;
let podcastId: string;
let episodeId: string;
let bareEpisodeId: string;
let guestId: string;
let hostId: string;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);
const LIST = /^public, max-age=30, stale-while-revalidate=300$/;
const SHORT = /^public, max-age=60, stale-while-revalidate=300$/;
const REVALIDATE = /^public, no-cache$/;
const LONG = /^public, max-age=86400, stale-while-revalidate=604800$/;

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  podcastId = (
    await query("insert into podcasts (name, source_type) values ('Cache Cast', 'manual') returning id")
  ).rows[0].id;
  episodeId = (
    await query(
      `insert into episodes (podcast_id, title, summary, audio_url, transcript_text, transcript_segments)
       values ($1, 'Caching things', 'About caches.', 'https://cdn.example/c.mp3', 'Hello.', $2) returning id`,
      [podcastId, JSON.stringify([{ start: 0, end: 1, text: "Hello." }])],
    )
  ).rows[0].id;
  bareEpisodeId = (
    await query("insert into episodes (podcast_id, title) values ($1, 'Nothing yet') returning id", [
      podcastId,
    ])
  ).rows[0].id;
  await query("insert into episode_chapters (episode_id, start_time, title) values ($1, 0, 'Intro')", [
    episodeId,
  ]);
  guestId = (await query("insert into guests (name) values ('Gus Guest') returning id")).rows[0].id;
  hostId = (await query("insert into hosts (name) values ('Hana Host') returning id")).rows[0].id;
  await query("insert into episode_guests (episode_id, guest_id) values ($1, $2)", [episodeId, guestId]);
  await query("insert into episode_hosts (episode_id, host_id) values ($1, $2)", [episodeId, hostId]);
});
afterAll(() => server.stop());

const reads: [name: string, path: () => string, cacheControl: RegExp][] = [
  ["home", () => "/api/v1/catalog/home", LIST],
  ["search", () => "/api/v1/catalog/search?q=caching", LIST],
  ["suggest", () => "/api/v1/catalog/suggest?q=cach", LIST],
  ["episode", () => `/api/v1/episodes/${episodeId}`, REVALIDATE],
  ["chapters", () => `/api/v1/episodes/${episodeId}/chapters`, LONG],
  ["no chapters yet", () => `/api/v1/episodes/${bareEpisodeId}/chapters`, REVALIDATE],
  ["transcript", () => `/api/v1/episodes/${episodeId}/transcript`, LONG],
  ["no transcript yet", () => `/api/v1/episodes/${bareEpisodeId}/transcript`, REVALIDATE],
  ["podcast", () => `/api/v1/podcasts/${podcastId}`, REVALIDATE],
  ["podcast episodes", () => `/api/v1/podcasts/${podcastId}/episodes`, SHORT],
  ["podcast summary", () => `/api/v1/catalog/podcasts/${podcastId}`, SHORT],
  ["guest", () => `/api/v1/guests/${guestId}`, SHORT],
  ["host", () => `/api/v1/hosts/${hostId}`, SHORT],
];

describe.each(reads)("GET %s", (_name, path, cacheControl) => {
  it("sends an ETag and Cache-Control, and answers a current If-None-Match with an empty 304", async () => {
    const client = server.client();
    const first = await client.get(path());
    expect(first.status, first.text).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers.get("cache-control")).toMatch(cacheControl);

    const again = await client.request("GET", path(), { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));

    // A list of tags, and the strong form of the tag, match too; another tag gets the body.
    const strong = etag?.replace(/^W\//, "") ?? "";
    const listed = await client.request("GET", path(), {
      headers: { "if-none-match": `"other", ${strong}` },
    });
    expect(listed.status).toBe(304);
    const stale = await client.request("GET", path(), { headers: { "if-none-match": '"other"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });
});

describe("a changed answer", () => {
  it("gets a new tag: the old one no longer answers 304", async () => {
    const client = server.client();
    const before = await client.get(`/api/v1/episodes/${bareEpisodeId}`);
    const etag = before.headers.get("etag") ?? "";
    await query("update episodes set summary = 'Now with a summary.' where id = $1", [bareEpisodeId]);
    const after = await client.request("GET", `/api/v1/episodes/${bareEpisodeId}`, {
      headers: { "if-none-match": etag },
    });
    expect(after.status).toBe(200);
    expect(after.data.summary).toBe("Now with a summary.");
    expect(after.headers.get("etag")).not.toBe(etag);
  });
});

describe("a list the route tags itself (the JSON text it holds, decision 040)", () => {
  it("is tagged with the hash of the body it sends, so a different body has a different tag", async () => {
    const client = server.client();
    const tags = new Set<string>();
    for (const path of [
      "/api/v1/catalog/search?q=caching",
      "/api/v1/catalog/suggest?q=cach",
      "/api/v1/catalog/suggest?q=noth",
    ]) {
      const response = await client.get(path);
      const etag = response.headers.get("etag") ?? "";
      expect(etag).toBe(`W/"${createHash("sha1").update(response.text).digest("base64url")}"`);
      tags.add(etag);
    }
    expect(tags.size).toBe(3);
  });
});

describe("an answer that depends on who is signed in", () => {
  it("is private for a signed-in user and says Vary: Cookie to every shared cache", async () => {
    const anonymous = await server.client().get(`/api/v1/podcasts/${podcastId}`);
    expect(anonymous.headers.get("cache-control")).toBe("public, no-cache");
    expect(anonymous.headers.get("vary")).toMatch(/Cookie/);

    const user = await server.signUp();
    const followed = await user.request("PUT", `/api/v1/me/podcasts/${podcastId}`);
    expect(followed.status, followed.text).toBeLessThan(300);
    const signedIn = await user.get(`/api/v1/podcasts/${podcastId}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");
    expect(signedIn.headers.get("vary")).toMatch(/Cookie/);
    expect(signedIn.headers.get("etag")).not.toBe(anonymous.headers.get("etag"));
  });

  it("is public elsewhere even for a signed-in user: the body is the same for everyone", async () => {
    const user = await server.signUp();
    const episode = await user.get(`/api/v1/episodes/${episodeId}`);
    const anonymous = await server.client().get(`/api/v1/episodes/${episodeId}`);
    expect(episode.headers.get("cache-control")).toBe("public, no-cache");
    expect(episode.headers.get("etag")).toBe(anonymous.headers.get("etag"));
  });
});

describe("the home lists the server keeps (CATALOG_CACHE_SECONDS, decision 045)", () => {
  const insightTitles = async () =>
    ((await server.client().get("/api/v1/catalog/home")).data as Home).insights.map((post) => post.title);
  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();

  it("show a post an admin publishes, edits back to a draft or deletes at once, not after the cache's time", async () => {
    const admin = await server.signUp({ role: "admin" });
    const before = await insightTitles();
    // A write that bypasses the API (another server, a script) waits for the cache's time: it is kept.
    await query(
      "insert into posts (slug, type, title, published_at) values ('behind-the-cache', 'explainer', 'Behind the cache', now() - interval '1 hour')",
    );
    expect(await insightTitles()).toEqual(before);

    const body = { type: "explainer", title: "Fresh on the landing page", blocks: [] };
    const created = await admin.post("/api/v1/admin/posts", { ...body, publishedAt: yesterday() });
    expect(created.status, created.text).toBe(201);
    // The whole entry is loaded again, so the post written behind the cache's back shows up too.
    expect(await insightTitles()).toEqual(
      expect.arrayContaining(["Fresh on the landing page", "Behind the cache"]),
    );

    const drafted = await admin.request("PUT", `/api/v1/admin/posts/${created.data.id}`, {
      json: { ...body, publishedAt: null },
    });
    expect(drafted.status, drafted.text).toBe(200);
    expect(await insightTitles()).not.toContain("Fresh on the landing page");

    const republished = await admin.request("PUT", `/api/v1/admin/posts/${created.data.id}`, {
      json: { ...body, publishedAt: yesterday() },
    });
    expect(republished.status, republished.text).toBe(200);
    expect(await insightTitles()).toContain("Fresh on the landing page");

    const deleted = await admin.request("DELETE", `/api/v1/admin/posts/${created.data.id}`);
    expect(deleted.status).toBe(204);
    expect(await insightTitles()).not.toContain("Fresh on the landing page");
  });
});
