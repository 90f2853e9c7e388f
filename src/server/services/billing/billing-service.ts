import { and, eq, sql } from "drizzle-orm";
import { accountNotices } from "../../../domain/account-controls.ts";
import type { BillingStatus } from "../../../domain/contract/billing.ts";
import { PLUS_TRIAL_DAYS, planForSubscription, type SubscriptionStatus } from "../../../domain/plans.ts";
import type { AppDeps, SessionUser } from "../../context.ts";
import type { Database, Tx } from "../../db/client.ts";
import { userRoles } from "../../db/schema/account.ts";
import { billingCustomers, subscriptions } from "../../db/schema/billing.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";
import { idOf, isStripeError, type Stripe, toUpstreamError } from "./stripe-client.ts";

/**
 * Plus billing through Stripe (decision 030). Stripe is the source of truth: every change the
 * server learns of (a webhook, the return from Checkout) re-reads the customer's subscriptions from
 * Stripe and writes what it finds, so duplicate and out-of-order events converge on the same row.
 */
export type BillingDeps = Pick<AppDeps, "db" | "config" | "logger"> & { stripe: Stripe | null };

/** Subscription states that still bill the customer (cancelled before an account is deleted). */
const LIVE_STATUSES = new Set<SubscriptionStatus>([
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "incomplete",
  "paused",
]);

function requireStripe(deps: BillingDeps): Stripe {
  if (!deps.stripe || !deps.config.billing) throw new AppError("NOT_CONFIGURED", accountNotices.billingOff);
  return deps.stripe;
}

/** Serialises work on one user's billing across requests and servers, until the transaction ends. */
async function lockUserBilling(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${userId}`}, 0))`);
}

async function findCustomerId(db: Database | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return row?.id ?? null;
}

/**
 * The user's one Stripe customer, created on first need. Concurrent callers wait on the user's
 * lock, and the second finds the first one's row; the idempotency key covers a retry after Stripe
 * created the customer but the row was not written.
 */
async function ensureCustomer(deps: BillingDeps, stripe: Stripe, user: SessionUser): Promise<string> {
  const existing = await findCustomerId(deps.db, user.id);
  if (existing) return existing;
  return deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, user.id);
    const found = await findCustomerId(tx, user.id);
    if (found) return found;
    const customer = await stripe.customers.create(
      { email: user.email, name: user.name, metadata: { userId: user.id } },
      { idempotencyKey: `earmark-customer-${user.id}` },
    );
    await tx.insert(billingCustomers).values({ userId: user.id, stripeCustomerId: customer.id });
    return customer.id;
  });
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

async function findSubscription(db: Database | Tx, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** Checkout for the configured Plus price: the client never names a price or an amount. */
export async function createCheckoutSession(deps: BillingDeps, user: SessionUser): Promise<{ url: string }> {
  const stripe = requireStripe(deps);
  const billing = deps.config.billing;
  if (!billing) throw new AppError("NOT_CONFIGURED", accountNotices.billingOff);
  await consumeRateLimits(
    deps.db,
    [{ key: `billing:checkout:${user.id}`, limit: 10, windowSeconds: 60 }],
    (wait) => `Too many checkout attempts. Please wait ${wait} and try again.`,
  );
  const [current, premium] = await Promise.all([
    findSubscription(deps.db, user.id),
    deps.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, "premium"))),
  ]);
  // Plus by subscription or by hand: either way there is nothing to buy.
  if (premium.length || (current && planForSubscription(current) === "plus")) {
    throw new AppError("CONFLICT", accountNotices.alreadyPlus);
  }
  try {
    const customer = await ensureCustomer(deps, stripe, user);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [{ price: billing.priceId, quantity: 1 }],
      // The free fortnight is for a first subscription only.
      subscription_data: {
        metadata: { userId: user.id },
        ...(current ? {} : { trial_period_days: PLUS_TRIAL_DAYS }),
      },
      success_url: `${deps.config.publicUrl}/account?checkout=success`,
      cancel_url: `${deps.config.publicUrl}/account?checkout=cancelled`,
    });
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL.");
    return { url: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger.warn({ err: describe(error), userId: user.id }, "checkout failed");
    throw toUpstreamError(accountNotices.checkoutFailed);
  }
}

/** A billing-portal session for the user's customer (update card, invoices, cancel). */
export async function createPortalSession(deps: BillingDeps, userId: string): Promise<{ url: string }> {
  const stripe = requireStripe(deps);
  const customer = await findCustomerId(deps.db, userId);
  if (!customer) throw notFound(accountNotices.noBillingAccount);
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer,
      return_url: `${deps.config.publicUrl}/account`,
    });
    return { url: session.url };
  } catch (error) {
    deps.logger.warn({ err: describe(error), userId }, "billing portal failed");
    throw toUpstreamError(accountNotices.portalFailed);
  }
}

const describe = (error: unknown) =>
  isStripeError(error) ? `${error.type}: ${error.message}` : error instanceof Error ? error.message : error;

/**
 * The subscription that decides the plan among a customer's: one that gives Plus, else the newest.
 * (A customer normally has one; a second appears only if a new checkout followed a cancellation.)
 */
function pickSubscription(list: Stripe.Subscription[], now: Date): Stripe.Subscription | null {
  const sorted = [...list].sort((a, b) => b.created - a.created);
  return sorted.find((sub) => planForSubscription(toState(sub), now) === "plus") ?? sorted[0] ?? null;
}

function toState(sub: Stripe.Subscription) {
  // Since API version 2025-03-31 the period lives on the items; a subscription has one item here.
  const ends = sub.items.data.map((item) => item.current_period_end).filter((end) => typeof end === "number");
  const periodEnd = ends.length ? Math.max(...ends) : (sub.trial_end ?? null);
  return {
    status: sub.status as SubscriptionStatus,
    currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

/**
 * Reads the customer's subscriptions from Stripe and writes them as the truth: the subscriptions
 * row and the billing-granted premium role, in one transaction that holds the user's billing lock
 * from before the read, so two syncs cannot write an older read over a newer one. `inTx` runs in
 * the same transaction (the webhook records its event id there).
 */
export async function syncCustomer(
  deps: BillingDeps,
  userId: string,
  customerId: string,
  inTx?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const stripe = requireStripe(deps);
  await deps.db.transaction(async (tx) => {
    await lockUserBilling(tx, userId);
    const now = new Date();
    const list = await stripe.subscriptions.list({ customer: customerId, status: "all", limit: 20 });
    const chosen = pickSubscription(list.data, now);
    if (!chosen) {
      await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
    } else {
      const state = toState(chosen);
      const values = {
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        stripeCustomerId: customerId,
        stripeSubscriptionId: chosen.id,
        updatedAt: now,
      };
      await tx
        .insert(subscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    }
    const isPlus = chosen !== null && planForSubscription(toState(chosen), now) === "plus";
    if (isPlus) {
      await tx.insert(userRoles).values({ userId, role: "premium", source: "billing" }).onConflictDoNothing();
    } else {
      // Only what billing granted: premium an admin granted by hand stays.
      await tx
        .delete(userRoles)
        .where(
          and(eq(userRoles.userId, userId), eq(userRoles.role, "premium"), eq(userRoles.source, "billing")),
        );
    }
    if (inTx) await inTx(tx);
  });
}

/** The return from Checkout: the same sync as a webhook, so the page shows Plus at once. */
export async function syncUser(deps: BillingDeps, userId: string): Promise<void> {
  requireStripe(deps);
  // Each sync is a Stripe call: enough for a page that is reloaded, not for a loop.
  await consumeRateLimits(
    deps.db,
    [{ key: `billing:sync:${userId}`, limit: 20, windowSeconds: 60 }],
    (wait) => `Too many subscription checks. Please wait ${wait} and try again.`,
  );
  const customer = await findCustomerId(deps.db, userId);
  if (!customer) return;
  try {
    await syncCustomer(deps, userId, customer);
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger.warn({ err: describe(error), userId }, "billing sync failed");
    throw toUpstreamError("Your subscription could not be checked");
  }
}

export async function getBillingStatus(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  const [row, customer, premium] = await Promise.all([
    findSubscription(deps.db, userId),
    findCustomerId(deps.db, userId),
    deps.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "premium"))),
  ]);
  return {
    enabled: deps.stripe !== null,
    plan: premium.length ? "plus" : "free",
    subscription: row
      ? {
          status: row.status,
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        }
      : null,
    canManageBilling: deps.stripe !== null && customer !== null,
  };
}

/**
 * Before an account is deleted: cancels, at once, every subscription that could still bill the
 * user. Without billing configured there is nothing to cancel unless a customer was stored, in
 * which case deletion refuses rather than leave a paying subscription behind.
 */
export async function cancelSubscriptionsForDeletion(deps: BillingDeps, userId: string): Promise<void> {
  const customer = await findCustomerId(deps.db, userId);
  if (!customer) return;
  if (!deps.stripe) {
    throw new AppError(
      "NOT_CONFIGURED",
      "Your account has a Plus subscription that cannot be cancelled while billing is not configured. Please contact support.",
    );
  }
  try {
    const list = await deps.stripe.subscriptions.list({ customer, status: "all", limit: 20 });
    for (const sub of list.data) {
      if (LIVE_STATUSES.has(sub.status as SubscriptionStatus)) {
        await deps.stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: `earmark-delete-${sub.id}` });
      }
    }
  } catch (error) {
    deps.logger.warn({ err: describe(error), userId }, "cancel before deletion failed");
    throw toUpstreamError("Your subscription could not be cancelled, so your account was not deleted");
  }
}

export { findCustomerId, idOf };
