import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "../../../tests/support/stripe-stand-in.ts";
import {
  type ApiClient,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from "../../../tests/support/test-server.ts";
import { accountNotices } from "../../domain/account-controls.ts";
import { authNotices } from "../../domain/auth.ts";
import type { AccountOverview, DataExport } from "../../domain/contract/billing.ts";

let stripe: StripeStandIn;
let server: TestServer;

const query = (text: string, values: unknown[] = []) => server.deps.db.$client.query(text, values);

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startTestServer({ INGEST_FEEDS: "", ...stripe.env() });
});
afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

/** A second browser signed in as the same user. */
async function signInAgain(user: SignedInClient, password = user.password): Promise<ApiClient> {
  const client = server.client();
  const response = await client.post("/api/v1/auth/sign-in", { email: user.user.email, password });
  expect(response.status, response.text).toBe(200);
  return client;
}

const isSignedIn = async (client: ApiClient) => (await client.get("/api/v1/me")).status === 200;

/** Rows of every personal kind for the user: an answer, a card, a bookmark, a list, history, a reflection, a chat. */
async function seedPersonalRows(userId: string) {
  const {
    rows: [podcast],
  } = await query("insert into podcasts (name, source_type) values ('Export Pod', 'manual') returning id");
  const {
    rows: [episode],
  } = await query("insert into episodes (podcast_id, title) values ($1, 'Export Episode') returning id", [
    podcast.id,
  ]);
  const {
    rows: [question],
  } = await query(
    "insert into questions (episode_id, stem, choices, answer) values ($1, 'Which?', array['A','B','C','D'], 'A') returning id",
    [episode.id],
  );
  await query(
    "insert into user_answers (user_id, question_id, is_correct, confidence, time_ms) values ($1, $2, true, 3, 1200)",
    [userId, question.id],
  );
  await query("insert into spaced_cards (user_id, question_id) values ($1, $2)", [userId, question.id]);
  await query("insert into user_bookmarks (user_id, episode_id) values ($1, $2)", [userId, episode.id]);
  const {
    rows: [list],
  } = await query("insert into user_lists (user_id, name) values ($1, 'Keepers') returning id", [userId]);
  await query("insert into user_list_episodes (list_id, episode_id) values ($1, $2)", [list.id, episode.id]);
  await query("insert into play_history (user_id, episode_id) values ($1, $2)", [userId, episode.id]);
  const {
    rows: [post],
  } = await query(
    "insert into posts (slug, type, title, published_at) values ($1, 'explainer', 'A post', now()) returning id",
    [`post-${userId.slice(0, 8)}`],
  );
  await query(
    "insert into post_reflections (post_id, user_id, content) values ($1, $2, 'A thoughtful reflection')",
    [post.id, userId],
  );
  await query(
    "insert into episode_chats (user_id, episode_id, question, answer) values ($1, $2, 'Why?', 'Because.')",
    [userId, episode.id],
  );
  return { episodeId: episode.id as string, listId: list.id as string, postId: post.id as string };
}

describe("GET /account", () => {
  it("answers the profile, whether a password is set, and the plan", async () => {
    const user = await server.signUp({ name: "Avery" });
    const response = await user.get("/api/v1/account");
    expect(response.status).toBe(200);
    const overview = response.data as AccountOverview;
    expect(overview).toEqual({
      email: user.user.email,
      name: "Avery",
      handle: null,
      hasPassword: true,
      billing: { enabled: true, plan: "free", subscription: null, canManageBilling: false },
    });
    expect((await server.client().get("/api/v1/account")).status).toBe(401);
  });
});

describe("change password", () => {
  it("needs the current password, signs out the other sessions and keeps this one", async () => {
    const user = await server.signUp();
    const phone = await signInAgain(user);
    const wrong = await user.request("PUT", "/api/v1/me/password", {
      json: { currentPassword: "not-my-password", newPassword: "brand-new-pass" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.message).toBe(accountNotices.wrongCurrentPassword);
    expect(await isSignedIn(phone)).toBe(true);

    const same = await user.request("PUT", "/api/v1/me/password", {
      json: { currentPassword: user.password, newPassword: user.password },
    });
    expect(same.status).toBe(400);
    expect(same.data.error.fields).toEqual({ newPassword: accountNotices.samePassword });

    const changed = await user.request("PUT", "/api/v1/me/password", {
      json: { currentPassword: user.password, newPassword: "brand-new-pass" },
    });
    expect(changed.status, changed.text).toBe(204);
    expect(await isSignedIn(user)).toBe(true);
    // At once, although the other session was looked up less than SESSION_CACHE_SECONDS ago.
    expect(await isSignedIn(phone)).toBe(false);

    const old = await server
      .client()
      .post("/api/v1/auth/sign-in", { email: user.user.email, password: user.password });
    expect(old.status).toBe(401);
    expect(old.data.error.message).toBe(authNotices.invalidCredentials);
    expect(await isSignedIn(await signInAgain(user, "brand-new-pass"))).toBe(true);
  });

  it("refuses a short new password and anonymous callers", async () => {
    const user = await server.signUp();
    const short = await user.request("PUT", "/api/v1/me/password", {
      json: { currentPassword: user.password, newPassword: "abc" },
    });
    expect(short.status).toBe(400);
    expect(short.data.error.fields).toEqual({ newPassword: authNotices.password.description });
    const anonymous = await server.client().request("PUT", "/api/v1/me/password", {
      json: { currentPassword: "x", newPassword: "brand-new-pass" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the user at once, this one included, and no one else's", async () => {
    const [user, bystander] = await Promise.all([server.signUp(), server.signUp()]);
    const laptop = await signInAgain(user);
    expect(await isSignedIn(laptop)).toBe(true);
    const response = await user.post("/api/v1/me/sign-out-everywhere");
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().join(";")).toMatch(/earmark\.session_token=; Max-Age=0/);
    expect(await isSignedIn(user)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(bystander)).toBe(true);
    expect((await server.client().post("/api/v1/me/sign-out-everywhere")).status).toBe(401);
  });
});

describe("download my data", () => {
  it("holds the profile and every personal row, and nobody else's", async () => {
    const [user, other] = await Promise.all([server.signUp({ name: "Exporter" }), server.signUp()]);
    const { episodeId, listId } = await seedPersonalRows(user.user.id);
    await seedPersonalRows(other.user.id);
    const response = await user.get("/api/v1/me/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="earmark-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.data as DataExport;
    expect(data.user).toMatchObject({ id: user.user.id, email: user.user.email, name: "Exporter" });
    expect(data.profile).toMatchObject({ name: "Exporter" });
    expect(data.answers).toHaveLength(1);
    expect(data.answers[0]).toMatchObject({ userId: user.user.id, isCorrect: true });
    expect(data.reviewCards).toHaveLength(1);
    expect(data.bookmarks).toEqual([expect.objectContaining({ episodeId })]);
    expect(data.lists).toEqual([
      expect.objectContaining({ id: listId, name: "Keepers", episodeIds: [episodeId] }),
    ]);
    expect(data.playHistory).toEqual([expect.objectContaining({ episodeId })]);
    expect(data.reflections).toEqual([expect.objectContaining({ content: "A thoughtful reflection" })]);
    expect(data.askHistory).toEqual([expect.objectContaining({ question: "Why?" })]);
    expect(JSON.stringify(data)).not.toContain(other.user.id);
    expect((await server.client().get("/api/v1/me/export")).status).toBe(401);
  });
});

describe("delete my account", () => {
  it("needs the typed confirmation", async () => {
    const user = await server.signUp();
    for (const confirmation of ["", "delete it", "DELET"]) {
      const response = await user.post("/api/v1/me/delete", { confirmation });
      expect(response.status).toBe(400);
      expect(response.data.error.fields).toEqual({ confirmation: accountNotices.confirmDeletion });
    }
    expect(await isSignedIn(user)).toBe(true);
  });

  it("cancels the subscription, removes every personal row in one go, signs out and refuses sign-in", async () => {
    const [user, friend] = await Promise.all([server.signUp(), server.signUp()]);
    const phone = await signInAgain(user);
    const { postId } = await seedPersonalRows(user.user.id);
    // A Plus member who owns a league with a friend in it.
    const checkout = await user.post("/api/v1/billing/checkout");
    stripe.completeCheckout(String(checkout.data.url).split("/pay/")[1] ?? "");
    expect((await user.post("/api/v1/billing/sync")).data.plan).toBe("plus");
    const league = await user.post("/api/v1/leagues", { name: "Deleters" });
    expect(league.status, league.text).toBe(201);
    expect((await friend.post(`/api/v1/leagues/${league.data.id}/members`)).status).toBeLessThan(300);

    const response = await user.post("/api/v1/me/delete", { confirmation: "DELETE" });
    expect(response.status, response.text).toBe(204);

    const subscriptions = [...stripe.subscriptions.values()].filter((sub) =>
      [...stripe.customers.values()].some((c) => c.id === sub.customer && c.metadata.userId === user.user.id),
    );
    expect(subscriptions.map((sub) => sub.status)).toEqual(["canceled"]);
    expect(await isSignedIn(user)).toBe(false);
    expect(await isSignedIn(phone)).toBe(false);
    const signIn = await server
      .client()
      .post("/api/v1/auth/sign-in", { email: user.user.email, password: user.password });
    expect(signIn.status).toBe(401);

    const id = user.user.id;
    const { rows } = await query(
      `select
        (select count(*) from users where id = $1)::int as users,
        (select count(*) from profiles where user_id = $1)::int as profiles,
        (select count(*) from user_answers where user_id = $1)::int as answers,
        (select count(*) from spaced_cards where user_id = $1)::int as cards,
        (select count(*) from user_bookmarks where user_id = $1)::int as bookmarks,
        (select count(*) from user_lists where user_id = $1)::int as lists,
        (select count(*) from play_history where user_id = $1)::int as history,
        (select count(*) from post_reflections where user_id = $1)::int as reflections,
        (select count(*) from episode_chats where user_id = $1)::int as chats,
        (select count(*) from sessions where user_id = $1)::int as sessions,
        (select count(*) from user_roles where user_id = $1)::int as roles,
        (select count(*) from subscriptions where user_id = $1)::int as subscriptions,
        (select count(*) from billing_customers where user_id = $1)::int as customers`,
      [id],
    );
    expect(
      Object.values(rows[0]).every((count) => count === 0),
      JSON.stringify(rows[0]),
    ).toBe(true);
    // The post stays; only the reflection went. The league passed to the friend.
    expect((await query("select count(*)::int as n from posts where id = $1", [postId])).rows[0].n).toBe(1);
    const view = await friend.get(`/api/v1/leagues/${league.data.id}`);
    expect(view.status).toBe(200);
    const leagueRow = await query("select owner_user_id from leagues where id = $1", [league.data.id]);
    expect(leagueRow.rows[0].owner_user_id).toBe(friend.user.id);
  });

  it("deletes nothing when Stripe cannot cancel the subscription", async () => {
    const user = await server.signUp();
    const checkout = await user.post("/api/v1/billing/checkout");
    stripe.completeCheckout(String(checkout.data.url).split("/pay/")[1] ?? "");
    stripe.failNext("DELETE", "/v1/subscriptions/", 400);
    const response = await user.post("/api/v1/me/delete", { confirmation: "DELETE" });
    expect(response.status).toBe(502);
    expect(await isSignedIn(user)).toBe(true);
    expect(
      (await query("select count(*)::int as n from users where id = $1", [user.user.id])).rows[0].n,
    ).toBe(1);
  });
});
