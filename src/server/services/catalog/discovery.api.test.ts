import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import { episodeGuests, episodeHosts, episodes, guests, hosts, podcasts } from "../../db/schema/catalog.ts";
import { posts } from "../../db/schema/feed.ts";
import { playHistory, userActivity, userStreaks } from "../../db/schema/player.ts";
import { everyWordRequired, SCAN_WINDOW, selectHopelessWalk, trimSearchTier } from "./discovery.ts";

let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

type EpisodeSeed = Partial<typeof episodes.$inferInsert> & { title: string };

async function addPodcast(name: string) {
  const [row] = await server.deps.db
    .insert(podcasts)
    .values({ name, sourceType: "manual", coverUrl: `/covers/${name}.png` })
    .returning({ id: podcasts.id });
  if (!row) throw new Error("no podcast");
  return row.id;
}

let audioCounter = 0;

/**
 * Episodes are ready when they have audio or a video, a title and a summary (a database trigger
 * derives `ready`), so the defaults make a ready episode and `audioUrl: null` an unready one.
 */
async function addEpisodes(podcastId: string, list: EpisodeSeed[]) {
  const inserted = await server.deps.db
    .insert(episodes)
    .values(
      list.map((episode) => ({
        imageUrl: "/img.png",
        summary: `About ${episode.title}.`,
        audioUrl: `https://cdn.test/audio-${++audioCounter}.mp3`,
        podcastId,
        ...episode,
      })),
    )
    .returning({ id: episodes.id, title: episodes.title });
  return Object.fromEntries(inserted.map((row) => [row.title, row.id]));
}

beforeAll(async () => {
  // Every request reads the database: these tests change the catalog between reads.
  server = await startTestServer({ CATALOG_CACHE_SECONDS: "0" });
});
afterAll(() => server.stop());

describe("GET /api/v1/catalog/home", () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    const podcast = await addPodcast("Home Show");
    ids = await addEpisodes(podcast, [
      { title: "Newest but not ready", audioUrl: null, summary: "s", pubDate: daysAgo(0) },
      { title: "Newest without image", imageUrl: null, summary: "Has a summary", pubDate: daysAgo(0.5) },
      { title: "Blank image", imageUrl: "  ", pubDate: daysAgo(0.6) },
      { title: "Audio one", audioUrl: "https://cdn.example.com/one.mp3?src=rss", pubDate: daysAgo(1) },
      { title: "Audio one mirror", audioUrl: "http://CDN.example.com/one.mp3", pubDate: daysAgo(2) },
      {
        title: "Audio one tracked",
        audioUrl: "https://dts.podtrac.com/redirect.mp3/cdn.example.com/one.mp3",
        pubDate: daysAgo(3),
      },
      { title: "Video", audioUrl: null, youtubeUrl: "https://youtu.be/dQw4w9WgXcQ", pubDate: daysAgo(4) },
      {
        title: "Video mirror",
        audioUrl: null,
        youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        pubDate: daysAgo(5),
      },
      { title: "Same Day", pubDate: new Date(Date.UTC(2020, 0, 1, 8)) },
      { title: "same day!", pubDate: new Date(Date.UTC(2020, 0, 1, 9)) },
      { title: "Same Day", pubDate: new Date(Date.UTC(2019, 11, 31, 9)) },
    ]);
    await server.deps.db.insert(posts).values([
      { slug: "future-post", type: "weekly", title: "Scheduled", publishedAt: new Date(Date.now() + DAY) },
      { slug: "draft-post", type: "weekly", title: "Draft", publishedAt: null },
      { slug: "post-1", type: "explainer", title: "Post 1", dek: "First", publishedAt: daysAgo(1) },
      { slug: "post-2", type: "explainer", title: "Post 2", publishedAt: daysAgo(2) },
      { slug: "post-3", type: "debate", title: "Post 3", publishedAt: daysAgo(3) },
      { slug: "post-4", type: "tactical", title: "Post 4", publishedAt: daysAgo(4) },
    ]);
  });

  it("features the newest ready episode with a summary", async () => {
    const response = await server.client().get("/api/v1/catalog/home");
    expect(response.status).toBe(200);
    expect(response.data.featured).toMatchObject({
      id: ids["Newest without image"],
      title: "Newest without image",
      summary: "Has a summary",
      podcastName: "Home Show",
    });
  });

  // Title + day is the key only without audio and video, which a ready episode always has (the
  // readiness trigger); the unit tests cover that rule. Here the same title and day with different
  // audio are two episodes.
  it("lists ready episodes with an image, newest first, without duplicates", async () => {
    const { data } = await server.client().get("/api/v1/catalog/home");
    expect(data.recent.map((episode: { title: string }) => episode.title)).toEqual([
      "Audio one",
      "Video",
      "same day!",
      "Same Day",
      "Same Day",
    ]);
    expect(data.recent[0]).toMatchObject({
      podcastName: "Home Show",
      imageUrl: "/img.png",
      audioUrl: "https://cdn.example.com/one.mp3?src=rss",
    });
    expect(data.recent[1]).toMatchObject({ audioUrl: null, youtubeUrl: "https://youtu.be/dQw4w9WgXcQ" });
    expect(data.recent[3].pubDate.slice(0, 10)).toBe("2020-01-01");
    expect(data.recent[4].pubDate.slice(0, 10)).toBe("2019-12-31");
  });

  it("shows the 3 newest published insights, never drafts or future-dated posts", async () => {
    const { data } = await server.client().get("/api/v1/catalog/home");
    expect(data.insights.map((post: { slug: string }) => post.slug)).toEqual(["post-1", "post-2", "post-3"]);
    expect(data.insights[0]).toMatchObject({ title: "Post 1", dek: "First" });
    expect(Date.parse(data.insights[0].publishedAt)).toBeLessThanOrEqual(Date.now());
  });
});

describe("GET /api/v1/catalog/search", () => {
  let alpha: string;
  let beta: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    alpha = await addPodcast("Alpha Radio");
    beta = await addPodcast("Beta Talks");
    ids = {
      ...(await addEpisodes(alpha, [
        {
          title: "Zebra crossings and cities",
          summary: "Urban design for walkers.",
          topics: ["urbanism"],
          pubDate: daysAgo(10),
        },
        {
          title: "Quiet streets",
          summary: "Why a zebra crossing slows traffic, and other zebra facts.",
          topics: ["traffic"],
          pubDate: daysAgo(1),
        },
        {
          title: "Hidden draft about zebras",
          summary: "zebra zebra",
          audioUrl: null,
          pubDate: daysAgo(0),
        },
      ])),
      ...(await addEpisodes(beta, [
        {
          title: "Investing basics",
          summary: "Index funds explained.",
          topics: ["Investing"],
          pubDate: daysAgo(3),
        },
        {
          title: "The zebra economy",
          summary: "Markets with stripes.",
          topics: ["economics"],
          pubDate: daysAgo(20),
        },
        { title: "Bananas 100% and under_score", summary: "Odd characters.", pubDate: daysAgo(30) },
      ])),
    };
  });

  const search = (query: string) => server.client().get(`/api/v1/catalog/search?${query}`);
  const titles = (data: { episodes: { title: string }[] }) => data.episodes.map((episode) => episode.title);

  it("ranks title matches above summary matches and never lists unready episodes", async () => {
    const { status, data } = await search("q=zebra");
    expect(status).toBe(200);
    expect(data.sort).toBe("relevance");
    expect(data.match).toBe("words");
    expect(titles(data)).toEqual(["Zebra crossings and cities", "The zebra economy", "Quiet streets"]);
    expect(titles(data)).not.toContain("Hidden draft about zebras");
  });

  it("matches stems and topics", async () => {
    expect(titles((await search("q=invests")).data)).toEqual(["Investing basics"]);
    expect(titles((await search("q=urbanism")).data)).toEqual(["Zebra crossings and cities"]);
  });

  it("sorts by recent or oldest", async () => {
    expect(titles((await search("q=zebra&sort=recent")).data)).toEqual([
      "Quiet streets",
      "Zebra crossings and cities",
      "The zebra economy",
    ]);
    expect(titles((await search("q=zebra&sort=oldest")).data)).toEqual([
      "The zebra economy",
      "Zebra crossings and cities",
      "Quiet streets",
    ]);
  });

  it("filters by podcast", async () => {
    const { data } = await search(`q=zebra&podcast=${beta}`);
    expect(titles(data)).toEqual(["The zebra economy"]);
    const all = await search(`podcast=${alpha}`);
    expect(titles(all.data)).toEqual(["Quiet streets", "Zebra crossings and cities"]);
  });

  it("supports websearch syntax: exclusions and quotes", async () => {
    expect(titles((await search("q=zebra%20-economy&sort=recent")).data)).toEqual([
      "Quiet streets",
      "Zebra crossings and cities",
    ]);
    expect(titles((await search(`q=${encodeURIComponent('"zebra facts"')}`)).data)).toEqual([
      "Quiet streets",
    ]);
  });

  it("paginates without overlap and says when there is more", async () => {
    const first = await search("q=zebra&sort=recent&limit=2");
    expect(first.data).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    const second = await search("q=zebra&sort=recent&limit=2&page=2");
    expect(second.data).toMatchObject({ page: 2, hasMore: false });
    expect([...titles(first.data), ...titles(second.data)]).toEqual([
      "Quiet streets",
      "Zebra crossings and cities",
      "The zebra economy",
    ]);
    const beyond = await search("q=zebra&sort=recent&limit=2&page=3");
    expect(beyond.data).toMatchObject({ episodes: [], hasMore: false, match: "words" });
  });

  it("falls back to prefixes and title substrings for partial words", async () => {
    const partial = await search("q=zebr");
    expect(partial.data.match).toBe("partial");
    expect(titles(partial.data)).toContain("Quiet streets");
    expect(titles(partial.data)).not.toContain("Hidden draft about zebras");
    const substring = await search(`q=${encodeURIComponent("100% and under_")}`);
    expect(titles(substring.data)).toEqual(["Bananas 100% and under_score"]);
  });

  it("returns an empty list when nothing matches, and any input is safe", async () => {
    const none = await search("q=xylophonequartet");
    expect(none.status).toBe(200);
    expect(none.data.episodes).toEqual([]);
    for (const q of ["'", "\\", "&|!():*", "a & b | !c", '"unterminated', "%_%"]) {
      const response = await search(`q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
  });

  it("returns the fields a result card shows: no summary, the first three topics", async () => {
    const { data } = await search("q=investing");
    expect(data.episodes[0]).toMatchObject({
      id: ids["Investing basics"],
      podcastId: beta,
      podcastName: "Beta Talks",
      imageUrl: "/img.png",
      topics: ["Investing"],
    });
    expect(data.episodes[0]).not.toHaveProperty("summary");
    const setTopics = (topics: string[]) =>
      server.deps.db.$client.query(`update episodes set topics = $2 where id = $1`, [
        ids["Investing basics"],
        topics,
      ]);
    await setTopics(["Investing", "Index funds", "Fees", "Bonds", "Taxes"]);
    const { data: after } = await search("q=investing");
    await setTopics(["Investing"]);
    expect(after.episodes[0]?.topics).toEqual(["Investing", "Index funds", "Fees"]);
  });

  it("rejects bad parameters with 400", async () => {
    for (const query of [
      "sort=best",
      "podcast=not-a-uuid",
      "page=0",
      "page=x",
      "limit=25",
      `q=${"a".repeat(201)}`,
    ]) {
      const response = await search(query);
      expect(response.status, query).toBe(400);
      expect(response.data.error.code).toBe("VALIDATION");
    }
  });
});

describe("GET /api/v1/catalog/suggest", () => {
  beforeAll(async () => {
    const podcast = await addPodcast("Suggest FM");
    await addEpisodes(podcast, [
      ...Array.from({ length: 7 }, (_, index) => ({
        title: `Quokka story ${index + 1}`,
        pubDate: daysAgo(index + 1),
      })),
      { title: "Unready quokka", audioUrl: null, pubDate: daysAgo(0) },
      { title: "Marsupials", summary: "All about the QUOKKA and friends.", pubDate: daysAgo(0.5) },
      { title: "Capybaras", summary: "Largest rodent.", pubDate: daysAgo(0.2), imageUrl: null },
    ]);
  });

  const suggest = (q: string) => server.client().get(`/api/v1/catalog/suggest?q=${encodeURIComponent(q)}`);

  it("needs at least 2 characters", async () => {
    expect((await suggest("q")).data.episodes).toEqual([]);
    expect((await suggest(" q ")).data.episodes).toEqual([]);
  });

  it("returns the 5 newest ready episodes whose title or summary matches, case-insensitively", async () => {
    const { status, data } = await suggest("QUOK");
    expect(status).toBe(200);
    expect(data.episodes.map((episode: { title: string }) => episode.title)).toEqual([
      "Marsupials",
      "Quokka story 1",
      "Quokka story 2",
      "Quokka story 3",
      "Quokka story 4",
    ]);
    expect(data.episodes[0]).toEqual({
      id: expect.any(String),
      title: "Marsupials",
      imageUrl: "/img.png",
      podcastName: "Suggest FM",
      transcriptMatch: null,
    });
  });

  it("matches inside a title and reports a missing image as null", async () => {
    const { data } = await suggest("ybar");
    expect(data.episodes).toEqual([
      {
        id: expect.any(String),
        title: "Capybaras",
        imageUrl: null,
        podcastName: "Suggest FM",
        transcriptMatch: null,
      },
    ]);
  });

  it("matches inside a title whatever the case typed (the walk tests the stored lower-cased title)", async () => {
    for (const typed of ["YBAR", "yBaRa"]) {
      const { data } = await suggest(typed);
      expect(data.episodes.map((episode: { title: string }) => episode.title)).toEqual(["Capybaras"]);
    }
  });
});

describe("GET /api/v1/catalog/podcasts/{id}", () => {
  it("returns the public summary, 404 for an unknown id and 400 for a malformed one", async () => {
    const id = await addPodcast("Chip Show");
    const found = await server.client().get(`/api/v1/catalog/podcasts/${id}`);
    expect(found.data).toEqual({ id, name: "Chip Show", coverUrl: "/covers/Chip Show.png" });
    const missing = await server
      .client()
      .get("/api/v1/catalog/podcasts/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect((await server.client().get("/api/v1/catalog/podcasts/nope")).status).toBe(400);
  });
});

describe("GET /api/v1/me/continue-listening", () => {
  it("needs a session", async () => {
    const response = await server.client().get("/api/v1/me/continue-listening");
    expect(response.status).toBe(401);
  });

  it("lists started, unfinished, ready episodes, most recently played first", async () => {
    const user = await server.signUp();
    const other = await server.signUp();
    const podcast = await addPodcast("Continue Cast");
    const ids = await addEpisodes(podcast, [
      { title: "Half way", duration: 1000 },
      { title: "Just started", duration: 1000 },
      { title: "Finished", duration: 1000 },
      { title: "Not started", duration: 1000 },
      { title: "No duration" },
      { title: "Withdrawn", duration: 1000, audioUrl: null },
      { title: "Activity only", duration: 1000 },
    ]);
    const id = (title: string) => ids[title] as string;
    await server.deps.db.insert(playHistory).values([
      { userId: user.user.id, episodeId: id("Half way"), lastPositionSeconds: 500, lastPlayedAt: daysAgo(2) },
      {
        userId: user.user.id,
        episodeId: id("Just started"),
        lastPositionSeconds: 10,
        lastPlayedAt: daysAgo(1),
      },
      {
        userId: user.user.id,
        episodeId: id("Finished"),
        lastPositionSeconds: 1000,
        lastPlayedAt: daysAgo(0.1),
      },
      {
        userId: user.user.id,
        episodeId: id("Not started"),
        lastPositionSeconds: 0,
        lastPlayedAt: daysAgo(0.1),
      },
      {
        userId: user.user.id,
        episodeId: id("No duration"),
        lastPositionSeconds: 40,
        lastPlayedAt: daysAgo(3),
      },
      {
        userId: user.user.id,
        episodeId: id("Withdrawn"),
        lastPositionSeconds: 40,
        lastPlayedAt: daysAgo(0.1),
      },
      {
        userId: other.user.id,
        episodeId: id("Not started"),
        lastPositionSeconds: 300,
        lastPlayedAt: daysAgo(0),
      },
    ]);
    await server.deps.db
      .insert(userActivity)
      .values({ userId: user.user.id, lastEpisodeId: id("Activity only"), lastPositionSeconds: 120 });

    const { status, data } = await user.get("/api/v1/me/continue-listening");
    expect(status).toBe(200);
    expect(data.episodes.map((episode: { title: string }) => episode.title)).toEqual([
      "Activity only",
      "Just started",
      "Half way",
      "No duration",
    ]);
    expect(data.episodes[2]).toMatchObject({
      positionSeconds: 500,
      duration: 1000,
      podcastName: "Continue Cast",
    });
  });
});

describe("theme and stats", () => {
  it("saves the theme to the profile", async () => {
    const user = await server.signUp();
    for (const theme of ["light", "system", "dark"]) {
      const response = await user.request("PUT", "/api/v1/me/theme", { json: { theme } });
      expect(response.status).toBe(200);
      expect(response.data).toEqual({ theme });
      expect((await user.get("/api/v1/auth/session")).data.profile.theme).toBe(theme);
    }
  });

  it("rejects an unknown theme with 400 and anonymous callers with 401", async () => {
    const user = await server.signUp();
    const bad = await user.request("PUT", "/api/v1/me/theme", { json: { theme: "sepia" } });
    expect(bad.status).toBe(400);
    expect(bad.data.error.fields.theme).toBe("theme must be light, dark or system.");
    const anonymous = await server.client().request("PUT", "/api/v1/me/theme", { json: { theme: "light" } });
    expect(anonymous.status).toBe(401);
  });

  it("reports level, xp and the current streak (0 without one, or once a day was missed)", async () => {
    const user = await server.signUp();
    expect((await user.get("/api/v1/me/stats")).data).toEqual({ level: 1, xp: 0, streak: 0 });
    // The profile's time zone is UTC; a streak last kept yesterday still counts today.
    await server.deps.db.insert(userStreaks).values({
      userId: user.user.id,
      currentStreak: 4,
      longestStreak: 9,
      lastActiveDate: daysAgo(1).toISOString().slice(0, 10),
    });
    expect((await user.get("/api/v1/me/stats")).data).toEqual({ level: 1, xp: 0, streak: 4 });
    await server.deps.db.execute(
      sql`update user_streaks set last_active_date = ${daysAgo(2).toISOString().slice(0, 10)}::date`,
    );
    expect((await user.get("/api/v1/me/stats")).data).toEqual({ level: 1, xp: 0, streak: 0 });
    expect((await server.client().get("/api/v1/me/stats")).status).toBe(401);
  });
});

describe("GET /api/v1/config", () => {
  it("names the support address", async () => {
    const { data } = await server.client().get("/api/v1/config");
    expect(data.supportEmail).toBe("support@earmark.app");
  });
});

describe("matches beyond the newest few thousand episodes", () => {
  it("are still found, in order, by search and the dropdown", async () => {
    const podcast = await addPodcast("Deep Archive");
    const old = await addEpisodes(podcast, [
      { title: "Narwhal tusks explained", pubDate: new Date(Date.UTC(2001, 0, 2)) },
      { title: "More narwhals", summary: "A narwhal sequel.", pubDate: new Date(Date.UTC(2001, 0, 3)) },
    ]);
    // Newer than everything above: more than the first pass reads.
    await server.deps.db.execute(sql`
      insert into episodes (podcast_id, title, summary, audio_url, image_url, pub_date)
      select ${podcast}, 'Filler ' || g, 'Nothing to see.', 'https://cdn.test/filler-' || g || '.mp3', '/img.png',
             now() - g * interval '1 minute'
      from generate_series(1, 3100) g`);

    const recent = await server.client().get("/api/v1/catalog/search?q=narwhal&sort=recent");
    expect(recent.data.episodes.map((e: { id: string }) => e.id)).toEqual([
      old["More narwhals"],
      old["Narwhal tusks explained"],
    ]);
    const relevance = await server.client().get("/api/v1/catalog/search?q=narwhal");
    expect(relevance.data.episodes).toHaveLength(2);
    const partial = await server.client().get("/api/v1/catalog/search?q=narwh");
    expect(partial.data).toMatchObject({ match: "partial" });
    expect(partial.data.episodes).toHaveLength(2);
    // The first search counted the catalog; once it is known to be larger than the walk, the walk
    // and the rare-word statement share a round trip (decision 052), with the same answers.
    for (const [path, first] of [
      ["/api/v1/catalog/search?q=narwhal&sort=recent", recent],
      ["/api/v1/catalog/search?q=narwh", partial],
    ] as const)
      expect((await server.client().get(path)).data).toEqual(first.data);
    const suggest = await server.client().get("/api/v1/catalog/suggest?q=narw");
    expect(suggest.data.episodes.map((e: { title: string }) => e.title)).toEqual([
      "More narwhals",
      "Narwhal tusks explained",
    ]);
    const none = await server.client().get("/api/v1/catalog/suggest?q=zzqx");
    expect(none.data.episodes).toEqual([]);
    const filler = await server.client().get("/api/v1/catalog/search?q=filler&sort=oldest&page=2&limit=10");
    expect(filler.data.episodes[0].title).toBe("Filler 3090");

    // Enough matches for a page among the newest episodes, but fewer than the relevance candidates:
    // older ones may exist beyond the first pass, so the count is "at least" (decision 040).
    await server.deps.db.execute(sql`
      update episodes set summary = 'A glorpquill smiles.'
      where podcast_id = ${podcast} and title in (select 'Filler ' || g from generate_series(1, 30) g)`);
    const glorpquill = await server.client().get("/api/v1/catalog/search?q=glorpquill");
    expect(glorpquill.data).toMatchObject({ total: 30, totalIsCapped: true, hasMore: true });
    expect(glorpquill.data.episodes).toHaveLength(24);
  });
});

describe("the search index", () => {
  const searchTitles = async (q: string) =>
    ((await server.client().get(`/api/v1/catalog/search?q=${q}`)).data.episodes as { title: string }[]).map(
      (e) => e.title,
    );

  it("follows every change of an episode's readiness and searchable text", async () => {
    const podcast = await addPodcast("Index Show");
    const ids = await addEpisodes(podcast, [
      { title: "Axolotl habitats", pubDate: daysAgo(1) },
      { title: "Axolotl draft", audioUrl: null, pubDate: daysAgo(2) },
    ]);
    expect(await searchTitles("axolotl")).toEqual(["Axolotl habitats"]);

    // Audio arriving later makes the draft ready (readiness is derived by another trigger).
    await server.deps.db.execute(
      sql`update episodes set audio_url = 'https://cdn.test/axolotl.mp3' where id = ${ids["Axolotl draft"]}`,
    );
    expect(await searchTitles("axolotl")).toEqual(["Axolotl habitats", "Axolotl draft"]);

    // A new summary is searchable at once; losing it hides the episode again.
    await server.deps.db.execute(
      sql`update episodes set summary = 'Salamanders regrow limbs.' where id = ${ids["Axolotl habitats"]}`,
    );
    expect(await searchTitles("salamander")).toEqual(["Axolotl habitats"]);
    await server.deps.db.execute(
      sql`update episodes set summary = null where id = ${ids["Axolotl habitats"]}`,
    );
    expect(await searchTitles("axolotl")).toEqual(["Axolotl draft"]);

    // A retitled or deleted episode leaves no stale index row behind.
    await server.deps.db.execute(
      sql`update episodes set title = 'Tadpoles', summary = 'Frogs.' where id = ${ids["Axolotl draft"]}`,
    );
    expect(await searchTitles("axolotl")).toEqual([]);
    expect(await searchTitles("tadpoles")).toEqual(["Tadpoles"]);
    await server.deps.db.execute(sql`delete from episodes where id = ${ids["Axolotl draft"]}`);
    const [left] = (
      await server.deps.db.execute(
        sql`select count(*)::int as n from episode_search where episode_id in (${ids["Axolotl draft"]}, ${ids["Axolotl habitats"]})`,
      )
    ).rows;
    expect(left).toEqual({ n: 0 });
  });
});

describe("the recent search tier (decision 040, third round)", () => {
  const columns = sql`episode_id, podcast_id, pub_date, title, search_vector`;
  /** Rows the tier lacks or has in excess (or stale) compared with episode_search from its bound on. */
  const tierDifferences = async () => {
    const newest = sql`select ${columns} from episode_search
      where pub_date >= (select since from episode_search_recent_bound)`;
    const tier = sql`select ${columns} from episode_search_recent`;
    const [row] = (
      await server.deps.db.execute(
        sql`select (select count(*) from (${newest} except ${tier}) x)::int as missing,
                   (select count(*) from (${tier} except ${newest}) x)::int as extra`,
      )
    ).rows;
    return row;
  };
  const inTier = async (id: string) =>
    (await server.deps.db.execute(sql`select 1 from episode_search_recent where episode_id = ${id}`)).rows
      .length === 1;
  /** Moves the tier's bound to `date` (the tier then holds every episode published since). */
  const boundAt = async (date: Date) => {
    await server.deps.db.execute(sql`select episode_search_recent_trim(
      (select count(*)::int from episode_search where pub_date >= ${date.toISOString()}::timestamptz))`);
    return tierDifferences();
  };
  const noDifference = { missing: 0, extra: 0 };

  it("holds exactly the episodes from its bound on through every write and trim", async () => {
    const podcast = await addPodcast("Tier Show");
    const ids = await addEpisodes(podcast, [
      { title: "Tier new", pubDate: daysAgo(1) },
      { title: "Tier middle", pubDate: daysAgo(40) },
      { title: "Tier old", pubDate: daysAgo(400) },
    ]);
    expect(await boundAt(daysAgo(41))).toEqual(noDifference);
    expect(await inTier(ids["Tier middle"] as string)).toBe(true);
    expect(await inTier(ids["Tier old"] as string)).toBe(false);

    // New episodes on either side of the bound, a date moved across it both ways, a retitle.
    const later = await addEpisodes(podcast, [
      { title: "Tier newer", pubDate: daysAgo(0.5) },
      { title: "Tier older", pubDate: daysAgo(500) },
    ]);
    await server.deps.db.execute(
      sql`update episodes set pub_date = ${daysAgo(300).toISOString()}::timestamptz where id = ${ids["Tier middle"]}`,
    );
    await server.deps.db.execute(
      sql`update episodes set pub_date = ${daysAgo(2).toISOString()}::timestamptz where id = ${ids["Tier old"]}`,
    );
    await server.deps.db.execute(
      sql`update episodes set title = 'Tier renamed' where id = ${ids["Tier new"]}`,
    );
    expect(await tierDifferences()).toEqual(noDifference);
    expect(await inTier(later["Tier newer"] as string)).toBe(true);
    expect(await inTier(later["Tier older"] as string)).toBe(false);
    expect(await inTier(ids["Tier middle"] as string)).toBe(false);
    expect(await inTier(ids["Tier old"] as string)).toBe(true);

    // A guest linked and renamed (the document changes), a transcript (lines only), readiness lost,
    // an episode deleted.
    const [guest] = await server.deps.db.insert(guests).values({ name: "Tierney Moss" }).returning();
    await server.deps.db
      .insert(episodeGuests)
      .values({ episodeId: later["Tier newer"] as string, guestId: guest?.id as string });
    await server.deps.db.execute(sql`update guests set name = 'Tierney Vale' where id = ${guest?.id}`);
    const vale = sql`select count(*)::int as n from episode_search_recent where search_vector @@ to_tsquery('english', 'vale')`;
    expect((await server.deps.db.execute(vale)).rows).toEqual([{ n: 1 }]);
    await server.deps.db.execute(
      sql`update episodes set transcript_segments = ${JSON.stringify([{ start: 0, end: 2, text: "Tier talk." }])}::jsonb
          where id = ${ids["Tier old"]}`,
    );
    await server.deps.db.execute(sql`update episodes set audio_url = null where id = ${ids["Tier new"]}`);
    await server.deps.db.execute(sql`delete from episodes where id = ${later["Tier newer"]}`);
    expect(await tierDifferences()).toEqual(noDifference);
    expect(await inTier(ids["Tier new"] as string)).toBe(false);
    expect((await server.deps.db.execute(vale)).rows).toEqual([{ n: 0 }]);

    // Trimmed to a later bound and back to the whole catalog (fewer episodes than the tier's size).
    expect(await boundAt(daysAgo(3))).toEqual(noDifference);
    const tierSize = await trimSearchTier(server.deps);
    expect(await tierDifferences()).toEqual(noDifference);
    const [sizes] = (
      await server.deps.db.execute(
        sql`select (select count(*) from episode_search)::int as all, (select count(*) from episode_search_recent)::int as tier,
                   (select since from episode_search_recent_bound) = '-infinity' as unbounded`,
      )
    ).rows;
    expect(sizes).toMatchObject({ unbounded: true });
    expect(sizes?.tier).toBe(sizes?.all);
    expect(tierSize).toBe(sizes?.tier);
  });

  it("gives the same results wherever its bound lies", async () => {
    const podcast = await addPodcast("Antipodes Archive");
    // 130 matches, all older than 3,100 newer episodes: more than the first pass reads, so the
    // rare path answers, from the tier or from the whole catalog.
    await server.deps.db.execute(sql`
      insert into episodes (podcast_id, title, summary, audio_url, image_url, pub_date)
      select ${podcast}, 'Zorblat ' || g, case when g % 3 = 0 then 'Zorblat smiles, zorblat.' else 'Nothing.' end,
             'https://cdn.test/zorblat-' || g || '.mp3', '/img.png', timestamptz '2003-01-01' + g * interval '1 day'
      from generate_series(1, 130) g`);
    await server.deps.db.execute(sql`
      insert into episodes (podcast_id, title, summary, audio_url, image_url, pub_date)
      select ${podcast}, 'Wallaby ' || g, 'Nothing to see.', 'https://cdn.test/wallaby-' || g || '.mp3', '/img.png',
             now() - interval '1 hour' - g * interval '1 minute'
      from generate_series(1, 3100) g`);
    const paths = [
      "/api/v1/catalog/search?q=zorblat",
      "/api/v1/catalog/search?q=zorblat&page=5",
      "/api/v1/catalog/search?q=zorblat&sort=recent&page=2",
      "/api/v1/catalog/search?q=zorbl",
      "/api/v1/catalog/suggest?q=zorbl",
      // Within the podcast, whose 3,230 episodes are more than the walk reads.
      `/api/v1/catalog/search?q=zorblat&podcast=${podcast}`,
    ];
    const answers = async () =>
      Promise.all(paths.map(async (path) => (await server.client().get(path)).data));

    await trimSearchTier(server.deps);
    const whole = await answers();
    expect(whole[0]).toMatchObject({ total: 120, totalIsCapped: true });
    expect(whole[5]).toMatchObject({ total: 120, totalIsCapped: true });
    expect(whole[5].episodes[0].title).toBe("Zorblat 129");
    expect(whole[0].episodes[0].title).toBe("Zorblat 129");
    expect(whole[1].episodes.map((e: { title: string }) => e.title)).toHaveLength(24);
    expect(whole[4].episodes.map((e: { title: string }) => e.title)).toEqual([
      "Zorblat 130",
      "Zorblat 129",
      "Zorblat 128",
      "Zorblat 127",
      "Zorblat 126",
    ]);
    // The bound among the matches (60 in the tier: enough for a date-sorted page, not for the
    // relevance candidates), then above all of them.
    for (const bound of [new Date(Date.UTC(2003, 2, 12)), daysAgo(0.01)]) {
      expect(await boundAt(bound)).toEqual(noDifference);
      expect(await answers()).toEqual(whole);
    }
    await trimSearchTier(server.deps);
  });

  it("skips the walk when the tier's word counts say it cannot find enough, with the same answers (decision 053)", async () => {
    // The catalog of the test above: "zorblat" in 130 episodes of 2003, "wallaby" in the 3,100
    // newest. The tier from three days ago holds the wallabies and no zorblat.
    expect(await boundAt(daysAgo(3))).toEqual(noDifference);
    await server.deps.db.execute(sql`select search_word_counts_refresh()`);
    const isHopeless = async (words: string, enough = 25) => {
      const statement = selectHopelessWalk(words, SCAN_WINDOW, enough);
      const [row] = (await server.deps.db.execute(sql`select hopeless from (${statement}) x`)).rows;
      return row?.hopeless;
    };
    expect(await isHopeless("zorblat")).toBe(true);
    expect(await isHopeless("wallaby")).toBe(false);
    expect(await isHopeless("Wallabies")).toBe(false);
    // Every word must match: the rarest decides. A word the counts lack is in no episode.
    expect(await isHopeless("wallaby zorblat")).toBe(true);
    expect(await isHopeless("wallaby qwxunheard")).toBe(true);
    // Stop words only: no estimate, the walk runs.
    expect(await isHopeless("the of")).toBe(false);
    // Only words that must all match are estimated.
    expect(everyWordRequired("wallaby zorblat")).toBe("wallaby zorblat");
    expect(everyWordRequired('"wallaby smiles"')).toBe('"wallaby smiles"');
    expect(everyWordRequired("wallaby or zorblat")).toBeUndefined();
    expect(everyWordRequired("wallaby -zorblat")).toBeUndefined();

    const paths = [
      "/api/v1/catalog/search?q=zorblat",
      "/api/v1/catalog/search?q=zorblat&sort=recent&page=2",
      "/api/v1/catalog/search?q=wallaby",
      "/api/v1/catalog/search?q=wallaby&sort=recent&page=3",
      "/api/v1/catalog/search?q=wallaby%20zorblat",
    ];
    const answers = async () => {
      const list = [];
      // One at a time: the first counts the catalog, so the rest share the walk's statement.
      for (const path of paths) list.push((await server.client().get(path)).data);
      return list;
    };
    const counted = await answers();
    expect(counted[0]).toMatchObject({ total: 120, totalIsCapped: true });
    expect(counted[2]).toMatchObject({ total: 120, totalIsCapped: true });
    expect(counted[4].episodes).toEqual([]);
    // Without counts every walk runs; with every word counted as absent none does.
    await server.deps.db.execute(sql`delete from search_word_counts_basis`);
    expect(await isHopeless("zorblat")).toBe(false);
    expect(await answers()).toEqual(counted);
    await server.deps.db.execute(sql`select search_word_counts_refresh()`);
    await server.deps.db.execute(sql`update search_word_counts set episodes = 0`);
    expect(await isHopeless("wallaby")).toBe(true);
    expect(await answers()).toEqual(counted);
    await trimSearchTier(server.deps);
  });

  it("suggests a rare word's own matches and its transcript mentions in a large catalog, each once", async () => {
    // The catalog of the test above: more episodes than the first pass reads, so the dropdown's rare
    // path answers, with the transcript lookup beside it (decision 051).
    const line = (text: string) => JSON.stringify([{ start: 42, end: 44, text }]);
    await server.deps.db.execute(
      sql`update episodes set summary = 'Quokkanaut tales.', transcript_segments = ${line("The quokkanaut again.")}::jsonb
          where title = 'Zorblat 5'`,
    );
    await server.deps.db.execute(
      sql`update episodes set transcript_segments = ${line("A quokkanaut appears.")}::jsonb where title = 'Wallaby 3'`,
    );
    const { data } = await server.client().get("/api/v1/catalog/suggest?q=quokkanaut");
    expect(
      data.episodes.map((hit: { title: string; transcriptMatch: { startSeconds: number } | null }) => [
        hit.title,
        hit.transcriptMatch?.startSeconds ?? null,
      ]),
    ).toEqual([
      ["Zorblat 5", null],
      ["Wallaby 3", 42],
    ]);
  });
});

describe("search by transcript, people and podcast name", () => {
  type Hit = {
    id: string;
    title: string;
    audioUrl: string | null;
    transcriptMatch: { text: string; startSeconds: number } | null;
  };
  type Result = {
    episodes: Hit[];
    podcasts: { id: string; name: string }[];
    people: { id: string; kind: string; name: string; episodeCount: number }[];
    total: number;
    totalIsCapped: boolean;
    hasMore: boolean;
  };
  const find = async (query: string): Promise<Result> => {
    const { status, data } = await server.client().get(`/api/v1/catalog/search?${query}`);
    expect(status).toBe(200);
    return data as Result;
  };
  const segments = (lines: [number, string][]) =>
    lines.map(([start, text]) => ({ start, end: start + 5, text }));

  let podcast: string;
  let ids: Record<string, string>;
  let guest: string;
  let host: string;

  beforeAll(async () => {
    podcast = await addPodcast("Tidewater Chronicles");
    const other = await addPodcast("Orchard Hour");
    ids = {
      ...(await addEpisodes(podcast, [
        {
          title: "Why we lose what we learn",
          summary: "A conversation about study habits.",
          pubDate: daysAgo(1),
          transcriptSegments: segments([
            [0.5, "Welcome back to the show."],
            [23.35, "Hermann Quagmirex published the first careful experiments on memories in 1885."],
            [40, "He tested himself with nonsense syllables."],
          ]),
        },
        { title: "Quagmirex and the curve", summary: "The curve, explained.", pubDate: daysAgo(40) },
      ])),
      ...(await addEpisodes(other, [
        {
          title: "Apples in winter",
          summary: "Storing fruit.",
          pubDate: daysAgo(2),
          transcriptSegments: segments([
            [3, "Our guest brought a basket."],
            [75.9, "Someone mentioned Bartholomew Fenwright while we were pruning."],
          ]),
        },
        { title: "Pears", summary: "Soft fruit.", pubDate: daysAgo(3) },
      ])),
    };
    const [g] = await server.deps.db
      .insert(guests)
      .values({ name: "Bartholomew Fenwright", avatarUrl: "/bf.png" })
      .returning({ id: guests.id });
    const [h] = await server.deps.db
      .insert(hosts)
      .values({ name: "Ottoline Marchbanks" })
      .returning({ id: hosts.id });
    if (!g || !h) throw new Error("no person");
    guest = g.id;
    host = h.id;
    await server.deps.db.insert(episodeGuests).values({ episodeId: ids.Pears as string, guestId: guest });
    await server.deps.db.insert(episodeHosts).values([
      { episodeId: ids["Why we lose what we learn"] as string, hostId: host },
      { episodeId: ids["Quagmirex and the curve"] as string, hostId: host },
    ]);
  });

  it("finds a word only spoken in the transcript, with the matched line and its second", async () => {
    const data = await find("q=memory");
    expect(data.episodes.map((hit) => hit.title)).toEqual(["Why we lose what we learn"]);
    expect(data.episodes[0]).toMatchObject({
      audioUrl: expect.stringContaining("https://cdn.test/"),
      transcriptMatch: {
        text: "Hermann Quagmirex published the first careful experiments on memories in 1885.",
        startSeconds: 23,
      },
    });
    expect(data).toMatchObject({ total: 1, totalIsCapped: false, hasMore: false });
  });

  it("ranks a title match above a passing mention in a transcript, and still shows where it is said", async () => {
    const data = await find("q=quagmirex");
    expect(data.episodes.map((hit) => hit.title)).toEqual([
      "Quagmirex and the curve",
      "Why we lose what we learn",
    ]);
    expect(data.episodes[0]?.transcriptMatch).toBeNull();
    expect(data.episodes[1]?.transcriptMatch?.startSeconds).toBe(23);
    expect(data.total).toBe(2);
    // The same two by date, the transcript match being newer.
    const recent = await find("q=quagmirex&sort=recent");
    expect(recent.episodes.map((hit) => hit.title)).toEqual([
      "Why we lose what we learn",
      "Quagmirex and the curve",
    ]);
  });

  it("lists a matching guest as a person row and ranks their episode above a transcript mention", async () => {
    const data = await find(`q=${encodeURIComponent("Bartholomew Fenwright")}`);
    expect(data.people).toEqual([
      { id: guest, kind: "guest", name: "Bartholomew Fenwright", avatarUrl: "/bf.png", episodeCount: 1 },
    ]);
    expect(data.episodes.map((hit) => hit.title)).toEqual(["Pears", "Apples in winter"]);
    expect(data.episodes[1]?.transcriptMatch).toEqual({
      text: "Someone mentioned Bartholomew Fenwright while we were pruning.",
      startSeconds: 75,
    });
  });

  it("finds a host's episodes by the host's name", async () => {
    const data = await find("q=marchbanks");
    expect(data.people.map((person) => [person.kind, person.id, person.episodeCount])).toEqual([
      ["host", host, 2],
    ]);
    expect(data.episodes.map((hit) => hit.title).sort()).toEqual([
      "Quagmirex and the curve",
      "Why we lose what we learn",
    ]);
  });

  it("lists a matching podcast as its own row and finds its episodes by the show's name", async () => {
    const data = await find(`q=${encodeURIComponent("Tidewater Chronicles")}`);
    expect(data.podcasts).toEqual([
      {
        id: podcast,
        name: "Tidewater Chronicles",
        coverUrl: "/covers/Tidewater Chronicles.png",
        author: null,
      },
    ]);
    expect(data.episodes.map((hit) => hit.title)).toEqual([
      "Why we lose what we learn",
      "Quagmirex and the curve",
    ]);
    // Later pages and a podcast filter list episodes only.
    const filtered = await find(`q=tidewater&podcast=${podcast}`);
    expect(filtered.podcasts).toEqual([]);
    expect(filtered.episodes).toHaveLength(2);
  });

  describe("the dropdown", () => {
    type Suggestions = {
      episodes: {
        id: string;
        title: string;
        transcriptMatch: { text: string; startSeconds: number } | null;
      }[];
      podcasts: { id: string; name: string; coverUrl: string | null; author: string | null }[];
      people: { id: string; kind: string; name: string; avatarUrl: string | null; episodeCount: number }[];
    };
    const suggest = async (q: string): Promise<Suggestions> => {
      const { status, data } = await server
        .client()
        .get(`/api/v1/catalog/suggest?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      return data as Suggestions;
    };

    it("lists guests and hosts whose names start with the typed words, with their episode counts", async () => {
      const guestRows = await suggest("bartholo fen");
      expect(guestRows.people).toEqual([
        { id: guest, kind: "guest", name: "Bartholomew Fenwright", avatarUrl: "/bf.png", episodeCount: 1 },
      ]);
      // The guest's episode too (the search document holds the guest's name).
      expect(guestRows.episodes.map((hit) => hit.title)).toEqual(["Pears"]);
      const hostRows = await suggest("Ottoline M");
      expect(hostRows.people).toEqual([
        { id: host, kind: "host", name: "Ottoline Marchbanks", avatarUrl: null, episodeCount: 2 },
      ]);
    });

    it("lists a podcast whose name starts with the typed words", async () => {
      const data = await suggest("tidewat");
      expect(data.podcasts).toEqual([
        {
          id: podcast,
          name: "Tidewater Chronicles",
          coverUrl: "/covers/Tidewater Chronicles.png",
          author: null,
        },
      ]);
      expect(data.people).toEqual([]);
    });

    it("lists no names for 2 characters", async () => {
      const data = await suggest("ti");
      expect(data.podcasts).toEqual([]);
      expect(data.people).toEqual([]);
    });

    it("finds a word only said in a transcript once it is typed whole, with the line and its second", async () => {
      const data = await suggest("Nonsense");
      expect(data.episodes).toEqual([
        {
          id: ids["Why we lose what we learn"],
          title: "Why we lose what we learn",
          imageUrl: "/img.png",
          podcastName: "Tidewater Chronicles",
          transcriptMatch: { text: "He tested himself with nonsense syllables.", startSeconds: 40 },
        },
      ]);
      // Transcripts are matched by whole words (a prefix of a spoken word would match far too many lines).
      expect((await suggest("nonsen")).episodes).toEqual([]);
    });

    it("puts episodes matching by their own words before transcript mentions", async () => {
      const data = await suggest("quagmirex");
      expect(data.episodes.map((hit) => [hit.title, hit.transcriptMatch?.startSeconds ?? null])).toEqual([
        ["Quagmirex and the curve", null],
        ["Why we lose what we learn", 23],
      ]);
    });
  });

  it("keeps the people, podcast and transcript matches in step with their sources", async () => {
    await server.deps.db.execute(sql`update guests set name = 'Cornelius Fenwright' where id = ${guest}`);
    expect((await find("q=cornelius")).episodes.map((hit) => hit.title)).toEqual(["Pears"]);
    await server.deps.db.execute(sql`delete from episode_guests where guest_id = ${guest}`);
    expect((await find("q=cornelius")).episodes).toEqual([]);

    await server.deps.db.execute(sql`update podcasts set name = 'Estuary Chronicles' where id = ${podcast}`);
    expect((await find("q=estuary")).episodes).toHaveLength(2);
    expect((await find("q=tidewater")).episodes).toEqual([]);

    // Key insights and the labels of show-note links are searched too.
    await server.deps.db.execute(
      sql`update episodes set show_notes = '[{"url": "https://en.wikipedia.org/wiki/Spaced_repetition", "label": "Spaced repetition, Wikipedia"}]'::jsonb,
            insights = '[{"key_point": "Interleaving beats blocking", "timecode": 30}]'::jsonb
          where id = ${ids.Pears}`,
    );
    expect((await find("q=spaced+repetition")).episodes.map((hit) => hit.title)).toEqual(["Pears"]);
    expect((await find("q=interleaving")).episodes.map((hit) => hit.title)).toEqual(["Pears"]);

    await server.deps.db.execute(
      sql`update episodes set transcript_segments = ${JSON.stringify(segments([[12.9, "Forgetting is natural."]]))}::jsonb
          where id = ${ids["Why we lose what we learn"]}`,
    );
    expect((await find("q=memory")).episodes).toEqual([]);
    expect((await find("q=forgetting")).episodes[0]?.transcriptMatch).toEqual({
      text: "Forgetting is natural.",
      startSeconds: 12,
    });
  });

  it("counts the whole catalog when browsing, at most 1,000", async () => {
    const data = await find("");
    expect(data.total).toBe(1000);
    expect(data.totalIsCapped).toBe(true);
    expect(data.podcasts).toEqual([]);
  });
});
