import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

let server: TestServer;
let alice: SignedInClient;
let bob: SignedInClient;
let podcastId: string;
const episodeIds: string[] = [];
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  [alice, bob] = await Promise.all([server.signUp({ name: "Alice" }), server.signUp({ name: "Bob" })]);
  const podcast = await query(
    "insert into podcasts (name, source_type, cover_url) values ('Player Show', 'manual', '/demo/covers/x.svg') returning id",
  );
  podcastId = podcast.rows[0].id;
  for (const [index, title] of ["One", "Two", "Three", "Four"].entries()) {
    const { rows } = await query(
      `insert into episodes (podcast_id, title, summary, audio_url, duration, image_url)
       values ($1, $2, 'About it', $3, 180, $4) returning id`,
      [podcastId, title, `/demo/audio/ep-${index}.mp3`, index === 0 ? "/demo/covers/one.svg" : null],
    );
    episodeIds.push(rows[0].id);
  }
});
afterAll(() => server.stop());

const [e1, e2, e3, e4] = [0, 1, 2, 3].map((i) => () => episodeIds[i] as string) as [
  () => string,
  () => string,
  () => string,
  () => string,
];

describe("positions", () => {
  it("answers 0 for an episode never played", async () => {
    const response = await alice.get(`/api/v1/me/positions/${e1()}`);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      episodeId: e1(),
      positionSeconds: 0,
      progressSeconds: 0,
      lastPlayedAt: null,
    });
  });

  it("saves whole seconds, keeps progress furthest and updates user_activity", async () => {
    const first = await alice.request("PUT", `/api/v1/me/positions/${e1()}`, {
      json: { positionSeconds: 95.8 },
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ episodeId: e1(), positionSeconds: 95, progressSeconds: 95 });
    await alice.request("PUT", `/api/v1/me/positions/${e1()}`, { json: { positionSeconds: 30 } });
    const read = await alice.get(`/api/v1/me/positions/${e1()}`);
    expect(read.data).toMatchObject({ positionSeconds: 30, progressSeconds: 95 });
    expect(Date.parse(read.data.lastPlayedAt)).toBeGreaterThan(Date.now() - 60_000);

    const activity = await query("select * from user_activity where user_id = $1", [alice.user.id]);
    expect(activity.rows).toEqual([
      expect.objectContaining({ last_episode_id: e1(), last_position_seconds: 30 }),
    ]);
  });

  it("accepts the beacon variant (POST with a JSON body)", async () => {
    const response = await alice.request("POST", `/api/v1/me/positions/${e2()}`, {
      json: { positionSeconds: 12, progressSeconds: 40 },
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ positionSeconds: 12, progressSeconds: 40 });
    const activity = await query("select last_episode_id from user_activity where user_id = $1", [
      alice.user.id,
    ]);
    expect(activity.rows[0].last_episode_id).toBe(e2());
  });

  it("leaves one row holding the last position after 50 concurrent saves", async () => {
    const positions = Array.from({ length: 50 }, (_, i) => 100 + i);
    const responses = await Promise.all(
      positions.map((positionSeconds) =>
        alice.request("PUT", `/api/v1/me/positions/${e3()}`, { json: { positionSeconds } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(positions.map(() => 200));
    const rows = await query(
      "select last_position_seconds, progress_seconds, last_played_at from play_history where user_id = $1 and episode_id = $2",
      [alice.user.id, e3()],
    );
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0];
    // Saves for one user and episode are serialised by the row lock: the row holds the save that
    // committed last, which is also the one with the latest last_played_at, and user_activity agrees.
    // Answers carry milliseconds and the column microseconds, so two saves in the same millisecond
    // tie: the row holds one of the saves of the latest millisecond.
    const latestAt = Math.max(...responses.map((r) => Date.parse(r.data.lastPlayedAt)));
    const latestPositions = responses
      .filter((r) => Date.parse(r.data.lastPlayedAt) === latestAt)
      .map((r) => r.data.positionSeconds);
    expect(new Date(row.last_played_at).getTime()).toBe(latestAt);
    expect(latestPositions).toContain(row.last_position_seconds);
    expect(row.progress_seconds).toBe(149);
    const activity = await query("select * from user_activity where user_id = $1", [alice.user.id]);
    expect(activity.rows).toHaveLength(1);
    expect(activity.rows[0]).toMatchObject({
      last_episode_id: e3(),
      last_position_seconds: row.last_position_seconds,
    });
    // A later save wins.
    await alice.request("PUT", `/api/v1/me/positions/${e3()}`, { json: { positionSeconds: 7 } });
    expect((await alice.get(`/api/v1/me/positions/${e3()}`)).data.positionSeconds).toBe(7);
  });

  it("never lets one user read or write another's position", async () => {
    await bob.request("PUT", `/api/v1/me/positions/${e1()}`, { json: { positionSeconds: 61 } });
    expect((await bob.get(`/api/v1/me/positions/${e1()}`)).data.positionSeconds).toBe(61);
    expect((await alice.get(`/api/v1/me/positions/${e1()}`)).data.positionSeconds).toBe(30);
    // Identity comes from the session only: a user id in the body is not part of the contract.
    const sneaky = await bob.request("PUT", `/api/v1/me/positions/${e1()}`, {
      json: { positionSeconds: 1, userId: alice.user.id },
    });
    expect(sneaky.status).toBe(200);
    expect((await alice.get(`/api/v1/me/positions/${e1()}`)).data.positionSeconds).toBe(30);
    const rows = await query("select user_id from play_history where episode_id = $1 order by user_id", [
      e1(),
    ]);
    expect(rows.rows.map((r) => r.user_id).sort()).toEqual([alice.user.id, bob.user.id].sort());
  });

  it("answers 404 for an unknown episode, writing nothing", async () => {
    const put = await alice.request("PUT", `/api/v1/me/positions/${UNKNOWN}`, {
      json: { positionSeconds: 5 },
    });
    expect(put.status).toBe(404);
    expect(put.data.error.code).toBe("NOT_FOUND");
    expect((await alice.get(`/api/v1/me/positions/${UNKNOWN}`)).status).toBe(404);
    const activity = await query("select last_episode_id from user_activity where user_id = $1", [
      alice.user.id,
    ]);
    expect(activity.rows[0].last_episode_id).not.toBe(UNKNOWN);
  });

  it("answers 401 to anonymous callers and 400 to bad input", async () => {
    const anonymous = server.client();
    expect((await anonymous.get(`/api/v1/me/positions/${e1()}`)).status).toBe(401);
    expect(
      (await anonymous.request("PUT", `/api/v1/me/positions/${e1()}`, { json: { positionSeconds: 5 } }))
        .status,
    ).toBe(401);
    for (const json of [
      { positionSeconds: -1 },
      { positionSeconds: "10" },
      { positionSeconds: 360_000 },
      {},
    ]) {
      const response = await alice.request("PUT", `/api/v1/me/positions/${e1()}`, { json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
    expect((await alice.get("/api/v1/me/positions/not-a-uuid")).status).toBe(400);
  });

  it("refuses a beacon sent as text/plain (send a JSON Blob instead)", async () => {
    const response = await alice.request("POST", `/api/v1/me/positions/${e1()}`, {
      body: JSON.stringify({ positionSeconds: 3 }),
      headers: { "content-type": "text/plain;charset=UTF-8" },
    });
    expect(response.status).toBe(415);
  });
});

describe("merging positions kept while signed out", () => {
  it("keeps the most recent position and the furthest progress per episode", async () => {
    const carol = await server.signUp({ name: "Carol" });
    await carol.request("PUT", `/api/v1/me/positions/${e1()}`, { json: { positionSeconds: 50 } });
    await carol.request("PUT", `/api/v1/me/positions/${e2()}`, { json: { positionSeconds: 120 } });
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const response = await carol.post("/api/v1/me/positions/merge", {
      positions: [
        // Older than the server's: position stays 50, progress grows to 140.
        { episodeId: e1(), positionSeconds: 10, progressSeconds: 140, playedAt: past },
        // Newer than the server's (a future time counts as now): position becomes 20, progress stays 120.
        { episodeId: e2(), positionSeconds: 20.6, playedAt: future },
        // New to the server; listed twice: the most recent entry wins.
        { episodeId: e3(), positionSeconds: 33, playedAt: past },
        { episodeId: e3(), positionSeconds: 44, playedAt: new Date(Date.now() - 60_000).toISOString() },
        { episodeId: UNKNOWN, positionSeconds: 5, playedAt: past },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ merged: 3, skipped: 1 });
    const read = async (id: string) => (await carol.get(`/api/v1/me/positions/${id}`)).data;
    expect(await read(e1())).toMatchObject({ positionSeconds: 50, progressSeconds: 140 });
    expect(await read(e2())).toMatchObject({ positionSeconds: 20, progressSeconds: 120 });
    expect(await read(e3())).toMatchObject({ positionSeconds: 44, progressSeconds: 44 });
    expect(Date.parse((await read(e2())).lastPlayedAt)).toBeLessThanOrEqual(Date.now() + 5_000);
    const activity = await query("select * from user_activity where user_id = $1", [carol.user.id]);
    expect(activity.rows[0]).toMatchObject({ last_episode_id: e2(), last_position_seconds: 20 });
    // Nobody else's rows were touched.
    expect((await alice.get(`/api/v1/me/positions/${e2()}`)).data.positionSeconds).toBe(12);
  });

  it("accepts an empty list and bounds the size", async () => {
    expect((await alice.post("/api/v1/me/positions/merge", { positions: [] })).data).toEqual({
      merged: 0,
      skipped: 0,
    });
    const tooMany = Array.from({ length: 201 }, () => ({
      episodeId: e1(),
      positionSeconds: 1,
      playedAt: new Date().toISOString(),
    }));
    const response = await alice.post("/api/v1/me/positions/merge", { positions: tooMany });
    expect(response.status).toBe(400);
    const bad = await alice.post("/api/v1/me/positions/merge", {
      positions: [{ episodeId: e1(), positionSeconds: 1, playedAt: "yesterday" }],
    });
    expect(bad.status).toBe(400);
    expect((await server.client().post("/api/v1/me/positions/merge", { positions: [] })).status).toBe(401);
  });
});

describe("queue", () => {
  it("starts empty, round-trips in order with duplicates, and stays private", async () => {
    const dave = await server.signUp({ name: "Dave" });
    expect((await dave.get("/api/v1/me/queue")).data).toEqual({ items: [], index: -1 });
    const saved = await dave.request("PUT", "/api/v1/me/queue", {
      json: { episodeIds: [e3(), e1(), e2(), e1()], index: 2 },
    });
    expect(saved.status).toBe(200);
    expect(saved.data.index).toBe(2);
    expect(saved.data.items.map((item: { id: string }) => item.id)).toEqual([e3(), e1(), e2(), e1()]);
    expect(saved.data.items[1]).toEqual({
      id: e1(),
      title: "One",
      audioUrl: "/demo/audio/ep-0.mp3",
      imageUrl: "/demo/covers/one.svg",
      podcastId,
      podcastName: "Player Show",
      duration: 180,
    });
    // An episode without its own image shows the podcast cover.
    expect(saved.data.items[0].imageUrl).toBe("/demo/covers/x.svg");
    expect((await dave.get("/api/v1/me/queue")).data).toEqual(saved.data);
    expect((await bob.get("/api/v1/me/queue")).data).toEqual({ items: [], index: -1 });

    const cleared = await dave.request("PUT", "/api/v1/me/queue", { json: { episodeIds: [], index: -1 } });
    expect(cleared.data).toEqual({ items: [], index: -1 });
  });

  it("leaves out unknown episodes and keeps the index on its item", async () => {
    const response = await alice.request("PUT", "/api/v1/me/queue", {
      json: { episodeIds: [UNKNOWN, e1(), e2()], index: 2 },
    });
    expect(response.data.items.map((item: { id: string }) => item.id)).toEqual([e1(), e2()]);
    expect(response.data.index).toBe(1);
    const clamped = await alice.request("PUT", "/api/v1/me/queue", {
      json: { episodeIds: [e1()], index: 5 },
    });
    expect(clamped.data.index).toBe(0);
  });

  it("follows deletions: a deleted episode leaves the queue and the index moves with its item", async () => {
    const erin = await server.signUp({ name: "Erin" });
    const { rows } = await query(
      "insert into episodes (podcast_id, title, audio_url) values ($1, 'Doomed', '/x.mp3') returning id",
      [podcastId],
    );
    const doomed = rows[0].id as string;
    await erin.request("PUT", "/api/v1/me/queue", { json: { episodeIds: [doomed, e1(), e4()], index: 1 } });
    await query("delete from episodes where id = $1", [doomed]);
    const after = (await erin.get("/api/v1/me/queue")).data;
    expect(after.items.map((item: { id: string }) => item.id)).toEqual([e1(), e4()]);
    expect(after.index).toBe(0);
  });

  it("survives concurrent replacements from two devices: one of them wins whole", async () => {
    const frank = await server.signUp({ name: "Frank" });
    const lists = [[e1(), e2(), e3()], [e4(), e3()], [e2()], [e3(), e3(), e1(), e4()]];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        frank.request("PUT", "/api/v1/me/queue", { json: { episodeIds: lists[i % 4], index: 0 } }),
      ),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const final = (await frank.get("/api/v1/me/queue")).data.items.map((item: { id: string }) => item.id);
    expect(lists).toContainEqual(final);
  });

  it("holds at most 200 episodes and validates the body", async () => {
    const full = Array.from({ length: 200 }, (_, i) => episodeIds[i % 4]);
    const ok = await alice.request("PUT", "/api/v1/me/queue", { json: { episodeIds: full, index: 199 } });
    expect(ok.status).toBe(200);
    expect(ok.data.items).toHaveLength(200);
    expect(ok.data.index).toBe(199);
    const tooMany = await alice.request("PUT", "/api/v1/me/queue", {
      json: { episodeIds: [...full, e1()], index: 0 },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.error.message).toMatch(/at most 200/);
    for (const json of [
      { episodeIds: ["nope"] },
      { episodeIds: [e1()], index: -2 },
      { episodeIds: [e1()], index: 1.5 },
    ]) {
      expect((await alice.request("PUT", "/api/v1/me/queue", { json })).status, JSON.stringify(json)).toBe(
        400,
      );
    }
    expect((await server.client().get("/api/v1/me/queue")).status).toBe(401);
  });
});

describe("player settings", () => {
  it("keeps the playback speed per user, 0.5–3× in steps of 0.05", async () => {
    expect((await alice.get("/api/v1/me/player-settings")).data).toEqual({ playbackRate: 1 });
    const saved = await alice.request("PUT", "/api/v1/me/player-settings", { json: { playbackRate: 1.35 } });
    expect(saved.data).toEqual({ playbackRate: 1.35 });
    expect((await alice.get("/api/v1/me/player-settings")).data).toEqual({ playbackRate: 1.35 });
    expect((await bob.get("/api/v1/me/player-settings")).data).toEqual({ playbackRate: 1 });
    for (const playbackRate of [0.25, 3.5, 1.33, "2"]) {
      const response = await alice.request("PUT", "/api/v1/me/player-settings", { json: { playbackRate } });
      expect(response.status, String(playbackRate)).toBe(400);
    }
    // Saving the speed keeps the queue index, and saving the queue keeps the speed.
    await alice.request("PUT", "/api/v1/me/queue", { json: { episodeIds: [e1(), e2()], index: 1 } });
    await alice.request("PUT", "/api/v1/me/player-settings", { json: { playbackRate: 2 } });
    expect((await alice.get("/api/v1/me/queue")).data.index).toBe(1);
    expect((await alice.get("/api/v1/me/player-settings")).data.playbackRate).toBe(2);
  });
});

describe("chapters", () => {
  it("lists an episode's chapters by start time, publicly; 404 for an unknown episode", async () => {
    await query(
      "insert into episode_chapters (episode_id, start_time, title) values ($1, 48, 'Second'), ($1, 0, 'First')",
      [e1()],
    );
    const response = await server.client().get(`/api/v1/episodes/${e1()}/chapters`);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      chapters: [
        { startTime: 0, title: "First" },
        { startTime: 48, title: "Second" },
      ],
    });
    expect((await server.client().get(`/api/v1/episodes/${e2()}/chapters`)).data).toEqual({ chapters: [] });
    expect((await server.client().get(`/api/v1/episodes/${UNKNOWN}/chapters`)).status).toBe(404);
  });
});
