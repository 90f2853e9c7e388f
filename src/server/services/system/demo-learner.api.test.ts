import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server.ts";
import { seedDemoLearnerActivity } from "./demo-learner.ts";

let server: TestServer;
const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  const podcast = await query(
    "insert into podcasts (name, source_type) values ('Demo Show', 'manual') returning id",
  );
  for (const [index, title] of ["One", "Two", "Three", "Four", "No quiz"].entries()) {
    const { rows } = await query(
      `insert into episodes (podcast_id, title, summary, audio_url, duration, pub_date, ready)
       values ($1, $2, 'About it', '/demo/a.mp3', 1200, now() - make_interval(days => $3), true) returning id`,
      [podcast.rows[0].id, title, 10 - index],
    );
    if (title === "No quiz") continue;
    await query(
      `insert into questions (episode_id, stem, choices, answer, timecode)
       select $1, 'Question ' || n || '?', array['Right ' || n, 'Wrong ' || n], 'Right ' || n, n * 30
       from generate_series(1, 8) n`,
      [rows[0].id],
    );
  }
});
afterAll(() => server.stop());

describe("the demo learner's first session", () => {
  it("creates history through the app's own rules, once", async () => {
    const learner = await server.signUp();
    expect(await seedDemoLearnerActivity(server.deps, learner.user.email)).toBe(true);

    const stats = await learner.get("/api/v1/me/stats");
    expect(stats.status).toBe(200);
    expect(stats.data.xp).toBeGreaterThan(0);
    expect(stats.data.streak).toBe(1);

    const { rows: answers } = await query(
      "select count(*)::int as total, count(*) filter (where is_correct)::int as correct from user_answers where user_id = $1",
      [learner.user.id],
    );
    expect(answers[0]).toEqual({ total: 8, correct: 6 });
    const due = await learner.get("/api/v1/me/review/cards");
    expect(due.data.cards).toHaveLength(2);

    const counts = await query(
      `select (select count(*)::int from user_bookmarks where user_id = $1) as bookmarks,
              (select count(*)::int from podcast_subscriptions where user_id = $1) as follows,
              (select count(*)::int from play_history where user_id = $1) as plays,
              (select count(*)::int from user_lists where user_id = $1 and is_public) as public_lists`,
      [learner.user.id],
    );
    expect(counts.rows[0]).toEqual({ bookmarks: 2, follows: 1, plays: 2, public_lists: 1 });

    // A restart finds the history and adds nothing.
    expect(await seedDemoLearnerActivity(server.deps, learner.user.email)).toBe(false);
    const again = await query("select count(*)::int as n from user_answers where user_id = $1", [
      learner.user.id,
    ]);
    expect(again.rows[0].n).toBe(8);
  });

  it("does nothing for an unknown e-mail", async () => {
    expect(await seedDemoLearnerActivity(server.deps, "nobody@earmark.demo")).toBe(false);
  });
});
