import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

/**
 * The reference for `npm run bench:search` (decision 040): a bare Hono + pg server, in its own
 * process, on the same PostgreSQL, doing one indexed lookup per request — an episode's card by its
 * primary key, with its podcast's name — with no validation, ranking, logging or middleware. It is
 * the floor of any request that reads this database on this machine at this moment, so each search
 * and dropdown figure is printed as a ratio to it.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Hono();

app.get("/health", async (c) => {
  await pool.query("select 1");
  return c.json({ status: "ok" });
});

app.get("/card/:id", async (c) => {
  const { rows } = await pool.query({
    name: "reference_card",
    text: `select e.id, e.title, e.summary, e.image_url, e.pub_date, p.name as podcast_name
           from episodes e join podcasts p on p.id = e.podcast_id where e.id = $1`,
    values: [c.req.param("id")],
  });
  return c.json({ episodes: rows });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, () => {
  process.stdout.write("reference ready\n");
});
process.on("SIGTERM", () => void pool.end().then(() => process.exit(0)));
