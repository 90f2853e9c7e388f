import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

/**
 * The reference for `npm run bench:api` (decision 034): a bare Hono + pg server, in its own process,
 * reading the same rows from the same PostgreSQL as each measured endpoint — with no auth, no
 * validation, no logging, no security headers, no compression. Each app endpoint is reported as a
 * ratio of its twin here.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Hono();

app.get("/health", async (c) => {
  await pool.query("select 1");
  return c.json({ status: "ok", database: "ok" });
});

// The episode row with its podcast (what the detail's first screen needs), chapters and people.
app.get("/episodes/:id", async (c) => {
  const { rows } = await pool.query(
    `select e.id, e.title, e.summary, e.insights, e.key_insights, e.topics, e.audio_url, e.youtube_url,
       e.image_url, e.duration, e.pub_date, e.published_at, e.quiz_status, e.show_notes,
       json_build_object('id', p.id, 'name', p.name, 'coverUrl', p.cover_url) as podcast,
       (select coalesce(json_agg(json_build_object('startTime', ch.start_time, 'title', ch.title) order by ch.start_time), '[]')
          from episode_chapters ch where ch.episode_id = e.id) as chapters,
       (select coalesce(json_agg(g.*), '[]') from episode_guests eg join guests g on g.id = eg.guest_id
          where eg.episode_id = e.id) as guests
     from episodes e join podcasts p on p.id = e.podcast_id where e.id = $1`,
    [c.req.param("id")],
  );
  if (!rows[0]) return c.json({ error: "not found" }, 404);
  return c.json(rows[0]);
});

// The home page's recent episodes.
app.get("/home", async (c) => {
  const { rows } = await pool.query(
    `select e.id, e.title, e.summary, e.image_url, e.duration, e.pub_date, p.id as podcast_id, p.name as podcast_name
     from episodes e join podcasts p on p.id = e.podcast_id order by e.pub_date desc limit 12`,
  );
  return c.json({ episodes: rows });
});

// Full-text search over the episodes (the app's search adds ranking, filters and paging).
app.get("/search", async (c) => {
  const { rows } = await pool.query(
    `select e.id, e.title, e.summary, e.pub_date from episodes e
     where to_tsvector('english', e.title || ' ' || coalesce(e.summary, '')) @@ websearch_to_tsquery('english', $1)
     order by e.pub_date desc limit 24`,
    [c.req.query("q") ?? ""],
  );
  return c.json({ episodes: rows });
});

// A document of the OpenAPI document's size, serialised once (what any static JSON costs to send).
let document: string | null = null;
app.get("/openapi.json", async (c) => {
  document ??= await (await fetch(String(process.env.DOCUMENT_URL))).text();
  return c.body(document, 200, { "content-type": "application/json" });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, () => {
  process.stdout.write("reference ready\n");
});
process.on("SIGTERM", () => void pool.end().then(() => process.exit(0)));
