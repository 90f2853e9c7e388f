import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFeed, startFeedServer } from "../../../tests/support/feed-server.ts";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import {
  ADMIN_ROLE_LOCK_NAME,
  LAST_ADMIN_MESSAGE,
  NO_LONGER_ADMIN_MESSAGE,
} from "../services/admin/roles.ts";

/**
 * The admin lab over a real database (spec 3 §2 Admin lab, §4, §6, §7): jobs and their state, the
 * overview, deleting an episode, mind-map status, users and roles with the last-admin guard and the
 * audit log, the feed check before queueing, and the lab's automatic ingestion. (Every admin route's
 * 401 and 403 is checked for all operations by app.api.test.ts; the new ones are named here too.)
 */

let server: TestServer;
let admin: SignedInClient;
let learner: SignedInClient;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  feeds = await startFeedServer({
    "/lab.xml": {
      contentType: "application/rss+xml",
      body: buildFeed({
        title: "Lab Radio",
        episodes: [{ guid: "lab-1", title: "First lab episode", audio: "/a1.mp3" }],
      }),
    },
    "/page.html": { contentType: "text/html", body: "<!doctype html><title>Not a feed</title><p>Hello" },
  });
  server = await startTestServer({ INGEST_ALLOWED_ADDRESSES: "127.0.0.1", INGEST_FEEDS: "" });
  [admin, learner] = await Promise.all([server.signUp({ role: "admin" }), server.signUp()]);
});
afterAll(async () => {
  await server.stop();
  await feeds.stop();
});

async function waitForJob(queue: string, id: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await admin.get(`/api/v1/admin/jobs/${queue}/${id}`);
    if (["completed", "failed"].includes(response.data.state)) return response.data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("job did not finish");
}

describe("background jobs", () => {
  it("queues a job, runs it in-process and reports its state and result", async () => {
    await server.deps.db.$client.query(
      "insert into rate_limits (key, count, window_start) values ('old', 3, now() - interval '2 days'), ('fresh', 1, now())",
    );
    await server.deps.db.$client.query(
      "insert into billing_events (id, type, processed_at) values ('evt_old', 'invoice.paid', now() - interval '31 days'), ('evt_new', 'invoice.paid', now())",
    );
    const queued = await admin.post("/api/v1/admin/jobs/maintenance.cleanup");
    expect(queued.status).toBe(202);
    expect(queued.data.queue).toBe("maintenance.cleanup");

    const job = await waitForJob("maintenance.cleanup", queued.data.jobId);
    expect(job.state).toBe("completed");
    expect(job.output).toMatchObject({ rateLimitsDeleted: 1, billingEventsDeleted: 1 });
    const { rows } = await server.deps.db.$client.query("select key from rate_limits order by key");
    expect(rows.map((row) => row.key)).toEqual(["fresh"]);
    const events = await server.deps.db.$client.query("select id from billing_events");
    expect(events.rows.map((row) => row.id)).toEqual(["evt_new"]);
  });

  it("answers 404 for an unknown queue or job", async () => {
    expect((await admin.post("/api/v1/admin/jobs/no.such.queue")).status).toBe(404);
    const missing = await admin.get(
      "/api/v1/admin/jobs/maintenance.cleanup/00000000-0000-4000-8000-000000000000",
    );
    expect(missing.status).toBe(404);
    expect(missing.data.error.message).toBe("There is no such job.");
  });

  it("rejects a job id that is not a uuid with 400", async () => {
    const response = await admin.get("/api/v1/admin/jobs/maintenance.cleanup/not-a-uuid");
    expect(response.status).toBe(400);
  });
});

const NEW_ROUTES: [method: string, path: string][] = [
  ["GET", "/api/v1/admin/overview"],
  ["DELETE", "/api/v1/admin/episodes/00000000-0000-4000-8000-000000000000"],
  ["GET", "/api/v1/admin/mindmaps/status"],
  ["GET", "/api/v1/admin/users"],
  ["PUT", "/api/v1/admin/users/00000000-0000-4000-8000-000000000000/roles/admin"],
  ["DELETE", "/api/v1/admin/users/00000000-0000-4000-8000-000000000000/roles/premium"],
  ["GET", "/api/v1/admin/role-audit"],
  ["POST", "/api/v1/admin/catalog/auto-ingest/visit"],
  ["POST", "/api/v1/admin/learning/generate-mindmap"],
];

describe("access to the lab's routes", () => {
  it("answers 401 to anonymous callers and 403 to learners", async () => {
    for (const [method, path] of NEW_ROUTES) {
      const json = method === "POST" ? { json: {} } : {};
      expect((await server.client().request(method, path, json)).status, `${method} ${path}`).toBe(401);
      const refused = await learner.request(method, path, json);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.data.error.message).toBe("You need admin privileges to do this.");
    }
  });
});

async function createPodcast(name: string) {
  const { rows } = await query(
    "insert into podcasts (name, source_type) values ($1, 'manual') returning id",
    [name],
  );
  return rows[0].id as string;
}

async function createEpisode(podcastId: string, title: string, isReady = true) {
  const { rows } = await query(
    `insert into episodes (podcast_id, title, summary, audio_url) values ($1, $2, $3, '/demo/audio/x.mp3')
     returning id`,
    [podcastId, title, isReady ? "About it" : null],
  );
  return rows[0].id as string;
}

/** An episode with everything a learner can hang on it: questions, an answer, a card, a map, a chat, a bookmark. */
async function createUsedEpisode(podcastId: string, userId: string) {
  const episodeId = await createEpisode(podcastId, "Used episode");
  const question = await query(
    "insert into questions (episode_id, stem, choices, answer) values ($1, 'Q?', '{a,b}', 'a') returning id",
    [episodeId],
  );
  const questionId = question.rows[0].id;
  await query(
    "insert into user_answers (user_id, question_id, is_correct, confidence, time_ms) values ($1, $2, true, 3, 1000)",
    [userId, questionId],
  );
  await query("insert into spaced_cards (user_id, question_id) values ($1, $2)", [userId, questionId]);
  await query(
    `insert into episode_mindmaps (episode_id, mindmap_data) values ($1, '{"nodes": [{"id": "a", "title": "A"}]}')`,
    [episodeId],
  );
  await query(
    "insert into episode_chats (user_id, episode_id, question, answer) values ($1, $2, 'Why?', 'Because.')",
    [userId, episodeId],
  );
  await query("insert into user_bookmarks (user_id, episode_id) values ($1, $2)", [userId, episodeId]);
  return { episodeId, questionId };
}

async function countBelonging(episodeId: string, questionId: string) {
  const { rows } = await query(
    `select
       (select count(*)::int from episodes where id = $1) as episodes,
       (select count(*)::int from questions where episode_id = $1) as questions,
       (select count(*)::int from user_answers where question_id = $2) as answers,
       (select count(*)::int from spaced_cards where question_id = $2) as cards,
       (select count(*)::int from episode_mindmaps where episode_id = $1) as mindmaps,
       (select count(*)::int from episode_chats where episode_id = $1) as chats,
       (select count(*)::int from user_bookmarks where episode_id = $1) as bookmarks`,
    [episodeId, questionId],
  );
  return rows[0];
}

describe("GET /admin/overview", () => {
  it("counts the catalog and lists the 20 newest episodes with their state", async () => {
    const podcastId = await createPodcast("Overview FM");
    const pending = await createEpisode(podcastId, "Pending one", false);
    for (let index = 0; index < 21; index++) await createEpisode(podcastId, `Ready ${index}`);
    const newest = await createEpisode(podcastId, "Newest");
    const response = await admin.get("/api/v1/admin/overview");
    expect(response.status, response.text).toBe(200);
    const { counts, recentEpisodes } = response.data;
    expect(counts.episodes).toBeGreaterThanOrEqual(23);
    expect(counts.episodesReady + counts.episodesPending).toBe(counts.episodes);
    expect(counts.podcasts).toBeGreaterThanOrEqual(1);
    expect(counts.users).toBeGreaterThanOrEqual(2);
    expect(recentEpisodes).toHaveLength(20);
    expect(recentEpisodes[0]).toMatchObject({
      id: newest,
      title: "Newest",
      podcastName: "Overview FM",
      ready: true,
    });
    expect(recentEpisodes.map((e: { id: string }) => e.id)).not.toContain(pending);
  });
});

describe("DELETE /admin/episodes/{id}", () => {
  it("removes the episode with its questions, answers, cards, mind map, chats and bookmarks", async () => {
    const podcastId = await createPodcast("Delete FM");
    const { episodeId, questionId } = await createUsedEpisode(podcastId, learner.user.id);
    const keep = await createUsedEpisode(podcastId, learner.user.id);
    const response = await admin.request("DELETE", `/api/v1/admin/episodes/${episodeId}`);
    expect(response.status, response.text).toBe(204);
    expect(await countBelonging(episodeId, questionId)).toEqual({
      episodes: 0,
      questions: 0,
      answers: 0,
      cards: 0,
      mindmaps: 0,
      chats: 0,
      bookmarks: 0,
    });
    // The other episode and the learner are untouched.
    expect(await countBelonging(keep.episodeId, keep.questionId)).toMatchObject({ episodes: 1, chats: 1 });
    const again = await admin.request("DELETE", `/api/v1/admin/episodes/${episodeId}`);
    expect(again.status).toBe(404);
  });

  it("is atomic: when one part of the delete fails, nothing is deleted", async () => {
    const podcastId = await createPodcast("Atomic FM");
    const { episodeId, questionId } = await createUsedEpisode(podcastId, learner.user.id);
    const before = await countBelonging(episodeId, questionId);
    // A trigger that fails the cascade half-way, on the chats of this episode only.
    await query(`create or replace function fail_chat_delete() returns trigger language plpgsql as $$
      begin
        if old.episode_id = '${episodeId}' then raise exception 'chat delete refused'; end if;
        return old;
      end $$`);
    await query(
      "create trigger fail_chat_delete before delete on episode_chats for each row execute function fail_chat_delete()",
    );
    try {
      const response = await admin.request("DELETE", `/api/v1/admin/episodes/${episodeId}`);
      expect(response.status).toBe(500);
      expect(response.data.error.message).toBe("Failed to delete episode");
      expect(await countBelonging(episodeId, questionId)).toEqual(before);
    } finally {
      await query("drop trigger fail_chat_delete on episode_chats");
    }
  });
});

describe("GET /admin/mindmaps/status", () => {
  it("lists episodes newest first with Ready or Missing, pages through them and filters the missing", async () => {
    const podcastId = await createPodcast("Maps FM");
    const { episodeId: withMap } = await createUsedEpisode(podcastId, learner.user.id);
    // More than a page of 50, published a day ago, so the newest episode below comes first.
    await query(
      `insert into episodes (podcast_id, title, pub_date)
       select $1, 'Filler ' || n, now() - interval '1 day' from generate_series(1, 55) n`,
      [podcastId],
    );
    const without = await createEpisode(podcastId, "No map yet");
    const seen = new Map<string, boolean>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: {
        status: number;
        data: {
          items: { id: string; hasMindmap: boolean }[];
          nextCursor: string | null;
          total: number;
          missing: number;
        };
      } = await admin.get(`/api/v1/admin/mindmaps/status${cursor ? `?cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      for (const item of page.data.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.set(item.id, item.hasMindmap);
      }
      expect(page.data.total).toBe(
        Number((await query("select count(*)::int as n from episodes")).rows[0].n),
      );
      cursor = page.data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(seen.size).toBe(Number((await query("select count(*)::int as n from episodes")).rows[0].n));
    expect(seen.get(withMap)).toBe(true);
    expect(seen.get(without)).toBe(false);

    const missing = await admin.get("/api/v1/admin/mindmaps/status?show=missing");
    expect(missing.data.items.every((item: { hasMindmap: boolean }) => !item.hasMindmap)).toBe(true);
    expect(missing.data.items[0].id).toBe(without);
  });
});

describe("users and roles", () => {
  it("lists users newest first with roles, pages and searches by name, handle or the whole e-mail", async () => {
    const named = await server.signUp({ name: "Zelda Quinterro" });
    await query("update profiles set handle = 'zq_handle' where user_id = $1", [named.user.id]);
    const first = await admin.get("/api/v1/admin/users");
    expect(first.status).toBe(200);
    expect(first.data.items[0]).toMatchObject({ userId: named.user.id, name: "Zelda Quinterro", roles: [] });
    const me = first.data.items.find((u: { userId: string }) => u.userId === admin.user.id);
    expect(me.roles).toEqual(["admin"]);

    for (const q of ["quinter", "ZQ_HAND", named.user.email.toUpperCase()]) {
      const found = await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(q)}`);
      expect(
        found.data.items.map((u: { userId: string }) => u.userId),
        q,
      ).toEqual([named.user.id]);
    }
    // Part of an e-mail finds nobody: addresses are not searchable by fragment.
    const partial = await admin.get(
      `/api/v1/admin/users?q=${encodeURIComponent(named.user.email.slice(0, 6))}`,
    );
    expect(partial.data.items).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await admin.get("/api/v1/admin/users?q=%25")).data.items).toEqual([]);
  });

  it("pages through every user exactly once", async () => {
    for (let index = 0; index < 21; index++) await server.signUp({ name: `Pager ${index}` });
    const total = Number((await query("select count(*)::int as n from users")).rows[0].n);
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: { data: { items: { userId: string }[]; nextCursor: string | null } } = await admin.get(
        `/api/v1/admin/users${cursor ? `?cursor=${cursor}` : ""}`,
      );
      expect(page.data.items.length).toBeLessThanOrEqual(20);
      for (const user of page.data.items) seen.add(user.userId);
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(total);
    expect((await admin.get("/api/v1/admin/users?cursor=nonsense")).status).toBe(400);
  });

  it("grants and revokes admin and premium, logs each change once, and refuses an unknown user or role", async () => {
    const target = await server.signUp({ name: "Grace Target" });
    const roles = `/api/v1/admin/users/${target.user.id}/roles`;
    const granted = await admin.request("PUT", `${roles}/premium`);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.data).toMatchObject({
      isChanged: true,
      user: { userId: target.user.id, roles: ["premium"] },
    });
    expect((await admin.request("PUT", `${roles}/premium`)).data.isChanged).toBe(false);
    expect((await admin.request("PUT", `${roles}/admin`)).data.user.roles).toEqual(["admin", "premium"]);
    // The new admin can use the lab at once.
    expect((await target.get("/api/v1/admin/overview")).status).toBe(200);
    expect((await admin.request("DELETE", `${roles}/admin`)).data.user.roles).toEqual(["premium"]);
    expect((await target.get("/api/v1/admin/overview")).status).toBe(403);
    expect((await admin.request("DELETE", `${roles}/premium`)).data.user.roles).toEqual([]);

    expect((await admin.request("PUT", `${roles}/owner`)).status).toBe(400);
    const missing = await admin.request(
      "PUT",
      "/api/v1/admin/users/00000000-0000-4000-8000-000000000000/roles/premium",
    );
    expect(missing.status).toBe(404);

    const audit = await admin.get("/api/v1/admin/role-audit");
    expect(audit.status).toBe(200);
    const mine = audit.data.items.filter(
      (entry: { target: { userId: string } }) => entry.target.userId === target.user.id,
    );
    expect(mine.map((entry: { action: string; role: string }) => `${entry.action} ${entry.role}`)).toEqual([
      "revoke premium",
      "revoke admin",
      "grant admin",
      "grant premium",
    ]);
    expect(mine[0]).toMatchObject({
      actor: { userId: admin.user.id, name: "Test User" },
      target: { userId: target.user.id, name: "Grace Target" },
    });
    expect(Date.parse(mine[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses the change of an admin whose role was revoked while the change waited", async () => {
    const lab = await startTestServer({ INGEST_FEEDS: "" });
    const holder = new pg.Client(lab.deps.db.$client.options);
    try {
      const [ada, bob, cyd] = await Promise.all([
        lab.signUp({ role: "admin" }),
        lab.signUp({ role: "admin" }),
        lab.signUp({ role: "admin" }),
      ]);
      const revoke = (by: SignedInClient, whom: SignedInClient) =>
        by.request("DELETE", `/api/v1/admin/users/${whom.user.id}/roles/admin`);
      await holder.connect();
      const waiters = () => roleLockWaiters(holder);
      // Ada's revocation of Bob queues first, then Bob's of Cyd; the lock is granted in that order.
      await holder.query("select pg_advisory_lock(hashtext($1))", [ADMIN_ROLE_LOCK_NAME]);
      const adaRevokesBob = revoke(ada, bob);
      await expect.poll(waiters, { timeout: 20_000, interval: 50 }).toBe(1);
      const bobRevokesCyd = revoke(bob, cyd);
      await expect.poll(waiters, { timeout: 20_000, interval: 50 }).toBe(2);
      await holder.query("select pg_advisory_unlock(hashtext($1))", [ADMIN_ROLE_LOCK_NAME]);
      expect((await adaRevokesBob).status).toBe(200);
      const refused = await bobRevokesCyd;
      expect(refused.status).toBe(403);
      expect(refused.data.error).toEqual({ code: "FORBIDDEN", message: NO_LONGER_ADMIN_MESSAGE });
      const { rows } = await lab.deps.db.$client.query(
        "select user_id from user_roles where role = 'admin' and user_id = $1",
        [cyd.user.id],
      );
      expect(rows).toHaveLength(1);
    } finally {
      await holder.end().catch(() => {});
      await lab.stop();
    }
  });

  it("never revokes the last admin, even when two admins revoke each other at once", async () => {
    const lab = await startTestServer({ INGEST_FEEDS: "" });
    try {
      const [ada, bob] = await Promise.all([lab.signUp({ role: "admin" }), lab.signUp({ role: "admin" })]);
      const revoke = (by: SignedInClient, whom: SignedInClient) =>
        by.request("DELETE", `/api/v1/admin/users/${whom.user.id}/roles/admin`);
      // "At once" is made certain: the test holds the role-change lock until both requests, past
      // their admin check, wait for it. Sent merely together, the second could arrive after the
      // first committed and get 403 (no longer an admin) under load, never reaching the guard.
      const holder = new pg.Client(lab.deps.db.$client.options);
      await holder.connect();
      let results: Awaited<ReturnType<typeof revoke>>[];
      try {
        await holder.query("select pg_advisory_lock(hashtext($1))", [ADMIN_ROLE_LOCK_NAME]);
        const pending = Promise.all([revoke(ada, bob), revoke(bob, ada)]);
        const waiting = () => roleLockWaiters(holder);
        await expect.poll(waiting, { timeout: 20_000, interval: 50 }).toBe(2);
        await holder.query("select pg_advisory_unlock(hashtext($1))", [ADMIN_ROLE_LOCK_NAME]);
        results = await pending;
      } finally {
        await holder.end();
      }
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = results.find((r) => r.status === 409);
      expect(refused?.data.error.message).toBe(LAST_ADMIN_MESSAGE);
      const admins = await lab.deps.db.$client.query(
        "select count(*)::int as n from user_roles where role = 'admin'",
      );
      expect(admins.rows[0].n).toBe(1);
      const audit = await lab.deps.db.$client.query("select count(*)::int as n from role_audit_log");
      expect(audit.rows[0].n).toBe(1);
      // The one left cannot revoke themselves either.
      // revoke(ada, bob) succeeded: Ada is the admin left, and the other way round.
      const survivor = results[0]?.status === 200 ? ada : bob;
      const self = await revoke(survivor, survivor);
      expect(self.status).toBe(409);
    } finally {
      await lab.stop();
    }
  });
});

describe("POST /admin/catalog/ingest-feed", () => {
  it("refuses a private network address at once with 422 and the reason, and queues nothing", async () => {
    for (const feedUrl of ["http://10.1.2.3/feed.xml", "http://169.254.169.254/latest/meta-data"]) {
      const response = await admin.post("/api/v1/admin/catalog/ingest-feed", { feedUrl });
      expect(response.status, feedUrl).toBe(422);
      expect(response.data.error.message).toMatch(/private network address/);
    }
  });

  it("refuses an address that is not a feed with 422 and the reason", async () => {
    const response = await admin.post("/api/v1/admin/catalog/ingest-feed", {
      feedUrl: feeds.url("/page.html"),
    });
    expect(response.status).toBe(422);
    expect(response.data.error.message.length).toBeGreaterThan(5);
    const missing = await admin.post("/api/v1/admin/catalog/ingest-feed", {
      feedUrl: feeds.url("/gone.xml"),
    });
    expect(missing.status).toBe(422);
  });

  it("queues a good feed, and the Podcasts stats show its last sync", async () => {
    const queued = await admin.post("/api/v1/admin/catalog/ingest-feed", { feedUrl: feeds.url("/lab.xml") });
    expect(queued.status, queued.text).toBe(202);
    const job = await waitForJob("catalog.ingest-feed", queued.data.jobId);
    expect(job.state).toBe("completed");
    expect(job.output).toMatchObject({ inserted: 1 });
    const stats = await admin.get("/api/v1/admin/catalog/podcast-stats");
    const lab = stats.data.stats.find((s: { name: string }) => s.name === "Lab Radio");
    expect(lab).toMatchObject({ total: 1, last_sync_inserted: 1, last_sync_error: null, source_type: "rss" });
    expect(Date.parse(lab.last_sync_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("shows a failed job's reason without a stack trace", async () => {
    const queued = await admin.post("/api/v1/admin/catalog/ingest-feed", {
      podcastId: "00000000-0000-4000-8000-000000000000",
    });
    expect(queued.status).toBe(202);
    const job = await waitForJob("catalog.ingest-feed", queued.data.jobId);
    expect(job.state).toBe("failed");
    expect(job.output).toEqual({ message: "There is no such podcast." });
    expect(JSON.stringify(job)).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

describe("POST /admin/catalog/auto-ingest/visit", () => {
  it("runs once, joins a run under way, then skips while the last run is less than an hour old", async () => {
    const [a, b] = await Promise.all([
      admin.post("/api/v1/admin/catalog/auto-ingest/visit"),
      admin.post("/api/v1/admin/catalog/auto-ingest/visit"),
    ]);
    expect([a.data.status, b.data.status].sort()).toEqual(["queued", "running"]);
    expect(a.data.job.jobId).toBe(b.data.job.jobId);
    const job = await waitForJob("catalog.auto-ingest", a.data.job.jobId);
    expect(job.state).toBe("completed");
    const later = await admin.post("/api/v1/admin/catalog/auto-ingest/visit");
    expect(later.data).toEqual({
      status: "skipped",
      job: null,
      lastFinishedAt: job.completedOn,
      configuredFeeds: server.deps.config.ingestFeeds,
    });
    // An hour later it runs again.
    await query(
      "update pgboss.job set completed_on = now() - interval '61 minutes' where name = 'catalog.auto-ingest'",
    );
    await query(
      "update pgboss.archive set completed_on = now() - interval '61 minutes' where name = 'catalog.auto-ingest'",
    );
    const hourLater = await admin.post("/api/v1/admin/catalog/auto-ingest/visit");
    expect(hourLater.data.status).toBe("queued");
    await waitForJob("catalog.auto-ingest", hourLater.data.job.jobId);
  });
});

describe("GET /admin/mindmaps/analytics with no sessions", () => {
  it("answers zero sessions and a tie", async () => {
    await query("delete from mindmap_analytics");
    const response = await admin.get("/api/v1/admin/mindmaps/analytics");
    expect(response.status).toBe(200);
    expect(response.data.winner).toBe("tie");
    expect(response.data.views.every((view: { sessions: number }) => view.sessions === 0)).toBe(true);
  });
});

/** How many sessions wait for the role-change lock (its low 32 bits are the advisory lock's objid). */
async function roleLockWaiters(holder: pg.Client): Promise<number> {
  const { rows } = await holder.query<{ n: number }>(
    `select count(*)::int as n from pg_locks
     where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())
       and objid = (hashtext($1)::bigint & 4294967295)::oid`,
    [ADMIN_ROLE_LOCK_NAME],
  );
  return rows[0]?.n ?? 0;
}
