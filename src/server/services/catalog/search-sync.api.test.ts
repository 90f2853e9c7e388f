import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import { episodeGuests, episodeHosts, episodes, guests, hosts, podcasts } from "../../db/schema/catalog.ts";

// Decision 046: the search index is kept per statement. Each test writes several rows in one
// statement and then compares the index with what a refresh would compute from scratch.
let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  server = await startTestServer({ CATALOG_CACHE_SECONDS: "0" });
});
afterAll(() => server.stop());

async function addPodcast(name: string) {
  const [row] = await server.deps.db
    .insert(podcasts)
    .values({ name, sourceType: "manual" })
    .returning({ id: podcasts.id });
  if (!row) throw new Error("no podcast");
  return row.id;
}

/** Ready episodes (audio, a title, a summary), one a day back from `firstDay`, in one statement. */
async function addEpisodes(podcastId: string, titles: string[], firstDay = 1) {
  const rows = await server.deps.db
    .insert(episodes)
    .values(
      titles.map((title, index) => ({
        podcastId,
        title,
        summary: `About ${title}.`,
        audioUrl: `https://cdn.test/${encodeURIComponent(title)}.mp3`,
        pubDate: daysAgo(firstDay + index),
      })),
    )
    .returning({ id: episodes.id, title: episodes.title });
  return Object.fromEntries(rows.map((row) => [row.title, row.id])) as Record<string, string>;
}

async function addPeople(table: typeof guests | typeof hosts, names: string[]) {
  const rows = await server.deps.db
    .insert(table)
    .values(names.map((name) => ({ name })))
    .returning({ id: table.id, name: table.name });
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, string>;
}

/**
 * Rows of a podcast's episodes the index lacks, has in excess or has stale (against the ready
 * episodes and their documents computed now), and the same for the recent tier from its bound on.
 */
async function indexDifferences(podcastId: string) {
  const expected = sql`select e.id as episode_id, e.podcast_id, e.pub_date, e.title, episode_search_document(e.id) as search_vector
    from episodes e where e.ready and e.podcast_id = ${podcastId}`;
  const indexed = sql`select episode_id, podcast_id, pub_date, title, search_vector from episode_search where podcast_id = ${podcastId}`;
  const expectedTier = sql`${expected} and e.pub_date >= (select since from episode_search_recent_bound)`;
  const tier = sql`select episode_id, podcast_id, pub_date, title, search_vector from episode_search_recent where podcast_id = ${podcastId}`;
  const [row] = (
    await server.deps.db.execute(sql`select
      (select count(*) from (${expected} except ${indexed}) x)::int as missing,
      (select count(*) from (${indexed} except ${expected}) x)::int as extra,
      (select count(*) from (${expectedTier} except ${tier}) x)::int as "tierMissing",
      (select count(*) from (${tier} except ${expectedTier}) x)::int as "tierExtra"`)
  ).rows;
  return row;
}
const inStep = { missing: 0, extra: 0, tierMissing: 0, tierExtra: 0 };

/** The titles of the podcast's episodes whose indexed (and tier) document matches `word`. */
async function titlesMatching(podcastId: string, word: string) {
  const query = (table: string) =>
    sql`select s.title from ${sql.raw(table)} s where s.podcast_id = ${podcastId}
        and s.search_vector @@ to_tsquery('english', ${word}) order by s.title`;
  const [indexed, tier] = await Promise.all([
    server.deps.db.execute(query("episode_search")),
    server.deps.db.execute(query("episode_search_recent")),
  ]);
  const titles = indexed.rows.map((row) => row.title);
  expect(tier.rows.map((row) => row.title)).toEqual(titles);
  return titles;
}

describe("the search index, written several rows per statement", () => {
  it("takes in the people of several episodes linked in one statement, and a link deleted or moved", async () => {
    const podcast = await addPodcast("Statement Show");
    const ids = await addEpisodes(podcast, ["Kelp forests", "Coral reefs", "Deep trenches"]);
    const guestIds = await addPeople(guests, ["Marisol Quintero", "Barnaby Whitlock"]);
    const hostIds = await addPeople(hosts, ["Odalys Fairweather"]);
    expect(await indexDifferences(podcast)).toEqual(inStep);

    // Guests of three episodes in one statement (one episode with both), the host of all three in another.
    await server.deps.db.insert(episodeGuests).values([
      { episodeId: ids["Kelp forests"] as string, guestId: guestIds["Marisol Quintero"] as string },
      { episodeId: ids["Kelp forests"] as string, guestId: guestIds["Barnaby Whitlock"] as string },
      { episodeId: ids["Coral reefs"] as string, guestId: guestIds["Barnaby Whitlock"] as string },
      { episodeId: ids["Deep trenches"] as string, guestId: guestIds["Marisol Quintero"] as string },
    ]);
    await server.deps.db.insert(episodeHosts).values(
      Object.values(ids).map((episodeId) => ({
        episodeId,
        hostId: hostIds["Odalys Fairweather"] as string,
      })),
    );
    expect(await indexDifferences(podcast)).toEqual(inStep);
    expect(await titlesMatching(podcast, "quintero")).toEqual(["Deep trenches", "Kelp forests"]);
    expect(await titlesMatching(podcast, "whitlock")).toEqual(["Coral reefs", "Kelp forests"]);
    expect(await titlesMatching(podcast, "fairweather")).toHaveLength(3);

    // One link deleted: that episode no longer has the name, the other episode of that guest keeps it.
    await server.deps.db.execute(
      sql`delete from episode_guests where episode_id = ${ids["Kelp forests"]} and guest_id = ${guestIds["Barnaby Whitlock"]}`,
    );
    expect(await indexDifferences(podcast)).toEqual(inStep);
    expect(await titlesMatching(podcast, "whitlock")).toEqual(["Coral reefs"]);

    // A link moved to another episode: both episodes' documents change.
    await server.deps.db.execute(
      sql`update episode_guests set episode_id = ${ids["Deep trenches"]}
          where episode_id = ${ids["Coral reefs"]} and guest_id = ${guestIds["Barnaby Whitlock"]}`,
    );
    expect(await indexDifferences(podcast)).toEqual(inStep);
    expect(await titlesMatching(podcast, "whitlock")).toEqual(["Deep trenches"]);

    // Several links of several episodes deleted in one statement (the host's).
    await server.deps.db.execute(
      sql`delete from episode_hosts where host_id = ${hostIds["Odalys Fairweather"]}`,
    );
    expect(await indexDifferences(podcast)).toEqual(inStep);
    expect(await titlesMatching(podcast, "fairweather")).toEqual([]);
  });

  it("indexes only the ready episodes of a multi-row insert, and episodes inserted with their links in one statement", async () => {
    const podcast = await addPodcast("Mixed Batch Show");
    const [guest] = await server.deps.db.insert(guests).values({ name: "Ignatius Pemberton" }).returning();
    // Two ready episodes, one without a summary; the links are written by the same statement (a
    // data-modifying WITH), so the episodes' insert trigger already sees them.
    await server.deps.db.execute(sql`
      with inserted as (
        insert into episodes (podcast_id, title, summary, audio_url, pub_date)
        values (${podcast}, 'Glaciers', 'Ice that moves.', 'https://cdn.test/glaciers.mp3', now() - interval '1 day'),
               (${podcast}, 'Fjords', 'Valleys the ice cut.', 'https://cdn.test/fjords.mp3', now() - interval '2 days'),
               (${podcast}, 'Moraines', null, 'https://cdn.test/moraines.mp3', now() - interval '3 days')
        returning id)
      insert into episode_guests (episode_id, guest_id) select id, ${guest?.id}::uuid from inserted`);
    expect(await indexDifferences(podcast)).toEqual(inStep);
    expect(await titlesMatching(podcast, "pemberton")).toEqual(["Fjords", "Glaciers"]);

    // The unready one becomes ready later and brings its guest along.
    await server.deps.db.execute(
      sql`update episodes set summary = 'Rocks the ice left.' where podcast_id = ${podcast} and title = 'Moraines'`,
    );
    expect(await indexDifferences(podcast)).toEqual(inStep);
    expect(await titlesMatching(podcast, "pemberton")).toEqual(["Fjords", "Glaciers", "Moraines"]);
  });

  it("keeps the recent tier exact when one statement moves episodes across its bound both ways", async () => {
    const podcast = await addPodcast("Bound Crossing Show");
    const ids = await addEpisodes(podcast, ["Crossing new", "Crossing newer"], 1);
    const old = await addEpisodes(podcast, ["Crossing old", "Crossing older"], 400);
    // The tier from 100 days ago on (the catalog of this file holds no other episode that old).
    await server.deps.db.execute(sql`select episode_search_recent_trim(
      (select count(*)::int from episode_search where pub_date >= ${daysAgo(100).toISOString()}::timestamptz))`);
    expect(await indexDifferences(podcast)).toEqual(inStep);

    // One statement: a new episode ages past the bound, an old one comes forward, a third is retitled.
    await server.deps.db.execute(sql`
      update episodes set
        pub_date = case id when ${ids["Crossing new"]}::uuid then now() - interval '300 days'
                           when ${old["Crossing old"]}::uuid then now() - interval '3 days' else pub_date end,
        title = case id when ${ids["Crossing newer"]}::uuid then 'Crossing renamed' else title end
      where podcast_id = ${podcast}`);
    expect(await indexDifferences(podcast)).toEqual(inStep);
    const [tier] = (
      await server.deps.db.execute(
        sql`select array_agg(title order by title) as titles from episode_search_recent where podcast_id = ${podcast}`,
      )
    ).rows;
    expect(tier).toEqual({ titles: ["Crossing old", "Crossing renamed"] });

    // Deleting several episodes in one statement empties both.
    await server.deps.db.execute(sql`delete from episodes where podcast_id = ${podcast}`);
    expect(await indexDifferences(podcast)).toEqual(inStep);
    const [left] = (
      await server.deps.db.execute(
        sql`select (select count(*) from episode_search where podcast_id = ${podcast})::int
                 + (select count(*) from episode_search_recent where podcast_id = ${podcast})::int as n`,
      )
    ).rows;
    expect(left).toEqual({ n: 0 });
  });
});
