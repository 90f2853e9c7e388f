import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { weekStart } from "../../domain/calendar.ts";
import { getAllTimePosition, getWeeklyLeaderboard } from "../services/leaderboard/leaderboard.ts";

let server: TestServer;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
});
afterAll(() => server.stop());

/** `count` users (the trigger gives each a profile) named `${prefix} n`; returns their ids in order. */
async function seedUsers(prefix: string, count: number): Promise<string[]> {
  const { rows } = await query(
    `insert into users (name, email)
     select $1 || ' ' || n, lower($1) || n || '-' || md5(random()::text) || '@example.com'
     from generate_series(1, $2::int) n order by n returning id`,
    [prefix, count],
  );
  return rows.map((row) => row.id as string);
}

async function setXp(userIds: string[], xps: number[]) {
  await query(
    `update profiles p set xp = v.xp from unnest($1::uuid[], $2::int[]) v(user_id, xp) where p.user_id = v.user_id`,
    [userIds, xps],
  );
}

type Standing = { userId: string; xp: number; rank: number };

/** The whole order computed the slow way: xp desc, user id asc; rank = 1 + players with more XP. */
async function bruteForceAllTime(): Promise<Standing[]> {
  const { rows } = await query("select user_id, xp from profiles");
  const players = rows.map((row) => ({ userId: row.user_id as string, xp: Number(row.xp) }));
  players.sort((a, b) => b.xp - a.xp || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return players.map((p) => ({ ...p, rank: 1 + players.filter((o) => o.xp > p.xp).length }));
}

async function expectAllTimeMatchesBruteForce(viewer: SignedInClient) {
  const expected = await bruteForceAllTime();
  const response = await viewer.get("/api/v1/leaderboard/all-time");
  expect(response.status, response.text).toBe(200);
  const players = response.data.players as Standing[];
  expect(players.map(({ userId, xp, rank }) => ({ userId, xp, rank }))).toEqual(expected.slice(0, 100));
  const mine = expected.find((s) => s.userId === viewer.user.id);
  expect(response.data.you).toMatchObject({ userId: viewer.user.id, rank: mine?.rank, xp: mine?.xp });
  for (const standing of expected) {
    const position = await getAllTimePosition(server.deps, standing.userId);
    expect(position?.rank, `rank of ${standing.userId} (xp ${standing.xp})`).toBe(standing.rank);
  }
}

describe("leaderboard access", () => {
  it("needs sign-in for the rankings and the player search, and says so", async () => {
    const visitor = server.client();
    for (const path of [
      "/api/v1/leaderboard/all-time",
      "/api/v1/leaderboard/week",
      "/api/v1/leaderboard/friends",
      "/api/v1/leaderboard/players?q=abc",
    ]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(401);
      expect(response.data.error.code).toBe("UNAUTHENTICATED");
    }
  });
});

describe("all-time", () => {
  it("orders by XP then user id, ranks ties together, and gives every player their true rank", async () => {
    const viewer = await server.signUp({ name: "Viewer" });
    const ids = await seedUsers("Rank", 300);
    // Many ties: 40 distinct XP values over 300 players, some left at 0.
    await setXp(
      ids,
      ids.map((_, i) => (i % 7 === 0 ? 0 : (i % 40) * 25)),
    );
    await setXp([viewer.user.id], [125]);
    await expectAllTimeMatchesBruteForce(viewer);

    // The per-XP counts follow later awards, bulk changes and deleted accounts.
    await setXp(
      ids.slice(0, 50),
      ids.slice(0, 50).map((_, i) => 2000 + (i % 3)),
    );
    await query("update profiles set xp = xp + 5 where user_id = any($1::uuid[])", [ids.slice(100, 130)]);
    await query("delete from users where id = any($1::uuid[])", [ids.slice(200, 260)]);
    await setXp([viewer.user.id], [0]);
    await expectAllTimeMatchesBruteForce(viewer);
  });

  it("shows the viewer's rank even far outside the top 100", async () => {
    const viewer = await server.signUp({ name: "Latecomer" });
    const response = await viewer.get("/api/v1/leaderboard/all-time");
    expect(response.status).toBe(200);
    const { rows } = await query("select count(*)::int as ahead from profiles where xp > 0");
    expect(response.data.you.rank).toBe(rows[0].ahead + 1);
    expect(response.data.you.rank).toBeGreaterThan(100);
    expect(response.data.players).toHaveLength(100);
  });
});

describe("this week", () => {
  async function addEntry(userId: string, week: string, score: number, quizzes = 1, accuracy = 80) {
    await query(
      `insert into leaderboard_entries (user_id, type, week_start, score, quizzes_completed, average_accuracy)
       values ($1, 'weekly', $2::date, $3, $4, $5)`,
      [userId, week, score, quizzes, accuracy],
    );
  }

  it("uses the viewer's own Sunday in their time zone", async () => {
    const viewer = await server.signUp({ name: "Auckland" });
    await query("update profiles set time_zone = 'Pacific/Auckland' where user_id = $1", [viewer.user.id]);
    const [friday, sunday] = await seedUsers("Week", 2);
    // Saturday 23:30 UTC is already Sunday morning in Auckland: a new week there, not in UTC.
    const now = new Date("2026-11-28T23:30:00Z");
    await addEntry(friday as string, "2026-11-22", 90);
    await addEntry(sunday as string, "2026-11-29", 40);
    await addEntry(viewer.user.id, "2026-11-29", 10);

    const board = await getWeeklyLeaderboard(server.deps, viewer.user.id, now);
    expect(board.weekStart).toBe("2026-11-29");
    expect(board.players.map((p) => p.userId)).toEqual([sunday, viewer.user.id]);
    expect(board.you).toMatchObject({ rank: 2, score: 10 });

    await query("update profiles set time_zone = 'UTC' where user_id = $1", [viewer.user.id]);
    const utcBoard = await getWeeklyLeaderboard(server.deps, viewer.user.id, now);
    expect(utcBoard.weekStart).toBe("2026-11-22");
    expect(utcBoard.players.map((p) => p.userId)).toEqual([friday]);
    expect(utcBoard.you).toBeNull();
  });

  it("lists the top 100 by score with tied ranks, and the viewer's true rank below them", async () => {
    const viewer = await server.signUp({ name: "Weekly Viewer" });
    await query("update profiles set time_zone = 'America/Los_Angeles' where user_id = $1", [viewer.user.id]);
    const week = weekStart(new Date(), "America/Los_Angeles");
    const ids = await seedUsers("Weekly", 150);
    for (const [i, id] of ids.entries()) await addEntry(id, week, 100 + (i % 30) * 10, 2, 75.4);
    await addEntry(viewer.user.id, week, 100);
    // Last week's score does not count.
    await addEntry(
      viewer.user.id,
      weekStart(new Date(Date.now() - 8 * 86_400_000), "America/Los_Angeles"),
      9999,
    );

    const response = await viewer.get("/api/v1/leaderboard/week");
    expect(response.status, response.text).toBe(200);
    expect(response.data.weekStart).toBe(week);
    const { rows } = await query(
      "select user_id, score from leaderboard_entries where week_start = $1::date order by score desc, user_id",
      [week],
    );
    const players = response.data.players as { userId: string; score: number; rank: number }[];
    expect(players).toHaveLength(100);
    expect(players.map((p) => p.userId)).toEqual(rows.slice(0, 100).map((r) => r.user_id));
    for (const player of players)
      expect(player.rank).toBe(1 + rows.filter((r) => r.score > player.score).length);
    expect(players[0]).toMatchObject({ quizzesCompleted: 2, averageAccuracy: 75 });
    const ahead = rows.filter((r) => r.score > 100).length;
    expect(ahead).toBeGreaterThan(100);
    expect(response.data.you).toMatchObject({ userId: viewer.user.id, score: 100, rank: ahead + 1 });
  });
});

describe("friends", () => {
  it("lists only accepted friends (either direction) and you, ranked among yourselves", async () => {
    const viewer = await server.signUp({ name: "Circle" });
    const [friend, asker, invitedMe, stranger] = await seedUsers("Circle", 4);
    await setXp(
      [viewer.user.id, friend as string, asker as string, invitedMe as string, stranger as string],
      [50, 70, 900, 50, 999],
    );
    await query(
      `insert into user_follows (follower_id, following_id, status, accepted_at) values
        ($1, $2, 'accepted', now()), ($2, $1, 'accepted', now()),
        ($3, $1, 'pending', null),
        ($4, $1, 'accepted', now())`,
      [viewer.user.id, friend, asker, invitedMe],
    );
    const response = await viewer.get("/api/v1/leaderboard/friends");
    expect(response.status, response.text).toBe(200);
    const [tiedFirst, tiedSecond] = [viewer.user.id, invitedMe as string].sort();
    expect(response.data.players.map((p: Standing) => [p.userId, p.rank])).toEqual([
      [friend, 1],
      [tiedFirst, 2],
      [tiedSecond, 2],
    ]);

    const loner = await server.signUp({ name: "Loner" });
    const alone = await loner.get("/api/v1/leaderboard/friends");
    expect(alone.data.players.map((p: Standing) => p.userId)).toEqual([loner.user.id]);
  });
});

describe("player search", () => {
  it("matches name or handle case-insensitively, most XP first, at most 10", async () => {
    const viewer = await server.signUp({ name: "Searcher" });
    const [byName, byHandle, other] = await seedUsers("Quasar", 3);
    await query("update profiles set name = 'Zelda Quokka', xp = 10 where user_id = $1", [byName]);
    await query("update profiles set name = 'Someone', handle = 'the_quokka', xp = 20 where user_id = $1", [
      byHandle,
    ]);
    await query("update profiles set name = 'Nobody', xp = 30 where user_id = $1", [other]);

    const response = await viewer.get("/api/v1/leaderboard/players?q=QUOKKA");
    expect(response.status, response.text).toBe(200);
    expect(response.data.players.map((p: { userId: string }) => p.userId)).toEqual([byHandle, byName]);

    const many = await viewer.get("/api/v1/leaderboard/players?q=weekly");
    expect(many.data.players).toHaveLength(10);

    const wildcard = await viewer.get(`/api/v1/leaderboard/players?q=${encodeURIComponent("%_%")}`);
    expect(wildcard.status).toBe(200);
    expect(wildcard.data.players).toEqual([]);
  });

  it("asks for at least 3 characters", async () => {
    const viewer = await server.signUp({ name: "Short" });
    for (const q of ["ab", "  a  ", ""]) {
      const response = await viewer.get(`/api/v1/leaderboard/players?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(400);
      expect(response.data.error.message).toContain("at least 3 characters");
    }
    const missing = await viewer.get("/api/v1/leaderboard/players");
    expect(missing.status).toBe(400);
  });
});

describe("quizzes", () => {
  it("lists the 6 newest ready episodes whose quiz is complete, without sign-in", async () => {
    const { rows } = await query(
      "insert into podcasts (name, source_type) values ('Quiz Show', 'manual') returning id",
    );
    const podcastId = rows[0].id;
    const seed = async (title: string, daysAgo: number, quizStatus: string, isReady = true) => {
      const result = await query(
        `insert into episodes (podcast_id, title, summary, audio_url, quiz_status, pub_date)
         values ($1, $2, $3, '/a.mp3', $4, now() - make_interval(days => $5)) returning id`,
        [podcastId, title, isReady ? "About it" : null, quizStatus, daysAgo],
      );
      return result.rows[0].id as string;
    };
    const ready = [];
    for (let day = 1; day <= 8; day += 1) ready.push(await seed(`Quiz ${day}`, day, "complete"));
    await seed("Not ready", 0, "complete", false);
    await seed("Quiz still generating", 0, "generating");

    const response = await server.client().get("/api/v1/leaderboard/quizzes");
    expect(response.status, response.text).toBe(200);
    expect(response.data.episodes.map((e: { id: string }) => e.id)).toEqual(ready.slice(0, 6));
    expect(response.data.episodes[0]).toMatchObject({ title: "Quiz 1", podcast: { name: "Quiz Show" } });
  });
});
