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
let admin: SignedInClient;
let anonymous: ApiClient;
const episodeIds: string[] = [];

const MISSING = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  [owner, other, admin] = await Promise.all([
    server.signUp({ name: "Owner Olive" }),
    server.signUp({ name: "Other Otto" }),
    server.signUp({ role: "admin", name: "Admin Ada" }),
  ]);
  anonymous = server.client();
  const { rows } = await server.deps.db.$client.query(
    "insert into podcasts (name, source_type) values ('Library Show', 'manual') returning id",
  );
  for (let index = 0; index < 5; index++) {
    const episode = await server.deps.db.$client.query(
      `insert into episodes (podcast_id, title, summary, audio_url, pub_date)
       values ($1, $2, 'A summary.', $3, now() - make_interval(days => $4)) returning id`,
      [rows[0].id, `Episode ${index + 1}`, `https://cdn.example/e${index + 1}.mp3`, index],
    );
    episodeIds.push(episode.rows[0].id);
  }
});
afterAll(() => server.stop());

const episode = (index: number) => () => episodeIds[index] as string;
const [e1, e2, e3] = [episode(0), episode(1), episode(2)];

async function createList(client: ApiClient, body: Record<string, unknown>) {
  const response = await client.post("/api/v1/me/lists", body);
  expect(response.status, response.text).toBe(201);
  return response.data as { id: string; name: string; isPublic: boolean };
}

/** A fresh private and public list of the owner, each holding e1 and e2. */
async function ownerLists() {
  const privateList = await createList(owner, { name: "Private picks", isPublic: false });
  const publicList = await createList(owner, { name: "Public picks", isPublic: true });
  for (const list of [privateList, publicList])
    for (const episodeId of [e1(), e2()])
      expect((await owner.post(`/api/v1/lists/${list.id}/episodes`, { episodeId })).status).toBe(201);
  return { privateList, publicList };
}

type Actor = "anonymous" | "other" | "admin" | "owner";
type Fixture = Awaited<ReturnType<typeof ownerLists>>;
type Row = {
  name: string;
  method: string;
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
  expected: Record<Actor, number>;
};

/** Someone else's list: private → 404 (it does not exist for them), public → 403 on writes. */
const listWrites = (kind: "privateList" | "publicList", ownerStatus: number) => ({
  anonymous: 401,
  other: kind === "privateList" ? 404 : 403,
  admin: kind === "privateList" ? 404 : 403,
  owner: ownerStatus,
});

const matrix: Row[] = [
  {
    name: "list my bookmarks",
    method: "GET",
    path: () => "/api/v1/me/bookmarks",
    expected: { anonymous: 401, other: 200, admin: 200, owner: 200 },
  },
  {
    name: "bookmark state",
    method: "GET",
    path: () => `/api/v1/me/bookmarks/${e1()}`,
    expected: { anonymous: 401, other: 200, admin: 200, owner: 200 },
  },
  {
    name: "bookmark",
    method: "PUT",
    path: () => `/api/v1/me/bookmarks/${e3()}`,
    expected: { anonymous: 401, other: 200, admin: 200, owner: 200 },
  },
  {
    name: "remove bookmark",
    method: "DELETE",
    path: () => `/api/v1/me/bookmarks/${e1()}`,
    expected: { anonymous: 401, other: 200, admin: 200, owner: 200 },
  },
  {
    name: "list my lists",
    method: "GET",
    path: () => "/api/v1/me/lists",
    expected: { anonymous: 401, other: 200, admin: 200, owner: 200 },
  },
  {
    name: "create a list",
    method: "POST",
    path: () => "/api/v1/me/lists",
    body: () => ({ name: "Mine" }),
    expected: { anonymous: 401, other: 201, admin: 201, owner: 201 },
  },
  ...(["privateList", "publicList"] as const).flatMap((kind): Row[] => [
    {
      name: `read a ${kind}`,
      method: "GET",
      path: (f) => `/api/v1/lists/${f[kind].id}`,
      expected:
        kind === "privateList"
          ? { anonymous: 404, other: 404, admin: 404, owner: 200 }
          : { anonymous: 200, other: 200, admin: 200, owner: 200 },
    },
    {
      name: `edit a ${kind}`,
      method: "PATCH",
      path: (f) => `/api/v1/lists/${f[kind].id}`,
      body: () => ({ name: "Renamed", description: "Changed", isPublic: true }),
      expected: listWrites(kind, 200),
    },
    {
      name: `add to a ${kind}`,
      method: "POST",
      path: (f) => `/api/v1/lists/${f[kind].id}/episodes`,
      body: () => ({ episodeId: e3() }),
      expected: listWrites(kind, 201),
    },
    {
      name: `remove from a ${kind}`,
      method: "DELETE",
      path: (f) => `/api/v1/lists/${f[kind].id}/episodes/${e1()}`,
      expected: listWrites(kind, 204),
    },
    {
      name: `reorder a ${kind}`,
      method: "PUT",
      path: (f) => `/api/v1/lists/${f[kind].id}/order`,
      body: () => ({ episodeIds: [e2(), e1()] }),
      expected: listWrites(kind, 204),
    },
    {
      name: `delete a ${kind}`,
      method: "DELETE",
      path: (f) => `/api/v1/lists/${f[kind].id}`,
      expected: listWrites(kind, 204),
    },
  ]),
];

describe("authorization matrix (owner, another user, anonymous, admin)", () => {
  it.each(matrix)("$method $name", async (row) => {
    await owner.request("PUT", `/api/v1/me/bookmarks/${e1()}`);
    const fixture = await ownerLists();
    const snapshot = async () => ({
      privateList: (await owner.get(`/api/v1/lists/${fixture.privateList.id}`)).data,
      publicList: (await owner.get(`/api/v1/lists/${fixture.publicList.id}`)).data,
      bookmarks: (await owner.get("/api/v1/me/bookmarks")).data,
    });
    const before = await snapshot();
    const clients: Record<Actor, ApiClient> = { anonymous, other, admin, owner };
    // The owner goes last: nobody else's call may change the owner's data.
    for (const actor of ["anonymous", "other", "admin", "owner"] as const) {
      if (actor === "owner") expect(await snapshot(), "untouched by non-owners").toEqual(before);
      const body = row.body?.(fixture);
      const response = await clients[actor].request(
        row.method,
        row.path(fixture),
        body === undefined ? {} : { json: body },
      );
      expect(response.status, `${actor}: ${response.text}`).toBe(row.expected[actor]);
      if (response.status === 404 && row.path(fixture).includes(fixture.privateList.id)) {
        // Indistinguishable from a list that never existed.
        const missing = await clients[actor].request(
          row.method,
          row.path(fixture).replace(fixture.privateList.id, MISSING),
          body === undefined ? {} : { json: body },
        );
        expect(missing.status).toBe(404);
        expect(response.data).toEqual(missing.data);
      }
    }
  });

  it("keeps each user's bookmarks and lists to themselves", async () => {
    await owner.request("PUT", `/api/v1/me/bookmarks/${e2()}`);
    const owners = await owner.get(`/api/v1/me/bookmarks/${e2()}`);
    expect(owners.data.bookmarked).toBe(true);
    for (const client of [other, admin]) {
      expect((await client.get(`/api/v1/me/bookmarks/${e2()}`)).data.bookmarked).toBe(false);
      const ids = (await client.get("/api/v1/me/bookmarks")).data.items.map(
        (item: { episode: { id: string } }) => item.episode.id,
      );
      expect(ids).not.toContain(e2());
      // Deleting "your" bookmark of an episode never touches someone else's.
      await client.request("DELETE", `/api/v1/me/bookmarks/${e2()}`);
    }
    expect((await owner.get(`/api/v1/me/bookmarks/${e2()}`)).data.bookmarked).toBe(true);
    const otherLists = (await other.get("/api/v1/me/lists")).data.items.map((l: { name: string }) => l.name);
    expect(otherLists).not.toContain("Private picks");
    expect(otherLists).not.toContain("Public picks");
  });
});

describe("bookmarks", () => {
  it("toggles idempotently and lists newest first a page at a time", async () => {
    const user = await server.signUp();
    expect((await user.get("/api/v1/me/bookmarks")).data).toEqual({ items: [], nextCursor: null });
    for (const id of [e1(), e2(), e3()]) {
      const response = await user.request("PUT", `/api/v1/me/bookmarks/${id}`);
      expect(response.status).toBe(200);
      expect(response.data.bookmarked).toBe(true);
    }
    const again = await user.request("PUT", `/api/v1/me/bookmarks/${e1()}`);
    expect(again.status).toBe(200);

    const first = await user.get("/api/v1/me/bookmarks?limit=2");
    expect(first.data.items.map((item: { episode: { title: string } }) => item.episode.title)).toEqual([
      "Episode 3",
      "Episode 2",
    ]);
    expect(first.data.items[0].episode).toMatchObject({
      audioUrl: "https://cdn.example/e3.mp3",
      podcast: { name: "Library Show" },
    });
    const second = await user.get(`/api/v1/me/bookmarks?limit=2&cursor=${first.data.nextCursor}`);
    expect(second.data.items.map((item: { episode: { title: string } }) => item.episode.title)).toEqual([
      "Episode 1",
    ]);
    expect(second.data.nextCursor).toBeNull();

    for (let i = 0; i < 2; i++) {
      const removed = await user.request("DELETE", `/api/v1/me/bookmarks/${e2()}`);
      expect(removed.status).toBe(200);
      expect(removed.data.bookmarked).toBe(false);
    }
    expect((await user.get(`/api/v1/me/bookmarks/${e2()}`)).data.bookmarked).toBe(false);
    expect((await user.get("/api/v1/me/bookmarks")).data.items).toHaveLength(2);
  });

  it("answers 404 for an unknown episode and 400 for a bad cursor or id", async () => {
    const missing = await owner.request("PUT", `/api/v1/me/bookmarks/${MISSING}`);
    expect(missing.status).toBe(404);
    expect(missing.data.error.message).toBe("Episode not found");
    expect((await owner.get("/api/v1/me/bookmarks?cursor=garbage")).status).toBe(400);
    expect((await owner.request("PUT", "/api/v1/me/bookmarks/not-a-uuid")).status).toBe(400);
  });
});

describe("lists", () => {
  it("refuses a duplicate entry with 409 from the unique key (SQLSTATE 23505)", async () => {
    const list = await createList(owner, { name: "Duplicates" });
    const first = await owner.post(`/api/v1/lists/${list.id}/episodes`, { episodeId: e1() });
    expect(first.status).toBe(201);
    const second = await owner.post(`/api/v1/lists/${list.id}/episodes`, { episodeId: e1() });
    expect(second.status).toBe(409);
    expect(second.data.error).toEqual({
      code: "CONFLICT",
      message: "Already in list - This episode is already in that list",
    });

    // Racing adds of the same episode: exactly one wins, the rest are the same 409.
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => owner.post(`/api/v1/lists/${list.id}/episodes`, { episodeId: e2() })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const view = await owner.get(`/api/v1/lists/${list.id}`);
    expect(view.data.episodes.map((entry: { episode: { id: string } }) => entry.episode.id)).toEqual([
      e1(),
      e2(),
    ]);
    expect(view.data.list.episodeCount).toBe(2);
  });

  it("answers 404 'Episode not found' when adding an unknown episode", async () => {
    const list = await createList(owner, { name: "Unknown episode" });
    const response = await owner.post(`/api/v1/lists/${list.id}/episodes`, { episodeId: MISSING });
    expect(response.status).toBe(404);
    expect(response.data.error.message).toBe("Episode not found");
  });

  it("requires a name after trimming, at most 100 characters, and a description of at most 500", async () => {
    for (const name of ["", "   ", undefined]) {
      const response = await owner.post("/api/v1/me/lists", name === undefined ? {} : { name });
      expect(response.status).toBe(400);
      expect(response.data.error.fields.name).toBe("Please enter a list name");
    }
    const long = await owner.post("/api/v1/me/lists", { name: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.data.error.fields.name).toBe("List name must be at most 100 characters.");
    const longDescription = await owner.post("/api/v1/me/lists", {
      name: "ok",
      description: "d".repeat(501),
    });
    expect(longDescription.status).toBe(400);
    expect(longDescription.data.error.fields.description).toBe("Description must be at most 500 characters.");

    const created = await owner.post("/api/v1/me/lists", {
      name: `  ${"n".repeat(100)}  `,
      description: "   ",
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: "n".repeat(100), description: null, isPublic: false });

    const blankRename = await owner.request("PATCH", `/api/v1/lists/${created.data.id}`, {
      json: { name: "  " },
    });
    expect(blankRename.status).toBe(400);
    expect(blankRename.data.error.fields.name).toBe("Please enter a list name");
  });

  it("lists mine newest first with episode counts and marks lists holding an episode", async () => {
    const user = await server.signUp();
    const a = await createList(user, { name: "First" });
    const b = await createList(user, { name: "Second", description: "About things", isPublic: true });
    await user.post(`/api/v1/lists/${a.id}/episodes`, { episodeId: e1() });
    await user.post(`/api/v1/lists/${a.id}/episodes`, { episodeId: e2() });
    const mine = await user.get(`/api/v1/me/lists?episodeId=${e1()}`);
    expect(mine.status).toBe(200);
    expect(mine.data.items).toMatchObject([
      { id: b.id, name: "Second", description: "About things", isPublic: true, episodeCount: 0 },
      { id: a.id, name: "First", isPublic: false, episodeCount: 2, containsEpisode: true },
    ]);
    expect(mine.data.items[0].containsEpisode).toBe(false);
  });

  it("edits, reorders, removes and deletes for the owner", async () => {
    const list = await createList(owner, { name: "Order" });
    for (const episodeId of [e1(), e2(), e3()])
      await owner.post(`/api/v1/lists/${list.id}/episodes`, { episodeId });
    const ids = async () =>
      (await owner.get(`/api/v1/lists/${list.id}`)).data.episodes.map(
        (entry: { episode: { id: string } }) => entry.episode.id,
      );
    expect(await ids()).toEqual([e1(), e2(), e3()]);

    expect(
      (
        await owner.request("PUT", `/api/v1/lists/${list.id}/order`, {
          json: { episodeIds: [e3(), e1(), e2()] },
        })
      ).status,
    ).toBe(204);
    expect(await ids()).toEqual([e3(), e1(), e2()]);

    const stale = await owner.request("PUT", `/api/v1/lists/${list.id}/order`, {
      json: { episodeIds: [e1(), e2()] },
    });
    expect(stale.status).toBe(409);
    const repeated = await owner.request("PUT", `/api/v1/lists/${list.id}/order`, {
      json: { episodeIds: [e1(), e1(), e2()] },
    });
    expect(repeated.status).toBe(400);
    expect(await ids()).toEqual([e3(), e1(), e2()]);

    const edited = await owner.request("PATCH", `/api/v1/lists/${list.id}`, {
      json: { name: " Renamed ", description: "Now public", isPublic: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ name: "Renamed", description: "Now public", isPublic: true });
    const view = await anonymous.get(`/api/v1/lists/${list.id}`);
    expect(view.data.list).toMatchObject({ name: "Renamed", isOwner: false, ownerName: "Owner Olive" });

    for (let i = 0; i < 2; i++) {
      const removed = await owner.request("DELETE", `/api/v1/lists/${list.id}/episodes/${e1()}`);
      expect(removed.status).toBe(204);
    }
    expect(await ids()).toEqual([e3(), e2()]);
    // Appending after a removal keeps the new episode last.
    await owner.post(`/api/v1/lists/${list.id}/episodes`, { episodeId: e1() });
    expect(await ids()).toEqual([e3(), e2(), e1()]);

    expect((await owner.request("DELETE", `/api/v1/lists/${list.id}`)).status).toBe(204);
    expect((await owner.get(`/api/v1/lists/${list.id}`)).status).toBe(404);
    const { rows } = await server.deps.db.$client.query(
      "select count(*)::int as n from user_list_episodes where list_id = $1",
      [list.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it("hides a private list from everyone but its owner, and shows a public one to anyone", async () => {
    const privateList = await createList(owner, { name: "Secret", isPublic: false });
    for (const client of [anonymous, other, admin]) {
      const response = await client.get(`/api/v1/lists/${privateList.id}`);
      expect(response.status).toBe(404);
      expect(response.data.error.message).toBe("List not found");
    }
    expect((await owner.get(`/api/v1/lists/${privateList.id}`)).data.list.isOwner).toBe(true);

    await owner.request("PATCH", `/api/v1/lists/${privateList.id}`, { json: { isPublic: true } });
    for (const client of [anonymous, other, admin]) {
      const response = await client.get(`/api/v1/lists/${privateList.id}`);
      expect(response.status).toBe(200);
      expect(response.data.list).toMatchObject({ name: "Secret", isOwner: false });
    }
  });
});
