import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import { podcasts } from "../../db/schema/catalog.ts";

// A catalog of its own: the tier's bound is moved by hand here, which the shared discovery tests'
// catalog (thousands of episodes) would hide.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ CATALOG_CACHE_SECONDS: "0" });
});
afterAll(() => server.stop());

describe("a small catalog with a recent tier that does not hold all of it", () => {
  it("is not taken for the whole catalog: older matches are still found", async () => {
    const [podcast] = await server.deps.db
      .insert(podcasts)
      .values({ name: "Small Show", sourceType: "manual" })
      .returning({ id: podcasts.id });
    await server.deps.db.execute(sql`
      insert into episodes (podcast_id, title, summary, audio_url, image_url, pub_date)
      select ${podcast?.id}, case when g = 10 then 'Okapi stripes' else 'Episode ' || g end, 'About it.',
             'https://cdn.test/small-' || g || '.mp3', '/img.png', now() - g * interval '1 day'
      from generate_series(1, 10) g`);
    // As after the catalog shrank below the tier's size, before the hourly trim: only the 3 newest.
    await server.deps.db.execute(sql`select episode_search_recent_trim(3)`);
    const [tier] = (await server.deps.db.execute(sql`select count(*)::int as n from episode_search_recent`))
      .rows;
    expect(tier).toEqual({ n: 3 });

    const search = await server.client().get("/api/v1/catalog/search?q=okapi");
    expect(search.data).toMatchObject({ total: 1, totalIsCapped: false });
    expect(search.data.episodes.map((e: { title: string }) => e.title)).toEqual(["Okapi stripes"]);
    const suggest = await server.client().get("/api/v1/catalog/suggest?q=okap");
    expect(suggest.data.episodes.map((e: { title: string }) => e.title)).toEqual(["Okapi stripes"]);
  });
});

describe("the app's database connections", () => {
  it("start every sequential scan at the table's first page, so a sampled search step answers the same each time", async () => {
    // Several at once, so more than one pooled connection answers.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.deps.db.execute(sql`select current_setting('synchronize_seqscans') as value, pg_sleep(0.05)`),
      ),
    );
    for (const result of settings) expect(result.rows[0]).toMatchObject({ value: "off" });
  });
});
