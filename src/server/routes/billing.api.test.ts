import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeStandIn, startStripeStandIn } from "../../../tests/support/stripe-stand-in.ts";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";
import { accountNotices } from "../../domain/account-controls.ts";
import type { BillingStatus } from "../../domain/contract/billing.ts";
import { PAST_DUE_GRACE_DAYS, SUBSCRIPTION_STATUSES } from "../../domain/plans.ts";
import { userRoles } from "../db/schema/account.ts";
import { billingCustomers, billingEvents, subscriptions } from "../db/schema/billing.ts";
import { webhookNotices } from "../services/billing/webhook.ts";

let stripe: StripeStandIn;
let server: TestServer;
let offServer: TestServer;

const DAY = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  stripe = await startStripeStandIn({ customerCreateDelayMs: 30 });
  [server, offServer] = await Promise.all([
    startTestServer({ INGEST_FEEDS: "", ...stripe.env() }),
    startTestServer({ INGEST_FEEDS: "" }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.stop(), offServer.stop()]);
  await stripe.stop();
});

async function rolesOf(userId: string) {
  const rows = await server.deps.db
    .select({ role: userRoles.role, source: userRoles.source })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  return rows;
}

const isPremiumRow = async (userId: string) => (await rolesOf(userId)).some((row) => row.role === "premium");

async function customerOf(user: SignedInClient): Promise<string> {
  const [row] = await server.deps.db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.user.id));
  if (!row) throw new Error("no customer");
  return row.id;
}

/** A signed-in user with a customer (made by a first checkout) and no subscription yet. */
async function userWithCustomer(): Promise<{ user: SignedInClient; customer: string }> {
  const user = await server.signUp();
  expect((await user.post("/api/v1/billing/checkout")).status).toBe(200);
  return { user, customer: await customerOf(user) };
}

async function deliver(payload: string, header: string) {
  return server.client().request("POST", "/api/v1/billing/webhook", {
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": header },
  });
}

function subscriptionEvent(
  type: string,
  customer: string,
  options: { id?: string; timestamp?: number } = {},
) {
  return stripe.signEvent(
    type,
    { id: "sub_from_event", object: "subscription", customer, status: "active" },
    options,
  );
}

describe("checkout", () => {
  it("creates one Stripe customer however many checkouts start at once", async () => {
    const user = await server.signUp();
    const creates = () =>
      stripe.calls.filter((c) => c.method === "POST" && c.path === "/v1/customers").length;
    const before = creates();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => user.post("/api/v1/billing/checkout")),
    );
    for (const response of responses) {
      expect(response.status, response.text).toBe(200);
      expect(response.data.url).toMatch(new RegExp(`^${stripe.origin}/pay/cs_test_`));
    }
    expect(creates() - before).toBe(1);
    const rows = await server.deps.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.user.id));
    expect(rows).toHaveLength(1);
    expect(stripe.customers.get(rows[0]?.stripeCustomerId ?? "")?.metadata).toEqual({ userId: user.user.id });
  });

  it("asks Stripe for the configured price with a 14-day trial, returning to /account", async () => {
    const user = await server.signUp();
    const response = await user.post("/api/v1/billing/checkout");
    const call = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions");
    expect(call?.body).toMatchObject({
      mode: "subscription",
      customer: await customerOf(user),
      client_reference_id: user.user.id,
      line_items: { "0": { price: "price_plus_monthly", quantity: "1" } },
      subscription_data: { trial_period_days: "14" },
      success_url: `${server.url}/account?checkout=success`,
      cancel_url: `${server.url}/account?checkout=cancelled`,
    });
    expect(response.data.url).toContain("/pay/");
  });

  it("ignores a price or amount sent by the client", async () => {
    const user = await server.signUp();
    const response = await user.post("/api/v1/billing/checkout", { price: "price_free_lunch", amount: 0 });
    expect(response.status).toBe(200);
    const call = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions");
    expect(call?.body.line_items).toEqual({ "0": { price: "price_plus_monthly", quantity: "1" } });
  });

  it("gives no second trial, refuses a second Plus, and says 'Failed to start checkout' when Stripe fails", async () => {
    const { user, customer } = await userWithCustomer();
    stripe.setSubscription(customer, { status: "canceled" });
    expect((await user.post("/api/v1/billing/sync")).status).toBe(200);
    await user.post("/api/v1/billing/checkout");
    const call = stripe.calls.findLast((c) => c.path === "/v1/checkout/sessions");
    expect(call?.body.subscription_data).not.toHaveProperty("trial_period_days");

    stripe.failNext("POST", "/v1/checkout/sessions", 400);
    const failed = await user.post("/api/v1/billing/checkout");
    expect(failed.status).toBe(502);
    expect(failed.data.error.message).toContain(accountNotices.checkoutFailed);

    stripe.setSubscription(customer, { status: "active" });
    await user.post("/api/v1/billing/sync");
    const again = await user.post("/api/v1/billing/checkout");
    expect(again.status).toBe(409);
    expect(again.data.error.message).toBe(accountNotices.alreadyPlus);
  });

  it("refuses a checkout to a member with premium granted by hand, and limits checkouts and syncs per user", async () => {
    const comped = await server.signUp();
    await server.deps.db
      .insert(userRoles)
      .values({ userId: comped.user.id, role: "premium", source: "admin" });
    expect((await comped.post("/api/v1/billing/checkout")).status).toBe(409);

    const eager = await server.signUp();
    for (const [key, count] of [
      [`billing:checkout:${eager.user.id}`, 10],
      [`billing:sync:${eager.user.id}`, 20],
    ] as const) {
      await server.deps.db.$client.query(
        "insert into rate_limits (key, count, window_start) values ($1, $2, now())",
        [key, count],
      );
    }
    const checkout = await eager.post("/api/v1/billing/checkout");
    expect(checkout.status).toBe(429);
    expect(checkout.data.error.message).toBe(
      "Too many checkout attempts. Please wait 1 minute and try again.",
    );
    const sync = await eager.post("/api/v1/billing/sync");
    expect(sync.status).toBe(429);
    expect(sync.data.error.message).toBe("Too many subscription checks. Please wait 1 minute and try again.");
  });

  it("needs a signed-in user", async () => {
    expect((await server.client().post("/api/v1/billing/checkout")).status).toBe(401);
    expect((await server.client().post("/api/v1/billing/portal")).status).toBe(401);
    expect((await server.client().get("/api/v1/billing")).status).toBe(401);
  });
});

describe("the return from Checkout", () => {
  it("syncs at once: the user is Plus with a trialing subscription ending in 14 days", async () => {
    const user = await server.signUp();
    const { data } = await user.post("/api/v1/billing/checkout");
    const sessionId = String(data.url).split("/pay/")[1] ?? "";
    stripe.completeCheckout(sessionId);
    const synced = await user.post("/api/v1/billing/sync");
    expect(synced.status).toBe(200);
    const status = synced.data as BillingStatus;
    expect(status).toMatchObject({ enabled: true, plan: "plus", canManageBilling: true });
    expect(status.subscription?.status).toBe("trialing");
    const ends = new Date(status.subscription?.currentPeriodEnd ?? 0).getTime() / 1000;
    expect(Math.abs(ends - (nowSeconds() + 14 * DAY))).toBeLessThan(60);
    expect(await rolesOf(user.user.id)).toEqual([{ role: "premium", source: "billing" }]);
    expect((await user.get("/api/v1/auth/session")).data.roles).toEqual(["premium"]);
  });

  it("is a no-op for a user who never started a checkout", async () => {
    const user = await server.signUp();
    const synced = await user.post("/api/v1/billing/sync");
    expect(synced.data).toEqual({ enabled: true, plan: "free", subscription: null, canManageBilling: false });
  });
});

describe("the billing portal", () => {
  it("opens for a user with a customer and returns to /account", async () => {
    const { user, customer } = await userWithCustomer();
    const response = await user.post("/api/v1/billing/portal");
    expect(response.status).toBe(200);
    expect(response.data.url).toContain(`${stripe.origin}/portal/`);
    const call = stripe.calls.findLast((c) => c.path === "/v1/billing_portal/sessions");
    expect(call?.body).toEqual({ customer, return_url: `${server.url}/account` });
  });

  it("answers 404 without a customer and 502 'Failed to open billing portal' when Stripe fails", async () => {
    const newcomer = await server.signUp();
    const none = await newcomer.post("/api/v1/billing/portal");
    expect(none.status).toBe(404);
    expect(none.data.error.message).toBe(accountNotices.noBillingAccount);
    const { user } = await userWithCustomer();
    stripe.failNext("POST", "/v1/billing_portal/sessions", 400);
    const failed = await user.post("/api/v1/billing/portal");
    expect(failed.status).toBe(502);
    expect(failed.data.error.message).toContain(accountNotices.portalFailed);
  });
});

describe("the webhook", () => {
  it("acts on a validly signed event and records its id", async () => {
    const { user, customer } = await userWithCustomer();
    stripe.setSubscription(customer, { status: "active" });
    const { payload, header } = subscriptionEvent("customer.subscription.created", customer, {
      id: "evt_valid_1",
    });
    const response = await deliver(payload, header);
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual({ received: true, duplicate: false });
    expect(await isPremiumRow(user.user.id)).toBe(true);
    const events = await server.deps.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, "evt_valid_1"));
    expect(events).toHaveLength(1);
  });

  it("refuses a wrong signature, a missing one, a tampered body and a stale timestamp with 400", async () => {
    const { user, customer } = await userWithCustomer();
    stripe.setSubscription(customer, { status: "active" });
    const { payload, header } = subscriptionEvent("customer.subscription.updated", customer);
    const wrongSecret = header.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`);
    const stale = subscriptionEvent("customer.subscription.updated", customer, {
      timestamp: nowSeconds() - 600,
    });
    for (const [body, signature] of [
      [payload, wrongSecret],
      [payload, ""],
      [payload.replace(customer, "cus_someone_else"), header],
      [stale.payload, stale.header],
    ] as const) {
      const response = await deliver(body, signature);
      expect(response.status).toBe(400);
      expect(response.data.error.message).toBe(webhookNotices.badSignature);
    }
    expect(await isPremiumRow(user.user.id)).toBe(false);
  });

  it("treats a replayed delivery of the same event as a duplicate that changes nothing", async () => {
    const { user, customer } = await userWithCustomer();
    stripe.setSubscription(customer, { status: "active" });
    const event = subscriptionEvent("invoice.paid", customer, { id: "evt_replayed" });
    expect((await deliver(event.payload, event.header)).data.duplicate).toBe(false);
    expect(await isPremiumRow(user.user.id)).toBe(true);
    // Stripe cancels meanwhile; the replay must not re-read and must not double-process.
    stripe.setSubscription(customer, { status: "canceled" });
    const replay = await deliver(event.payload, event.header);
    expect(replay.status).toBe(200);
    expect(replay.data).toEqual({ received: true, duplicate: true });
    expect(await isPremiumRow(user.user.id)).toBe(true);
  });

  it("handles one event delivered twice at the same moment once", async () => {
    const { user, customer } = await userWithCustomer();
    stripe.setSubscription(customer, { status: "active" });
    const event = subscriptionEvent("customer.subscription.created", customer, { id: "evt_twice_at_once" });
    const answers = await Promise.all([
      deliver(event.payload, event.header),
      deliver(event.payload, event.header),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.data.duplicate).sort()).toEqual([false, true]);
    expect(await rolesOf(user.user.id)).toEqual([{ role: "premium", source: "billing" }]);
  });

  it("converges on Stripe's current state whatever order events arrive in", async () => {
    const { user, customer } = await userWithCustomer();
    // The subscription was created, then cancelled; the deletion event arrives first.
    stripe.setSubscription(customer, { status: "canceled" });
    await deliver(
      ...(Object.values(subscriptionEvent("customer.subscription.deleted", customer)) as [string, string]),
    );
    expect(await isPremiumRow(user.user.id)).toBe(false);
    // The late "created" event re-reads Stripe, which still says canceled: no Plus.
    await deliver(
      ...(Object.values(subscriptionEvent("customer.subscription.created", customer)) as [string, string]),
    );
    expect(await isPremiumRow(user.user.id)).toBe(false);
    const [row] = await server.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.user.id));
    expect(row?.status).toBe("canceled");
  });

  it("maps every subscription status to Plus or Free, setting and removing the premium role", async () => {
    const { user, customer } = await userWithCustomer();
    const expected: Record<string, boolean> = {
      trialing: true,
      active: true,
      past_due: true,
      canceled: false,
      unpaid: false,
      incomplete_expired: false,
      incomplete: false,
      paused: false,
    };
    for (const status of SUBSCRIPTION_STATUSES) {
      stripe.setSubscription(customer, { status, currentPeriodEnd: nowSeconds() + 5 * DAY });
      const response = await deliver(
        ...(Object.values(subscriptionEvent("customer.subscription.updated", customer)) as [string, string]),
      );
      expect(response.status).toBe(200);
      expect(await isPremiumRow(user.user.id), status).toBe(expected[status]);
      const billing = (await user.get("/api/v1/billing")).data as BillingStatus;
      expect(billing.subscription?.status).toBe(status);
      expect(billing.plan, status).toBe(expected[status] ? "plus" : "free");
    }
  });

  it("ends Plus for a past_due subscription once the grace period after the period end is over", async () => {
    const { user, customer } = await userWithCustomer();
    stripe.setSubscription(customer, {
      status: "past_due",
      currentPeriodEnd: nowSeconds() - (PAST_DUE_GRACE_DAYS - 1) * DAY,
    });
    await deliver(
      ...(Object.values(subscriptionEvent("invoice.payment_failed", customer)) as [string, string]),
    );
    expect(await isPremiumRow(user.user.id)).toBe(true);
    stripe.setSubscription(customer, {
      status: "past_due",
      currentPeriodEnd: nowSeconds() - (PAST_DUE_GRACE_DAYS + 1) * DAY,
    });
    await deliver(
      ...(Object.values(subscriptionEvent("invoice.payment_failed", customer)) as [string, string]),
    );
    expect(await isPremiumRow(user.user.id)).toBe(false);
  });

  it("never removes premium an admin granted by hand", async () => {
    const { user, customer } = await userWithCustomer();
    await server.deps.db.insert(userRoles).values({ userId: user.user.id, role: "premium", source: "admin" });
    stripe.setSubscription(customer, { status: "canceled" });
    await deliver(
      ...(Object.values(subscriptionEvent("customer.subscription.deleted", customer)) as [string, string]),
    );
    expect(await rolesOf(user.user.id)).toEqual([{ role: "premium", source: "admin" }]);
  });

  it("acknowledges events it does not act on, and customers it does not know", async () => {
    const other = stripe.signEvent("customer.created", { id: "cus_x", object: "customer" });
    expect((await deliver(other.payload, other.header)).data).toEqual({ received: true, duplicate: false });
    const unknown = subscriptionEvent("customer.subscription.updated", "cus_unknown");
    expect((await deliver(unknown.payload, unknown.header)).status).toBe(200);
  });

  it("answers 502 and leaves the event unrecorded when Stripe cannot be read, so a retry applies it", async () => {
    const { user, customer } = await userWithCustomer();
    stripe.setSubscription(customer, { status: "active" });
    const event = subscriptionEvent("customer.subscription.updated", customer, { id: "evt_retry_me" });
    stripe.failNext("GET", "/v1/subscriptions", 400);
    expect((await deliver(event.payload, event.header)).status).toBe(502);
    expect(await isPremiumRow(user.user.id)).toBe(false);
    const retried = await deliver(event.payload, event.header);
    expect(retried.data).toEqual({ received: true, duplicate: false });
    expect(await isPremiumRow(user.user.id)).toBe(true);
  });
});

describe("billing off (no Stripe configuration)", () => {
  it("answers checkout, portal, sync and webhook with 503 and says so in the status", async () => {
    const user = await offServer.signUp();
    for (const path of ["/api/v1/billing/checkout", "/api/v1/billing/portal", "/api/v1/billing/sync"]) {
      const response = await user.post(path);
      expect(response.status, path).toBe(503);
      expect(response.data.error).toEqual({ code: "NOT_CONFIGURED", message: accountNotices.billingOff });
    }
    const webhook = await offServer.client().request("POST", "/api/v1/billing/webhook", {
      body: "{}",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(webhook.status).toBe(503);
    expect((await offServer.client().get("/api/v1/config")).data.billingEnabled).toBe(false);
    expect((await server.client().get("/api/v1/config")).data.billingEnabled).toBe(true);
    expect((await user.get("/api/v1/billing")).data).toEqual({
      enabled: false,
      plan: "free",
      subscription: null,
      canManageBilling: false,
    });
  });

  it("still honours premium granted by an admin", async () => {
    const user = await offServer.signUp();
    await offServer.deps.db.insert(userRoles).values({ userId: user.user.id, role: "premium" });
    expect((await user.get("/api/v1/billing")).data.plan).toBe("plus");
    const rows = await offServer.deps.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.user.id), eq(userRoles.role, "premium")));
    expect(rows[0]?.source).toBe("admin");
  });
});
