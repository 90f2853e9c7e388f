import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../tests/support/test-server.ts";

let server: TestServer;
let owner: SignedInClient;
let other: SignedInClient;
let fresh: SignedInClient;
let anonymous: ApiClient;
let podcastIds: string[] = [];
const episodeIds: string[] = [];
let privateListId = "";
let publicListId = "";

const MISSING = "00000000-0000-4000-8000-000000000000";

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);
const patchProfile = (client: ApiClient, json: unknown) =>
  client.request("PATCH", "/api/v1/me/profile", { json });

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  [owner, other, fresh] = await Promise.all([
    server.signUp({ name: "Owner Olive" }),
    server.signUp({ name: "Other Otto" }),
    server.signUp({ name: "Fresh Fay" }),
  ]);
  anonymous = server.client();

  const podcasts = await query(
    `insert into podcasts (name, source_type, cover_url)
     select 'Show ' || n, 'manual', 'https://cdn.example/cover' || n || '.jpg' from generate_series(1, 8) n
     returning id`,
  );
  podcastIds = podcasts.rows.map((row) => row.id as string);
  for (let index = 0; index < 8; index++) {
    const episode = await query(
      `insert into episodes (podcast_id, title, summary, audio_url, pub_date)
       values ($1, $2, 'A summary.', $3, now() - make_interval(days => $4)) returning id`,
      [podcastIds[0], `Episode ${index + 1}`, `https://cdn.example/e${index + 1}.mp3`, index],
    );
    episodeIds.push(episode.rows[0].id);
  }

  // The owner: 8 bookmarks, 7 follows, 7 plays, a private and 7 public lists, 4 answers (3 correct).
  for (const episodeId of episodeIds)
    expect((await owner.request("PUT", `/api/v1/me/bookmarks/${episodeId}`)).status).toBe(200);
  for (const podcastId of podcastIds.slice(0, 7))
    expect((await owner.request("PUT", `/api/v1/me/podcasts/${podcastId}`)).status).toBe(204);
  await query(
    `insert into play_history (user_id, episode_id, progress_seconds, last_played_at)
     select $1, e.id, 60, now() - make_interval(mins => row_number() over (order by e.title)::int)
     from episodes e where e.id = any($2::uuid[]) and e.title <> 'Episode 8'`,
    [owner.user.id, episodeIds],
  );
  const privateList = await owner.post("/api/v1/me/lists", { name: "Secret picks", isPublic: false });
  privateListId = privateList.data.id;
  for (let index = 1; index <= 7; index++) {
    const list = await owner.post("/api/v1/me/lists", { name: `Public ${index}`, isPublic: true });
    if (index === 1) publicListId = list.data.id;
  }
  await owner.post(`/api/v1/lists/${publicListId}/episodes`, { episodeId: episodeIds[0] });
  const question = await query(
    `insert into questions (episode_id, stem, choices, answer) values ($1, 'Q?', '{a,b}', 'a') returning id`,
    [episodeIds[0]],
  );
  await query(
    `insert into user_answers (user_id, question_id, is_correct, confidence, time_ms)
     values ($1, $2, true, 3, 1000), ($1, $2, true, 3, 1000), ($1, $2, true, 3, 1000), ($1, $2, false, 3, 1000)`,
    [owner.user.id, question.rows[0].id],
  );
  await query("update profiles set xp = 250, level = 3 where user_id = $1", [owner.user.id]);
});
afterAll(() => server.stop());

describe("own profile", () => {
  it("gives the header with points, rounded accuracy and the saved count", async () => {
    const response = await owner.get(`/api/v1/profiles/${owner.user.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual({
      userId: owner.user.id,
      name: "Owner Olive",
      handle: null,
      avatarUrl: null,
      level: 3,
      xp: 250,
      points: 30,
      answerCount: 4,
      accuracy: 75,
      savedCount: 8,
      isSelf: true,
    });
  });

  it("gives a new user the defaults: level 1, 0 XP, 0 points, no accuracy, nothing saved", async () => {
    const response = await fresh.get(`/api/v1/profiles/${fresh.user.id}`);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ level: 1, xp: 0, points: 0, answerCount: 0, accuracy: null });
    expect(response.data.savedCount).toBe(0);
    for (const tab of ["saved", "lists", "history", "following"]) {
      const list = await fresh.get(`/api/v1/profiles/${fresh.user.id}/${tab}`);
      expect(list.status, tab).toBe(200);
      expect(list.data.items, tab).toEqual([]);
    }
  });

  it("limits each tab (6 saved, 6 lists, 5 history, 6 following), newest first", async () => {
    const saved = await owner.get(`/api/v1/profiles/${owner.user.id}/saved`);
    expect(saved.data.items).toHaveLength(6);
    expect(saved.data.items[0].episode.title).toBe("Episode 8");
    expect(saved.data.items[0].episode.podcast.name).toBe("Show 1");

    const lists = await owner.get(`/api/v1/profiles/${owner.user.id}/lists`);
    expect(lists.data.items).toHaveLength(6);
    // Adding an episode touched Public 1 last; the private list is the owner's to see.
    expect(lists.data.items[0]).toMatchObject({ name: "Public 1", episodeCount: 1 });
    const allLists = await owner.get("/api/v1/me/lists");
    expect(allLists.data.items.map((list: { name: string }) => list.name)).toContain("Secret picks");

    const history = await owner.get(`/api/v1/profiles/${owner.user.id}/history`);
    expect(history.data.items).toHaveLength(5);
    expect(history.data.items[0]).toMatchObject({ progressSeconds: 60, episode: { title: "Episode 1" } });

    const following = await owner.get(`/api/v1/profiles/${owner.user.id}/following`);
    expect(following.data.items).toHaveLength(6);
    expect(following.data.items[0]).toMatchObject({ id: podcastIds[6], name: "Show 7" });
    expect(following.data.items[0].coverUrl).toBe("https://cdn.example/cover7.jpg");
  });

  it("treats the own id in capitals as the own profile", async () => {
    const response = await owner.get(`/api/v1/profiles/${owner.user.id.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ isSelf: true, savedCount: 8, userId: owner.user.id });
    const saved = await owner.get(`/api/v1/profiles/${owner.user.id.toUpperCase()}/saved`);
    expect(saved.status).toBe(200);
  });

  it("shows the owner's private list among their lists when it is recent", async () => {
    const list = await owner.post("/api/v1/me/lists", { name: "Newest secret", isPublic: false });
    const lists = await owner.get(`/api/v1/profiles/${owner.user.id}/lists`);
    expect(lists.data.items[0]).toMatchObject({ id: list.data.id, isPublic: false });
    await owner.request("DELETE", `/api/v1/lists/${list.data.id}`);
  });
});

describe("another user's profile", () => {
  it("gives the public header without the saved count", async () => {
    const response = await other.get(`/api/v1/profiles/${owner.user.id}`);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      userId: owner.user.id,
      name: "Owner Olive",
      level: 3,
      xp: 250,
      points: 30,
      accuracy: 75,
      isSelf: false,
      savedCount: null,
    });
  });

  it("refuses saved episodes, history and followed podcasts with 404", async () => {
    for (const [tab, message] of [
      ["saved", "Saved episodes are only visible to their owner."],
      ["history", "Play history is only visible to its owner."],
      ["following", "Followed podcasts are only visible to their owner."],
    ]) {
      const response = await other.get(`/api/v1/profiles/${owner.user.id}/${tab}`);
      expect(response.status, tab).toBe(404);
      expect(response.data.error.message).toBe(message);
    }
  });

  it("lists only public lists", async () => {
    const response = await other.get(`/api/v1/profiles/${owner.user.id}/lists`);
    expect(response.status).toBe(200);
    expect(response.data.items).toHaveLength(6);
    for (const list of response.data.items) expect(list.isPublic).toBe(true);
    expect(response.data.items.map((list: { id: string }) => list.id)).not.toContain(privateListId);
  });

  it("keeps a private list of another user a 404 and a public one readable", async () => {
    const hidden = await other.get(`/api/v1/lists/${privateListId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.data.error.message).toBe("List not found");
    const shown = await other.get(`/api/v1/lists/${publicListId}`);
    expect(shown.status).toBe(200);
    expect(shown.data.list.name).toBe("Public 1");
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    for (const path of ["", "/lists"]) {
      const missing = await other.get(`/api/v1/profiles/${MISSING}${path}`);
      expect(missing.status, path).toBe(404);
      expect(missing.data.error.message).toBe("Profile not found");
    }
    const malformed = await other.get("/api/v1/profiles/not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(malformed.data.error.message).toMatch(/userId/);
  });
});

describe("signed out", () => {
  it("answers 401 on every profile route", async () => {
    for (const path of ["", "/saved", "/lists", "/history", "/following"]) {
      const response = await anonymous.get(`/api/v1/profiles/${owner.user.id}${path}`);
      expect(response.status, path).toBe(401);
    }
    expect((await patchProfile(anonymous, { name: "Nobody" })).status).toBe(401);
  });
});

describe("editing the profile", () => {
  it("trims the name, normalises the handle, saves the avatar URL and shows them in the session", async () => {
    const editor = await server.signUp({ name: "Editor Eve" });
    const response = await patchProfile(editor, {
      name: "  Eve Edited  ",
      handle: "Eve.Edits-42!",
      avatarUrl: "  https://images.example/eve.png  ",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.data).toMatchObject({
      name: "Eve Edited",
      handle: "eveedits42",
      avatarUrl: "https://images.example/eve.png",
      isSelf: true,
    });
    const session = await editor.get("/api/v1/auth/session");
    expect(session.data.profile).toMatchObject({
      name: "Eve Edited",
      handle: "eveedits42",
      avatarUrl: "https://images.example/eve.png",
    });
  });

  it("keeps the handle and avatar when they are not sent, and removes them when blank", async () => {
    const editor = await server.signUp({ name: "Keeper Kim" });
    await patchProfile(editor, { name: "Kim", handle: "kim_k", avatarUrl: "https://images.example/k.png" });
    const kept = await patchProfile(editor, { name: "Kim K" });
    expect(kept.data).toMatchObject({
      name: "Kim K",
      handle: "kim_k",
      avatarUrl: "https://images.example/k.png",
    });
    const cleared = await patchProfile(editor, { name: "Kim K", handle: "  ", avatarUrl: "" });
    expect(cleared.data).toMatchObject({ handle: null, avatarUrl: null });
    const nulls = await patchProfile(editor, { name: "Kim K", handle: "kim_k", avatarUrl: null });
    expect(nulls.data).toMatchObject({ handle: "kim_k", avatarUrl: null });
    expect((await patchProfile(editor, { name: "Kim K", handle: null })).data.handle).toBeNull();
  });

  it.each([
    [{ name: "   " }, "Name cannot be empty", "name"],
    [{ name: "" }, "Name cannot be empty", "name"],
    [{ name: "x".repeat(101) }, "Name must be at most 100 characters", "name"],
    [{ name: "Ann", handle: "ab" }, "Handle must be at least 3 characters", "handle"],
    [{ name: "Ann", handle: "a!b@" }, "Handle must be at least 3 characters", "handle"],
    [{ name: "Ann", handle: "a".repeat(31) }, "Handle must be at most 30 characters", "handle"],
    [
      { name: "Ann", avatarUrl: "javascript:alert(1)" },
      "Avatar URL must be a web address starting with https://",
      "avatarUrl",
    ],
    [
      { name: "Ann", avatarUrl: "data:image/png;base64,AAAA" },
      "Avatar URL must be a web address starting with https://",
      "avatarUrl",
    ],
    [
      { name: "Ann", avatarUrl: "http://images.example/a.png" },
      "Avatar URL must be a web address starting with https://",
      "avatarUrl",
    ],
    [
      { name: "Ann", avatarUrl: "not a url" },
      "Avatar URL must be a web address starting with https://",
      "avatarUrl",
    ],
    [
      { name: "Ann", avatarUrl: "https://user:pw@images.example/a.png" },
      "Avatar URL must be a web address starting with https://",
      "avatarUrl",
    ],
    [
      { name: "Ann", avatarUrl: `https://images.example/${"a".repeat(2048)}` },
      "Avatar URL must be at most 2048 characters",
      "avatarUrl",
    ],
  ])("refuses %j with 400 '%s'", async (body, message, field) => {
    const response = await patchProfile(fresh, body);
    expect(response.status, response.text).toBe(400);
    expect(response.data.error.message).toBe(`${field}: ${message}`);
    expect(response.data.error.fields[field]).toBe(message);
    const unchanged = await fresh.get(`/api/v1/profiles/${fresh.user.id}`);
    expect(unchanged.data).toMatchObject({ name: "Fresh Fay", avatarUrl: null });
  });

  it("refuses a handle someone else holds, in any letter case, with 409", async () => {
    const first = await server.signUp({ name: "First" });
    const second = await server.signUp({ name: "Second" });
    expect((await patchProfile(first, { name: "First", handle: "taken_one" })).status).toBe(200);
    const response = await patchProfile(second, { name: "Second", handle: "TAKEN_One" });
    expect(response.status).toBe(409);
    expect(response.data.error.message).toBe("That handle is already taken. Please choose another one.");
    expect(response.data.error.fields.handle).toBe(response.data.error.message);
    // Keeping one's own handle is not a conflict.
    expect((await patchProfile(first, { name: "First again", handle: "taken_one" })).status).toBe(200);
  });

  it("gives one 200 and one 409 when two users claim the same handle at once", async () => {
    const [a, b] = await Promise.all([
      server.signUp({ name: "Racer A" }),
      server.signUp({ name: "Racer B" }),
    ]);
    const responses = await Promise.all([
      patchProfile(a, { name: "Racer A", handle: "photo_finish" }),
      patchProfile(b, { name: "Racer B", handle: "Photo_Finish" }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const { rows } = await query(
      "select count(*)::int as n from profiles where lower(handle) = 'photo_finish'",
    );
    expect(rows[0].n).toBe(1);
  });

  it("refuses malformed bodies with 400, never 500", async () => {
    for (const json of [
      {},
      { name: 42 },
      { name: "Ann", handle: 7 },
      { name: "Ann", avatarUrl: ["x"] },
      null,
    ]) {
      const response = await patchProfile(fresh, json);
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
  });
});
