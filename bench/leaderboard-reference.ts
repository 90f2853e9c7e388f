import { serve } from "@hono/node-server";
import { Hono } from "hono";
import pg from "pg";

/**
 * The reference for `npm run bench:leaderboard`: a bare Hono + pg server, in its own process, that
 * answers one trivial query on the same data (a profile by primary key) with no auth, no validation,
 * no logging. The leaderboard's latency is reported as a multiple of this one.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = new Hono();
app.get("/reference/:userId", async (c) => {
  const { rows } = await pool.query("select user_id, xp from profiles where user_id = $1", [
    c.req.param("userId"),
  ]);
  return c.json({ profile: rows[0] ?? null });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, () => {
  process.stdout.write("reference ready\n");
});
process.on("SIGTERM", () => void pool.end().then(() => process.exit(0)));
