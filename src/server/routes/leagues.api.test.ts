import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { weekStart } from "../../domain/calendar.ts";
import type {
  LeagueLeft,
  LeaguePage,
  LeagueSummary,
  LeagueView,
  MyLeagues,
} from "../../domain/contract/leagues.ts";

let server: TestServer;
let owner: SignedInClient;
let other: SignedInClient;
let third: SignedInClient;
let anonymous: ApiClient;

const MISSING = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  [owner, other, third] = await Promise.all([
    server.signUp({ name: "Owner Olive" }),
    server.signUp({ name: "Other Otto" }),
    server.signUp({ name: "Third Tess" }),
  ]);
  anonymous = server.client();
});
afterAll(() => server.stop());

async function createLeague(client: ApiClient, body: Record<string, unknown>): Promise<LeagueSummary> {
  const response = await client.post("/api/v1/leagues", body);
  expect(response.status, response.text).toBe(201);
  return response.data as LeagueSummary;
}

const join = (client: ApiClient, leagueId: string) => client.post(`/api/v1/leagues/${leagueId}/members`);
const leave = (client: ApiClient, leagueId: string) =>
  client.request("DELETE", `/api/v1/leagues/${leagueId}/members/me`);

async function memberCountInDatabase(leagueId: string): Promise<{ column: number; rows: number }> {
  const { rows } = await server.deps.db.$client.query(
    `select l.member_count as column, (select count(*)::int from league_members m where m.league_id = l.id) as rows
     from leagues l where l.id = $1`,
    [leagueId],
  );
  return { column: Number(rows[0].column), rows: Number(rows[0].rows) };
}

describe("creating a league", () => {
  it("refuses a blank name, a name over 50 and a description over 200 with messages a person understands", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "   " }, "name", "Please enter a league name"],
      [{ name: "x".repeat(51) }, "name", "League name must be at most 50 characters."],
      [
        { name: "Fine", description: "d".repeat(201) },
        "description",
        "Description must be at most 200 characters.",
      ],
      [{ name: "Fine", visibility: "private" }, "visibility", "Only public leagues exist for now."],
    ];
    for (const [body, field, message] of cases) {
      const response = await owner.post("/api/v1/leagues", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.data.error.code).toBe("VALIDATION");
      expect(response.data.error.fields[field]).toBe(message);
    }
  });

  it("trims the name, accepts exactly 50 and 200 characters, and makes the creator the owner", async () => {
    const league = await createLeague(owner, { name: `  ${"n".repeat(50)}  `, description: "d".repeat(200) });
    expect(league).toMatchObject({
      name: "n".repeat(50),
      description: "d".repeat(200),
      visibility: "public",
      memberCount: 1,
      myRole: "owner",
      ownerName: "Owner Olive",
    });
    const mine = (await owner.get("/api/v1/me/leagues")).data as MyLeagues;
    expect(mine.items.find((item) => item.id === league.id)?.myRole).toBe("owner");
    expect(await memberCountInDatabase(league.id)).toEqual({ column: 1, rows: 1 });
  });

  it("stores a blank description as null", async () => {
    const league = await createLeague(owner, { name: "Quiet league", description: "   " });
    expect(league.description).toBeNull();
  });
});

describe("the list of leagues", () => {
  it("shows public leagues newest first with member counts and the viewer's role, a page at a time", async () => {
    const first = await createLeague(owner, { name: "Older league" });
    const second = await createLeague(other, { name: "Newer league" });
    expect((await join(third, first.id)).status).toBe(201);

    const page = (await third.get("/api/v1/leagues?limit=2")).data as LeaguePage;
    expect(page.items.map((item) => item.name)).toEqual(["Newer league", "Older league"]);
    expect(page.items.map((item) => [item.memberCount, item.myRole])).toEqual([
      [1, null],
      [2, "member"],
    ]);
    expect(page.nextCursor).not.toBeNull();
    const next = (await third.get(`/api/v1/leagues?limit=2&cursor=${page.nextCursor}`)).data as LeaguePage;
    expect(next.items.map((item) => item.id)).not.toContain(second.id);
    expect(next.items.length).toBeGreaterThan(0);

    const bad = await third.get("/api/v1/leagues?cursor=nonsense");
    expect(bad.status).toBe(400);
  });
});

describe("joining and leaving", () => {
  it("joins as a member, refuses a second join with a clear 409, and leaves", async () => {
    const league = await createLeague(owner, { name: "Join me" });
    const joined = await join(other, league.id);
    expect(joined.status).toBe(201);
    expect(joined.data).toMatchObject({ id: league.id, memberCount: 2, myRole: "member" });

    const again = await join(other, league.id);
    expect(again.status).toBe(409);
    expect(again.data.error.message).toBe("You are already a member of this league.");
    const ownerAgain = await join(owner, league.id);
    expect(ownerAgain.status).toBe(409);

    const left = await leave(other, league.id);
    expect(left.status).toBe(200);
    expect((left.data as LeagueLeft).league).toMatchObject({ memberCount: 1, myRole: null });
    expect((left.data as LeagueLeft).newOwnerUserId).toBeNull();

    const notMember = await leave(other, league.id);
    expect(notMember.status).toBe(409);
    expect(notMember.data.error.message).toBe("You are not a member of this league.");
    expect(await memberCountInDatabase(league.id)).toEqual({ column: 1, rows: 1 });
  });

  it("passes ownership to the longest-standing member when the owner leaves, and removes an empty league", async () => {
    const league = await createLeague(owner, { name: "Handover" });
    expect((await join(other, league.id)).status).toBe(201);
    expect((await join(third, league.id)).status).toBe(201);

    const left = (await leave(owner, league.id)).data as LeagueLeft;
    expect(left.newOwnerUserId).toBe(other.user.id);
    expect(left.league).toMatchObject({ memberCount: 2, ownerName: "Other Otto", myRole: null });
    const view = (await third.get(`/api/v1/leagues/${league.id}`)).data as LeagueView;
    expect(view.standings.find((row) => row.userId === other.user.id)?.role).toBe("owner");

    expect((await leave(third, league.id)).status).toBe(200);
    const last = (await leave(other, league.id)).data as LeagueLeft;
    expect(last).toEqual({ league: null, newOwnerUserId: null });
    expect((await other.get(`/api/v1/leagues/${league.id}`)).status).toBe(404);
  });

  it("keeps member_count right under concurrent joins, and a racing double join counts once", async () => {
    const league = await createLeague(owner, { name: "Rush hour" });
    const joiners = await Promise.all(
      Array.from({ length: 8 }, (_, index) => server.signUp({ name: `Racer ${index}` })),
    );
    const statuses = await Promise.all([
      ...joiners.map((client) => join(client, league.id)),
      join(other, league.id),
      join(other, league.id),
      join(other, league.id),
    ]);
    const codes = statuses.map((response) => response.status);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(201));
    expect(codes.slice(8).sort()).toEqual([201, 409, 409]);
    expect(await memberCountInDatabase(league.id)).toEqual({ column: 10, rows: 10 });

    await Promise.all(joiners.slice(0, 4).map((client) => leave(client, league.id)));
    expect(await memberCountInDatabase(league.id)).toEqual({ column: 6, rows: 6 });
    const page = (await owner.get("/api/v1/leagues?limit=100")).data as LeaguePage;
    expect(page.items.find((item) => item.id === league.id)?.memberCount).toBe(6);
  });
});

describe("a league's page", () => {
  it("ranks members by this week's score (ties share a rank), then XP, with their XP and level", async () => {
    const league = await createLeague(owner, { name: "Standings" });
    const tied = await server.signUp({ name: "Tied Tom" });
    for (const client of [other, third, tied]) expect((await join(client, league.id)).status).toBe(201);
    const week = weekStart(new Date(), "UTC");
    const db = server.deps.db.$client;
    await db.query("update profiles set xp = $2, level = $3 where user_id = $1", [other.user.id, 900, 4]);
    await db.query("update profiles set xp = $2 where user_id = $1", [third.user.id, 50]);
    for (const [userId, score, weekOf] of [
      [other.user.id, 120, week],
      [third.user.id, 300, week],
      [tied.user.id, 120, week],
      // Last week's score does not count this week.
      [owner.user.id, 999, weekStart(new Date(Date.now() - 8 * 86_400_000), "UTC")],
    ] as const) {
      await db.query(
        `insert into leaderboard_entries (user_id, type, week_start, score, quizzes_completed, average_accuracy)
         values ($1, 'weekly', $3::date, $2, 2, 80)
         on conflict (user_id, type, week_start) do update set score = excluded.score`,
        [userId, score, weekOf],
      );
    }

    const response = await other.get(`/api/v1/leagues/${league.id}`);
    expect(response.status).toBe(200);
    const view = response.data as LeagueView;
    expect(view.weekStart).toBe(week);
    expect(view.league).toMatchObject({ id: league.id, memberCount: 4, myRole: "member" });
    expect(view.standings.map((row) => [row.rank, row.name, row.weeklyScore, row.role, row.isMe])).toEqual([
      [1, "Third Tess", 300, "member", false],
      [2, "Other Otto", 120, "member", true],
      [2, "Tied Tom", 120, "member", false],
      [4, "Owner Olive", 0, "owner", false],
    ]);
    expect(view.standings[1]).toMatchObject({ xp: 900, level: 4, quizzesCompleted: 2 });
  });

  it("is a 404 for an unknown league and a 400 for a malformed id", async () => {
    const missing = await owner.get(`/api/v1/leagues/${MISSING}`);
    expect(missing.status).toBe(404);
    expect(missing.data.error.message).toBe("League not found");
    expect((await join(owner, MISSING)).status).toBe(404);
    expect((await leave(owner, MISSING)).status).toBe(404);
    expect((await owner.get("/api/v1/leagues/not-a-uuid")).status).toBe(400);
  });
});

describe("signed out", () => {
  it("answers 401 to every leagues operation", async () => {
    const league = await createLeague(owner, { name: "Members only" });
    for (const response of [
      await anonymous.get("/api/v1/leagues"),
      await anonymous.get("/api/v1/me/leagues"),
      await anonymous.get(`/api/v1/leagues/${league.id}`),
      await anonymous.post("/api/v1/leagues", { name: "Sneaky" }),
      await join(anonymous, league.id),
      await leave(anonymous, league.id),
    ]) {
      expect(response.status).toBe(401);
      expect(response.data.error.code).toBe("UNAUTHENTICATED");
    }
    expect(await memberCountInDatabase(league.id)).toEqual({ column: 1, rows: 1 });
  });
});
