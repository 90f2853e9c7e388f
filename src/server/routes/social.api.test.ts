import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { OPEN_INVITES_LIMIT, socialNotices } from "../../domain/social.ts";

let server: TestServer;
let anonymous: ApiClient;

const MISSING = "00000000-0000-4000-8000-000000000000";
let nameCounter = 0;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);
/** Each test gets users of its own, so their follows never meet another test's. */
const signUp = (name = "Social Sam") => server.signUp({ name: `${name} ${++nameCounter}` });
const request = (from: SignedInClient, to: SignedInClient) =>
  from.post("/api/v1/friends/requests", { userId: to.user.id });
const accept = (by: SignedInClient, from: SignedInClient) =>
  by.post(`/api/v1/friends/requests/${from.user.id}/accept`);
const decline = (by: SignedInClient, from: SignedInClient) =>
  by.request("DELETE", `/api/v1/friends/requests/${from.user.id}`);
const follows = async (a: SignedInClient, b: SignedInClient) =>
  (
    await query(
      `select follower_id, following_id, status, accepted_at from user_follows
       where (follower_id = $1 and following_id = $2) or (follower_id = $2 and following_id = $1)
       order by follower_id = $1 desc`,
      [a.user.id, b.user.id],
    )
  ).rows;

async function makeFriends(a: SignedInClient, b: SignedInClient) {
  expect((await request(a, b)).status).toBe(201);
  expect((await accept(b, a)).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ INGEST_FEEDS: "" });
  anonymous = server.client();
});
afterAll(() => server.stop());

describe("friend requests", () => {
  it("request → pending; both sides see it; accept → friends both ways with accepted_at", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    const sent = await request(ann, ben);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.data).toEqual({ userId: ben.user.id, status: "pending" });
    expect(await follows(ann, ben)).toEqual([
      { follower_id: ann.user.id, following_id: ben.user.id, status: "pending", accepted_at: null },
    ]);

    const incoming = await ben.get("/api/v1/friends/requests");
    expect(incoming.data.incomingCount).toBe(1);
    expect(incoming.data.incoming).toHaveLength(1);
    expect(incoming.data.incoming[0].user).toMatchObject({ userId: ann.user.id, name: ann.user.name });
    expect(incoming.data.outgoing).toEqual([]);
    const outgoing = await ann.get("/api/v1/friends/requests");
    expect(outgoing.data).toMatchObject({ incomingCount: 0, incoming: [] });
    expect(outgoing.data.outgoing[0].user.userId).toBe(ben.user.id);

    const accepted = await accept(ben, ann);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.data).toEqual({ userId: ann.user.id, status: "accepted" });
    const rows = await follows(ann, ben);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe("accepted");
      expect(row.accepted_at).toBeInstanceOf(Date);
    }
    for (const [me, them] of [
      [ann, ben],
      [ben, ann],
    ] as const) {
      const friends = await me.get("/api/v1/friends");
      expect(friends.status).toBe(200);
      expect(friends.data.count).toBe(1);
      expect(friends.data.items[0].user).toMatchObject({ userId: them.user.id, level: 1, xp: 0 });
      expect(Date.parse(friends.data.items[0].since)).not.toBeNaN();
      const requests = await me.get("/api/v1/friends/requests");
      expect(requests.data).toEqual({ incomingCount: 0, incoming: [], outgoing: [] });
    }
  });

  it("an existing row blocks a new request with the spec's messages", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    expect((await request(ann, ben)).status).toBe(201);
    const again = await request(ann, ben);
    expect(again.status).toBe(409);
    expect(again.data.error).toMatchObject({ code: "CONFLICT", message: socialNotices.alreadyPending });
    expect((await accept(ben, ann)).status).toBe(200);
    for (const [from, to] of [
      [ann, ben],
      [ben, ann],
    ] as const) {
      const friends = await request(from, to);
      expect(friends.status).toBe(409);
      expect(friends.data.error.message).toBe("You're already friends with this user");
    }
  });

  it("a request to someone who already asked you makes you friends at once", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    expect((await request(ann, ben)).status).toBe(201);
    const back = await request(ben, ann);
    expect(back.status).toBe(200);
    expect(back.data).toEqual({ userId: ann.user.id, status: "accepted" });
    expect((await follows(ann, ben)).map((row) => row.status)).toEqual(["accepted", "accepted"]);
  });

  it("two users requesting each other at the same moment end as friends, not two pending rows", async () => {
    for (let round = 0; round < 5; round++) {
      const [ann, ben] = await Promise.all([signUp("Racer"), signUp("Racer")]);
      const [one, two] = await Promise.all([request(ann, ben), request(ben, ann)]);
      expect([one.status, two.status].sort()).toEqual([200, 201]);
      const rows = await follows(ann, ben);
      expect(rows).toHaveLength(2);
      expect(rows.map((row) => row.status)).toEqual(["accepted", "accepted"]);
    }
  });

  it("decline deletes the request, and then it can be sent again", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    expect((await request(ann, ben)).status).toBe(201);
    const declined = await decline(ben, ann);
    expect(declined.status).toBe(204);
    expect(await follows(ann, ben)).toEqual([]);
    expect((await decline(ben, ann)).status).toBe(404);
    expect((await request(ann, ben)).status).toBe(201);
  });

  it("only the recipient can accept or decline; the requester and a third user get 404", async () => {
    const [ann, ben, eve] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Eve")]);
    expect((await request(ann, ben)).status).toBe(201);
    for (const response of [
      await accept(eve, ann),
      await decline(eve, ann),
      await eve.post(`/api/v1/friends/requests/${ben.user.id}/accept`),
      await accept(ann, ben),
      await decline(ann, ben),
    ]) {
      expect(response.status).toBe(404);
      expect(response.data.error.message).toBe(socialNotices.requestNotFound);
    }
    expect((await follows(ann, ben)).map((row) => row.status)).toEqual(["pending"]);
    expect((await eve.get("/api/v1/friends/requests")).data.incomingCount).toBe(0);
  });

  it("unfriending deletes both rows; withdrawing deletes only your own pending request", async () => {
    const [ann, ben, cat] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cat")]);
    await makeFriends(ann, ben);
    const removed = await ben.request("DELETE", `/api/v1/friends/${ann.user.id}`);
    expect(removed.status).toBe(204);
    expect(await follows(ann, ben)).toEqual([]);
    expect((await ann.get("/api/v1/friends")).data).toEqual({ count: 0, items: [] });
    expect((await ann.request("DELETE", `/api/v1/friends/${ben.user.id}`)).status).toBe(404);

    expect((await request(ann, cat)).status).toBe(201);
    // Cat cannot "unfriend" away Ann's request: declining is how the recipient removes it.
    const notTheirs = await cat.request("DELETE", `/api/v1/friends/${ann.user.id}`);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.data.error.message).toBe(socialNotices.notFriends);
    expect((await ann.request("DELETE", `/api/v1/friends/${cat.user.id}`)).status).toBe(204);
    expect(await follows(ann, cat)).toEqual([]);
  });

  it("refuses requests to yourself, to unknown users and malformed ids", async () => {
    const ann = await signUp("Ann");
    const self = await request(ann, ann);
    expect(self.status).toBe(400);
    expect(self.data.error.message).toBe(socialNotices.selfRequest);
    const missing = await ann.post("/api/v1/friends/requests", { userId: MISSING });
    expect(missing.status).toBe(404);
    expect(missing.data.error.message).toBe(socialNotices.userNotFound);
    expect((await ann.post("/api/v1/friends/requests", { userId: "nope" })).status).toBe(400);
    expect((await ann.post("/api/v1/friends/requests/nope/accept")).status).toBe(400);
    expect((await ann.request("DELETE", "/api/v1/friends/nope")).status).toBe(400);
  });

  it("treats a user id in capitals like the same user", async () => {
    const [ann, ben] = await Promise.all([signUp("Ann"), signUp("Ben")]);
    expect((await request(ann, ben)).status).toBe(201);
    const accepted = await ben.post(`/api/v1/friends/requests/${ann.user.id.toUpperCase()}/accept`);
    expect(accepted.status).toBe(200);
    const self = await ann.post("/api/v1/friends/requests", { userId: ann.user.id.toUpperCase() });
    expect(self.status).toBe(400);
  });
});

describe("player search", () => {
  let seeker: SignedInClient;
  beforeAll(async () => {
    seeker = await server.signUp({ name: "Zed Seeker" });
    await query("update profiles set handle = 'zed_seeker' where user_id = $1", [seeker.user.id]);
    const targets = await Promise.all(
      Array.from({ length: 12 }, (_, index) => server.signUp({ name: `Quokka Fan ${index + 1}` })),
    );
    await query("update profiles set handle = 'quokka_boss' where user_id = $1", [targets[0]?.user.id]);
    await query("update profiles set name = 'Percent 100% Sure' where user_id = $1", [targets[1]?.user.id]);
  });

  const search = (q: string) => seeker.get(`/api/v1/friends/search?q=${encodeURIComponent(q)}`);

  it("matches name or handle case-insensitively, at most 10, never yourself", async () => {
    const byName = await search("qUoKkA fan");
    expect(byName.status).toBe(200);
    expect(byName.data.items).toHaveLength(10);
    for (const item of byName.data.items) expect(item.relation).toBe("none");
    const byHandle = await search("QUOKKA_B");
    expect(byHandle.data.items.map((i: { user: { handle: string } }) => i.user.handle)).toEqual([
      "quokka_boss",
    ]);
    expect((await search("zed")).data.items).toEqual([]);
    expect((await search("zed_seeker")).data.items).toEqual([]);
  });

  it("ignores empty text and treats LIKE wildcards literally", async () => {
    for (const q of ["", "   "]) expect((await search(q)).data.items).toEqual([]);
    expect((await seeker.get("/api/v1/friends/search")).data.items).toEqual([]);
    const percent = await search("100%");
    expect(percent.data.items.map((i: { user: { name: string } }) => i.user.name)).toEqual([
      "Percent 100% Sure",
    ]);
    expect((await search("%")).data.items).toHaveLength(1);
    expect((await search("_")).data.items.length).toBeLessThanOrEqual(10);
  });

  it("says how each result relates to you", async () => {
    const [ann, ben, cat] = await Promise.all([
      server.signUp({ name: "Relation Ann" }),
      server.signUp({ name: "Relation Ben" }),
      server.signUp({ name: "Relation Cat" }),
    ]);
    const dan = await server.signUp({ name: "Relation Dan" });
    expect((await request(ann, ben)).status).toBe(201);
    expect((await request(cat, ann)).status).toBe(201);
    await makeFriends(ann, dan);
    const results = await ann.get("/api/v1/friends/search?q=relation");
    const relations = Object.fromEntries(
      results.data.items.map((i: { user: { name: string }; relation: string }) => [i.user.name, i.relation]),
    );
    expect(relations).toEqual({
      "Relation Ben": "requested",
      "Relation Cat": "incoming",
      "Relation Dan": "friends",
    });
  });

  it("refuses text longer than 100 characters", async () => {
    const response = await search("x".repeat(101));
    expect(response.status).toBe(400);
  });
});

describe("invites", () => {
  it("creates a 48-hex-character link that expires in 30 days and shows the inviter publicly", async () => {
    const ivy = await signUp("Ivy Inviter");
    const created = await ivy.post("/api/v1/invites");
    expect(created.status, created.text).toBe(201);
    expect(created.data.token).toMatch(/^[0-9a-f]{48}$/);
    expect(created.data.path).toBe(`/invite/${created.data.token}`);
    const days = (Date.parse(created.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const preview = await anonymous.get(`/api/v1/invites/${created.data.token}`);
    expect(preview.status).toBe(200);
    expect(preview.data.inviter).toEqual({
      userId: ivy.user.id,
      name: ivy.user.name,
      avatarUrl: `/api/v1/invites/${created.data.token}/avatar`,
    });
    const avatar = await anonymous.get(preview.data.inviter.avatarUrl);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(avatar.text).toContain(">II</text>");

    await query("update profiles set avatar_url = 'https://cdn.example/ivy.png' where user_id = $1", [
      ivy.user.id,
    ]);
    const withPicture = await anonymous.get(`/api/v1/invites/${created.data.token}`);
    expect(withPicture.data.inviter.avatarUrl).toBe("https://cdn.example/ivy.png");
  });

  it("escapes the inviter's name in the placeholder picture", async () => {
    const ivy = await signUp("Ivy");
    await query(`update profiles set name = '<script>x' where user_id = $1`, [ivy.user.id]);
    const { token } = (await ivy.post("/api/v1/invites")).data;
    const avatar = await anonymous.get(`/api/v1/invites/${token}/avatar`);
    expect(avatar.text).toContain(">&#60;</text>");
    expect(avatar.text).not.toContain("<script");
  });

  it("accepting makes both users friends, records who and when, and is single-use", async () => {
    const [ivy, amy, zoe] = await Promise.all([signUp("Ivy"), signUp("Amy"), signUp("Zoe")]);
    const { token } = (await ivy.post("/api/v1/invites")).data;
    const accepted = await amy.post(`/api/v1/invites/${token}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.data.inviterUserId).toBe(ivy.user.id);
    const invite = (
      await query("select state, accepted_at, accepted_user_id from invites where token = $1", [token])
    ).rows[0];
    expect(invite).toMatchObject({ state: "accepted", accepted_user_id: amy.user.id });
    expect(invite.accepted_at).toBeInstanceOf(Date);
    expect((await follows(ivy, amy)).map((row) => row.status)).toEqual(["accepted", "accepted"]);
    expect((await ivy.get("/api/v1/friends")).data.items[0].user.userId).toBe(amy.user.id);

    // The same user again: the same answer; anyone else: the link is used up.
    const again = await amy.post(`/api/v1/invites/${token}/accept`);
    expect(again.status).toBe(200);
    expect(again.data).toEqual(accepted.data);
    const reused = await zoe.post(`/api/v1/invites/${token}/accept`);
    expect(reused.status).toBe(404);
    expect(reused.data.error.message).toBe("Invalid or expired invite");
    expect(await follows(ivy, zoe)).toEqual([]);
    expect((await anonymous.get(`/api/v1/invites/${token}`)).status).toBe(404);
  });

  it("turns pending requests between them into a friendship", async () => {
    const [ivy, amy] = await Promise.all([signUp("Ivy"), signUp("Amy")]);
    expect((await request(amy, ivy)).status).toBe(201);
    const { token } = (await ivy.post("/api/v1/invites")).data;
    expect((await amy.post(`/api/v1/invites/${token}/accept`)).status).toBe(200);
    const rows = await follows(amy, ivy);
    expect(rows.map((row) => row.status)).toEqual(["accepted", "accepted"]);
    expect((await ivy.get("/api/v1/friends/requests")).data.incomingCount).toBe(0);
  });

  it("accepting an invite from a friend keeps the friendship as it was", async () => {
    const [ivy, amy] = await Promise.all([signUp("Ivy"), signUp("Amy")]);
    await makeFriends(ivy, amy);
    const before = await follows(ivy, amy);
    const { token } = (await ivy.post("/api/v1/invites")).data;
    expect((await amy.post(`/api/v1/invites/${token}/accept`)).status).toBe(200);
    expect(await follows(ivy, amy)).toEqual(before);
  });

  it("refuses your own invite with a clear message and leaves it usable", async () => {
    const ivy = await signUp("Ivy");
    const { token } = (await ivy.post("/api/v1/invites")).data;
    const own = await ivy.post(`/api/v1/invites/${token}/accept`);
    expect(own.status).toBe(409);
    expect(own.data.error.message).toBe(socialNotices.ownInvite);
    expect((await anonymous.get(`/api/v1/invites/${token}`)).status).toBe(200);
  });

  it("an expired invite is invalid to read and to accept", async () => {
    const [ivy, amy] = await Promise.all([signUp("Ivy"), signUp("Amy")]);
    const { token } = (await ivy.post("/api/v1/invites")).data;
    await query("update invites set expires_at = now() - interval '1 second' where token = $1", [token]);
    const preview = await anonymous.get(`/api/v1/invites/${token}`);
    expect(preview.status).toBe(404);
    expect(preview.data.error.message).toBe("Invalid or expired invite");
    expect((await anonymous.get(`/api/v1/invites/${token}/avatar`)).status).toBe(404);
    const accepted = await amy.post(`/api/v1/invites/${token}/accept`);
    expect(accepted.status).toBe(404);
    expect(accepted.data.error.message).toBe("Invalid or expired invite");
    expect(await follows(ivy, amy)).toEqual([]);
  });

  it("unknown and malformed tokens are the same 404", async () => {
    const amy = await signUp("Amy");
    for (const token of ["a".repeat(48), "not-a-token", "A".repeat(48), "z"]) {
      expect((await anonymous.get(`/api/v1/invites/${token}`)).status, token).toBe(404);
      const accepted = await amy.post(`/api/v1/invites/${token}/accept`);
      expect(accepted.status, token).toBe(404);
      expect(accepted.data.error.message).toBe("Invalid or expired invite");
    }
  });

  it("two users accepting one invite at once: exactly one wins", async () => {
    const [ivy, amy, bob] = await Promise.all([signUp("Ivy"), signUp("Amy"), signUp("Bob")]);
    const { token } = (await ivy.post("/api/v1/invites")).data;
    const results = await Promise.all([
      amy.post(`/api/v1/invites/${token}/accept`),
      bob.post(`/api/v1/invites/${token}/accept`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await ivy.get("/api/v1/friends")).data.count).toBe(1);
  });

  it(`allows ${OPEN_INVITES_LIMIT} open invites per user, then 409; used or expired ones free a place`, async () => {
    const [ivy, amy] = await Promise.all([signUp("Ivy"), signUp("Amy")]);
    const created = await Promise.all(
      Array.from({ length: OPEN_INVITES_LIMIT + 3 }, () => ivy.post("/api/v1/invites")),
    );
    expect(created.filter((r) => r.status === 201)).toHaveLength(OPEN_INVITES_LIMIT);
    const refused = created.filter((r) => r.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.data.error.message).toBe(socialNotices.tooManyInvites);

    const token = created.find((r) => r.status === 201)?.data.token;
    expect((await amy.post(`/api/v1/invites/${token}/accept`)).status).toBe(200);
    expect((await ivy.post("/api/v1/invites")).status).toBe(201);
    expect((await ivy.post("/api/v1/invites")).status).toBe(409);
    await query(
      "update invites set expires_at = now() - interval '1 day' where inviter_user_id = $1 and state = 'sent' and token = (select token from invites where inviter_user_id = $1 and state = 'sent' limit 1)",
      [ivy.user.id],
    );
    expect((await ivy.post("/api/v1/invites")).status).toBe(201);
  });
});

describe("signed out", () => {
  it("answers 401 to every friends route and to creating or accepting an invite", async () => {
    const id = MISSING;
    for (const [method, path] of [
      ["GET", "/api/v1/friends"],
      ["GET", "/api/v1/friends/search?q=a"],
      ["GET", "/api/v1/friends/requests"],
      ["POST", "/api/v1/friends/requests"],
      ["POST", `/api/v1/friends/requests/${id}/accept`],
      ["DELETE", `/api/v1/friends/requests/${id}`],
      ["DELETE", `/api/v1/friends/${id}`],
      ["POST", "/api/v1/invites"],
      ["POST", `/api/v1/invites/${"a".repeat(48)}/accept`],
    ] as const) {
      const response = await anonymous.request(
        method,
        path,
        method === "POST" ? { json: { userId: id } } : {},
      );
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe("achievements", () => {
  it("becoming friends, by request or by invite, unlocks Study Buddy for both users", async () => {
    const [ann, ben, cal] = await Promise.all([signUp("Ann"), signUp("Ben"), signUp("Cal")]);
    await makeFriends(ann, ben);
    const invite = await cal.post("/api/v1/invites");
    expect(invite.status, invite.text).toBe(201);
    expect((await ann.post(`/api/v1/invites/${invite.data.token}/accept`)).status).toBe(200);

    const earned = async (user: SignedInClient, slug: string) =>
      (
        await query(
          `select ua.progress, ua.earned_at is not null as earned from user_achievements ua
           join achievements a on a.id = ua.achievement_id where ua.user_id = $1 and a.slug = $2`,
          [user.user.id, slug],
        )
      ).rows[0];
    for (const user of [ann, ben, cal])
      expect(await earned(user, "study-buddy")).toEqual({ progress: 1, earned: true });
    // Two friends of the five that Study Circle asks for.
    expect(await earned(ann, "study-circle")).toEqual({ progress: 2, earned: false });
  });
});
