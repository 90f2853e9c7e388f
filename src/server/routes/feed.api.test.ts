import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import type { AdminPost, PostPage, PostView, ReflectionPage, TopicList } from "../../domain/contract/feed.ts";
import type { PostInput } from "../../domain/feed.ts";
import { feedNotices, REFLECTION_RATE } from "../../domain/feed-constants.ts";
import { userRoles } from "../db/schema/account.ts";
import { episodes, podcasts } from "../db/schema/catalog.ts";
import { playHistory } from "../db/schema/player.ts";
import { demoPosts, seedDemoPosts } from "../services/feed/demo-posts.ts";

let server: TestServer;
let admin: SignedInClient;
let learner: SignedInClient;
let premium: SignedInClient;
let anonymous: ApiClient;
let episodeId: string;

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const SECRET = "Only premium readers ever receive this sentence.";

async function createPost(overrides: Partial<PostInput> = {}): Promise<AdminPost> {
  const response = await admin.post("/api/v1/admin/posts", {
    type: "explainer",
    title: "A post",
    publishedAt: iso(-DAY),
    blocks: [{ type: "paragraph", content: "Hello." }],
    ...overrides,
  });
  expect(response.status, response.text).toBe(201);
  return response.data as AdminPost;
}

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "", CATALOG_CACHE_SECONDS: "0" });
  [admin, learner, premium] = await Promise.all([
    server.signUp({ role: "admin", name: "Ada Admin" }),
    server.signUp({ name: "Lena Learner" }),
    server.signUp({ name: "Pia Premium" }),
  ]);
  await server.deps.db.insert(userRoles).values({ userId: premium.user.id, role: "premium" });
  anonymous = server.client();
  const [podcast] = await server.deps.db
    .insert(podcasts)
    .values({ name: "Compound Interest", sourceType: "manual" })
    .returning({ id: podcasts.id });
  const [episode] = await server.deps.db
    .insert(episodes)
    .values({
      podcastId: podcast?.id ?? "",
      title: "The Forgetting Curve",
      summary: "Memory.",
      audioUrl: "https://cdn.test/ci-101.mp3",
      guid: "ci-101",
    })
    .returning({ id: episodes.id });
  episodeId = episode?.id ?? "";
});
afterAll(() => server.stop());

describe("authoring is for admins", () => {
  it("answers 401 to anonymous callers and 403 to learners on every authoring route", async () => {
    const body = { type: "explainer", title: "Nope", blocks: [] };
    const id = "00000000-0000-4000-8000-000000000000";
    for (const client of [anonymous, learner]) {
      const expected = client === anonymous ? 401 : 403;
      expect((await client.get("/api/v1/admin/posts")).status).toBe(expected);
      expect((await client.post("/api/v1/admin/posts", body)).status).toBe(expected);
      expect((await client.get(`/api/v1/admin/posts/${id}`)).status).toBe(expected);
      expect((await client.request("PUT", `/api/v1/admin/posts/${id}`, { json: body })).status).toBe(
        expected,
      );
      expect((await client.request("DELETE", `/api/v1/admin/posts/${id}`)).status).toBe(expected);
    }
  });

  it("generates a unique slug from the title, and refuses a slug another post uses with 409", async () => {
    const first = await createPost({ title: "Slugs: Are They Unique?" });
    const second = await createPost({ title: "Slugs: are they unique" });
    expect(first.slug).toBe("slugs-are-they-unique");
    expect(second.slug).toBe("slugs-are-they-unique-2");
    const taken = await admin.post("/api/v1/admin/posts", {
      type: "debate",
      title: "Other",
      slug: first.slug,
      blocks: [],
    });
    expect(taken.status).toBe(409);
    expect(taken.data.error.message).toBe(feedNotices.slugTaken);
    const renamed = await admin.request("PUT", `/api/v1/admin/posts/${second.id}`, {
      json: { type: "explainer", title: "Renamed", slug: first.slug, blocks: [] },
    });
    expect(renamed.status).toBe(409);
  });

  it("refuses bad blocks and sources with field messages, and writes nothing", async () => {
    const before = (await admin.get("/api/v1/admin/posts?limit=100")).data.items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "explainer", title: "  ", blocks: [] }, "title"],
      [{ type: "nope", title: "T", blocks: [] }, "type"],
      [
        { type: "explainer", title: "T", blocks: [{ type: "cta", url: "javascript:alert(1)", label: "x" }] },
        "blocks.0.url",
      ],
      [
        {
          type: "explainer",
          title: "T",
          blocks: [],
          sources: [{ episodeId, startTs: 30, endTs: 10 }],
        },
        "sources.0.endTs",
      ],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post("/api/v1/admin/posts", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.data.error.fields[field], JSON.stringify(response.data)).toBeTruthy();
    }
    const missingEpisode = await admin.post("/api/v1/admin/posts", {
      type: "explainer",
      title: "Missing episode",
      blocks: [],
      sources: [{ episodeId: "00000000-0000-4000-8000-000000000000" }],
    });
    expect(missingEpisode.status).toBe(400);
    expect((await admin.get("/api/v1/admin/posts?limit=100")).data.items.length).toBe(before);
  });
});

describe("only published, non-future posts are visible", () => {
  let published: AdminPost;
  let draft: AdminPost;
  let scheduled: AdminPost;

  beforeAll(async () => {
    published = await createPost({
      title: "Visible <Post> & Co",
      dek: "A dek with <b>markup</b>",
      topics: ["Memory"],
      publishedAt: iso(-60_000),
      metaTitle: 'Meta "title" <script>',
      metaDescription: "Meta description",
      sources: [{ episodeId, startTs: 72, endTs: 76, quote: "Pulling information out of memory." }],
    });
    draft = await createPost({ title: "Draft post", publishedAt: null, topics: ["Hidden topic"] });
    scheduled = await createPost({ title: "Scheduled post", publishedAt: iso(30 * DAY) });
  });

  it("in the feed, by slug, on the home page, in the RSS feed and for reflections", async () => {
    const feed = (await anonymous.get("/api/v1/posts?limit=50")).data as PostPage;
    const slugs = feed.items.map((post) => post.slug);
    expect(slugs).toContain(published.slug);
    expect(slugs).not.toContain(draft.slug);
    expect(slugs).not.toContain(scheduled.slug);

    expect((await anonymous.get(`/api/v1/posts/${published.slug}`)).status).toBe(200);
    for (const hidden of [draft, scheduled]) {
      const response = await anonymous.get(`/api/v1/posts/${hidden.slug}`);
      expect(response.status).toBe(404);
      expect(response.data.error.message).toBe(feedNotices.postNotFound);
      expect((await anonymous.get(`/api/v1/posts/${hidden.slug}/reflections`)).status).toBe(404);
      expect(
        (await learner.post(`/api/v1/posts/${hidden.slug}/reflections`, { content: "A fine reflection." }))
          .status,
      ).toBe(404);
    }

    const home = (await anonymous.get("/api/v1/catalog/home")).data;
    const homeSlugs = home.insights.map((post: { slug: string }) => post.slug);
    expect(homeSlugs).not.toContain(draft.slug);
    expect(homeSlugs).not.toContain(scheduled.slug);

    const rss = await anonymous.get("/feed.xml");
    expect(rss.status).toBe(200);
    expect(rss.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    expect(rss.text).toContain('<rss version="2.0"');
    expect(rss.text).toContain("<title>Visible &lt;Post&gt; &amp; Co</title>");
    expect(rss.text).toContain(`/feed/${published.slug}</link>`);
    expect(rss.text).not.toContain(draft.slug);
    expect(rss.text).not.toContain(scheduled.slug);

    const topics = (await anonymous.get("/api/v1/topics")).data as TopicList;
    expect(topics.items.map((topic) => topic.title)).toContain("Memory");
    expect(topics.items.map((topic) => topic.title)).not.toContain("Hidden topic");
  });

  it("a scheduled post appears at its time, with nobody acting", async () => {
    const soon = await createPost({ title: "Appears soon", publishedAt: iso(1500) });
    expect((await anonymous.get(`/api/v1/posts/${soon.slug}`)).status).toBe(404);
    await expect
      .poll(async () => (await anonymous.get(`/api/v1/posts/${soon.slug}`)).status, { timeout: 10_000 })
      .toBe(200);
    const feed = (await anonymous.get("/api/v1/posts?limit=1")).data as PostPage;
    expect(feed.items[0]?.slug).toBe(soon.slug);
  });

  it("gives the post its sources with their episodes, and renders its meta tags into the page, escaped", async () => {
    const post = (await anonymous.get(`/api/v1/posts/${published.slug}`)).data as PostView;
    expect(post.sources).toEqual([
      { episodeId, startTs: 72, endTs: 76, quote: "Pulling information out of memory." },
    ]);
    expect(post.episodes).toEqual([
      expect.objectContaining({
        id: episodeId,
        title: "The Forgetting Curve",
        audioUrl: "https://cdn.test/ci-101.mp3",
      }),
    ]);
    expect(post.topics.map((topic) => topic.slug)).toEqual(["memory"]);

    await import("node:fs/promises").then((fs) =>
      fs.writeFile(
        `${server.webDir}/index.html`,
        '<!doctype html><html><head><meta name="description" content="Default" /><title>Earmark</title></head><body></body></html>',
      ),
    );
    const page = await anonymous.get(`/feed/${published.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Meta &#34;title&#34; &#60;script&#62; — Earmark</title>");
    expect(page.text).toContain('<meta name="description" content="Meta description" />');
    expect(page.text).toContain('<meta property="og:type" content="article" />');
    expect(page.text).not.toContain("<script>");
    const draftPage = await anonymous.get(`/feed/${draft.slug}`);
    expect(draftPage.text).toContain("<title>Earmark</title>");
    expect(draftPage.text).not.toContain("og:title");
  });
});

describe("the feed's filters and pages", () => {
  it("filters by format and by topic in SQL, newest first, a page at a time", async () => {
    const older = await createPost({
      type: "debate",
      title: "Debate old",
      topics: ["Games"],
      publishedAt: iso(-3 * DAY),
    });
    const newer = await createPost({
      type: "debate",
      title: "Debate new",
      topics: ["Games", "War"],
      publishedAt: iso(-2 * DAY),
    });
    const other = await createPost({
      type: "tactical",
      title: "Tactical",
      topics: ["War"],
      publishedAt: iso(-2.5 * DAY),
    });

    const debates = (await anonymous.get("/api/v1/posts?type=debate")).data as PostPage;
    expect(debates.items.map((post) => post.slug)).toEqual([newer.slug, older.slug]);

    const war = (await anonymous.get("/api/v1/posts?topic=war")).data as PostPage;
    expect(war.items.map((post) => post.slug)).toEqual([newer.slug, other.slug]);
    expect(war.items[0]?.topics.map((topic) => topic.title)).toEqual(["Games", "War"]);

    const both = (await anonymous.get("/api/v1/posts?type=tactical&topic=war")).data as PostPage;
    expect(both.items.map((post) => post.slug)).toEqual([other.slug]);

    const first = (await anonymous.get("/api/v1/posts?topic=war&limit=1")).data as PostPage;
    expect(first.items.map((post) => post.slug)).toEqual([newer.slug]);
    const second = (await anonymous.get(`/api/v1/posts?topic=war&limit=1&cursor=${first.nextCursor}`))
      .data as PostPage;
    expect(second.items.map((post) => post.slug)).toEqual([other.slug]);
    expect(second.nextCursor).toBeNull();

    expect((await anonymous.get("/api/v1/posts?type=novel")).status).toBe(400);
    expect((await anonymous.get("/api/v1/posts?cursor=nonsense")).status).toBe(400);
    expect((await anonymous.get("/api/v1/posts?topic=nobody")).data.items).toEqual([]);
  });
});

describe("the premium gate is enforced by the server", () => {
  let slug: string;

  beforeAll(async () => {
    slug = (
      await createPost({
        title: "Gated guide",
        blocks: [
          { type: "paragraph", content: "Free opening." },
          { type: "premium-gate", content: "Upgrade to read the rest." },
          { type: "heading", content: "Premium heading" },
          { type: "paragraph", content: SECRET },
        ],
      })
    ).slug;
  });

  it("gives anonymous and free readers the blocks up to the gate and its teaser, never what follows", async () => {
    for (const client of [anonymous, learner]) {
      const response = await client.get(`/api/v1/posts/${slug}`);
      const post = response.data as PostView;
      expect(post.isGated).toBe(true);
      expect(post.blocks).toEqual([
        { type: "paragraph", content: "Free opening." },
        { type: "premium-gate", content: "Upgrade to read the rest." },
      ]);
      expect(response.text).not.toContain(SECRET);
      expect(response.text).not.toContain("Premium heading");
    }
  });

  it("gives premium readers and admins every block and no gate", async () => {
    for (const client of [premium, admin]) {
      const post = (await client.get(`/api/v1/posts/${slug}`)).data as PostView;
      expect(post.isGated).toBe(false);
      expect(post.blocks.map((block) => block.type)).toEqual(["paragraph", "heading", "paragraph"]);
      expect(JSON.stringify(post.blocks)).toContain(SECRET);
    }
  });
});

describe("reflections", () => {
  let slug: string;

  beforeAll(async () => {
    slug = (await createPost({ title: "Reflect on this" })).slug;
  });

  const reflect = (client: ApiClient, content: string) =>
    client.post(`/api/v1/posts/${slug}/reflections`, { content });

  it("needs a signed-in user and 10 to 500 characters after trimming", async () => {
    expect((await reflect(anonymous, "Anonymous thoughts here.")).status).toBe(401);
    for (const content of ["   short   ", "x".repeat(501)]) {
      const response = await reflect(learner, content);
      expect(response.status).toBe(400);
      expect(response.data.error.fields.content).toBe(feedNotices.reflectionLength);
    }
    const ok = await reflect(learner, `  ${"y".repeat(500)}  `);
    expect(ok.status).toBe(201);
    expect(ok.data.content).toBe("y".repeat(500));
  });

  it("lists newest first with the author's name, handle and avatar, text kept as written", async () => {
    await reflect(learner, "<img src=x onerror=alert(1)> first");
    await reflect(premium, "Second thought, plain text.");
    const page = (await anonymous.get(`/api/v1/posts/${slug}/reflections`)).data as ReflectionPage;
    expect(page.items.slice(0, 2).map((item) => item.content)).toEqual([
      "Second thought, plain text.",
      "<img src=x onerror=alert(1)> first",
    ]);
    expect(page.items[0]?.author).toMatchObject({ userId: premium.user.id, name: "Pia Premium" });
    expect(page.items[0]).toHaveProperty("author.handle");
    expect(page.items[0]).toHaveProperty("author.avatarUrl");
    expect(page.items.every((item) => item.canDelete === false)).toBe(true);
  });

  it("lets the author and admins delete a reflection, and nobody else", async () => {
    const mine = (await reflect(premium, "Mine to delete, please.")).data;
    const theirs = (await reflect(premium, "An admin may remove this.")).data;
    expect((await learner.request("DELETE", `/api/v1/reflections/${mine.id}`)).status).toBe(403);
    expect((await anonymous.request("DELETE", `/api/v1/reflections/${mine.id}`)).status).toBe(401);
    expect((await premium.request("DELETE", `/api/v1/reflections/${mine.id}`)).status).toBe(204);
    expect((await premium.request("DELETE", `/api/v1/reflections/${mine.id}`)).status).toBe(404);
    const asAdmin = (await admin.get(`/api/v1/posts/${slug}/reflections`)).data as ReflectionPage;
    expect(asAdmin.items.find((item) => item.id === theirs.id)?.canDelete).toBe(true);
    expect((await admin.request("DELETE", `/api/v1/reflections/${theirs.id}`)).status).toBe(204);
  });

  it("is rate limited per user", async () => {
    const writer = await server.signUp({ name: "Busy Writer" });
    for (let i = 0; i < REFLECTION_RATE.limit; i++)
      expect((await reflect(writer, `Reflection number ${i} here.`)).status).toBe(201);
    const limited = await reflect(writer, "One reflection too many.");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(limited.data.error.message).toMatch(/Try again in/);
    expect((await reflect(learner, "Another user is not limited.")).status).toBe(201);
  });
});

describe("the demo posts", () => {
  it("are seeded once from the demo episodes, premium gate and quotes included", async () => {
    const [podcast] = await server.deps.db
      .insert(podcasts)
      .values({ name: "Demo shows", sourceType: "manual" })
      .returning({ id: podcasts.id });
    await server.deps.db.insert(episodes).values(
      ["sn-101", "lv-103", "ci-102"].map((guid) => ({
        podcastId: podcast?.id ?? "",
        title: `Episode ${guid}`,
        summary: "Demo.",
        audioUrl: `https://cdn.test/${guid}.mp3`,
        guid,
      })),
    );
    expect(await seedDemoPosts(server.deps)).toBe(demoPosts.length);
    expect(await seedDemoPosts(server.deps)).toBe(0);

    const tactical = demoPosts.find((post) => post.type === "tactical");
    const post = (await anonymous.get(`/api/v1/posts/${tactical?.slug}`)).data as PostView;
    expect(post.isGated).toBe(true);
    expect(post.blocks.at(-1)?.type).toBe("premium-gate");
    const quote = post.blocks.find((block) => block.type === "quote");
    expect(quote).toMatchObject({
      content: "Which means your first job is learning, not building.",
      timestamp: 52,
    });
    expect(post.episodes.map((episode) => episode.title)).toEqual(["Episode ci-102"]);
    expect(post.sources).toHaveLength(3);
  });
});

describe("the Weekly Synthesis draft", () => {
  it("is for admins, says when nothing was played, and drafts from the week's most-played episodes", async () => {
    expect((await anonymous.post("/api/v1/admin/posts/weekly-synthesis")).status).toBe(401);
    expect((await learner.post("/api/v1/admin/posts/weekly-synthesis")).status).toBe(403);
    const empty = await admin.post("/api/v1/admin/posts/weekly-synthesis");
    expect(empty.status).toBe(422);
    expect(empty.data.error.message).toMatch(/nothing to synthesise/);

    await server.deps.db
      .update(episodes)
      .set({
        insights: [
          { key_point: "Most forgetting happens early.", timecode: 62 },
          { key_point: "Spacing beats cramming.", timecode: 107 },
        ],
        transcriptSegments: [{ start: 62.55, end: 64.4, text: "Most forgetting happens early." }],
        topics: ["memory"],
      })
      .where(eq(episodes.id, episodeId));
    await server.deps.db.insert(playHistory).values([
      { userId: learner.user.id, episodeId },
      { userId: premium.user.id, episodeId },
    ]);
    const drafted = await admin.post("/api/v1/admin/posts/weekly-synthesis");
    expect(drafted.status, drafted.text).toBe(201);
    const post = drafted.data as AdminPost;
    expect(post).toMatchObject({ type: "weekly", status: "draft", publishedAt: null });
    expect(post.title).toMatch(/^Weekly Synthesis: the week from /);
    expect(post.blocks).toContainEqual({
      type: "quote",
      content: "Most forgetting happens early.",
      episodeId,
      timestamp: 62,
    });
    expect(post.sources[0]).toMatchObject({
      episodeId,
      startTs: 62,
      endTs: 65,
      quote: "Most forgetting happens early.",
    });
    // A draft: nobody reads it until an admin publishes it.
    expect((await anonymous.get(`/api/v1/posts/${post.slug}`)).status).toBe(404);
  });
});
