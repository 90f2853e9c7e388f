import { eq } from "drizzle-orm";
import { accountNotices } from "../../../domain/account-controls.ts";
import type { WebhookReceipt } from "../../../domain/contract/billing.ts";
import type { Tx } from "../../db/client.ts";
import { billingCustomers, billingEvents } from "../../db/schema/billing.ts";
import { AppError } from "../../lib/errors.ts";
import { type BillingDeps, syncCustomer } from "./billing-service.ts";
import { idOf, isStripeError, type Stripe } from "./stripe-client.ts";

/** The events that can change a customer's subscription; each one triggers a full re-read. */
export const SUBSCRIPTION_EVENTS = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

/** How old a signed timestamp may be (Stripe's default): an older delivery is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const webhookNotices = {
  badSignature: "The webhook signature could not be verified.",
} as const;

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  return idOf(object.customer ?? null);
}

/**
 * POST /billing/webhook: the raw body's signature is verified first (nothing else is believed
 * before that), an event id already processed is acknowledged without effect, and a subscription
 * event re-reads the customer's subscriptions from Stripe (billing-service.syncCustomer). The event
 * id is recorded in the transaction that writes the result, so a failure leaves it unrecorded and
 * Stripe's retry runs it again.
 */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookReceipt> {
  const { stripe } = deps;
  const billing = deps.config.billing;
  if (!stripe || !billing) throw new AppError("NOT_CONFIGURED", accountNotices.billingOff);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature ?? "",
      billing.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (error) {
    const reason = isStripeError(error) || error instanceof Error ? error.message : String(error);
    deps.logger.warn({ reason }, "webhook refused");
    throw new AppError("BAD_REQUEST", webhookNotices.badSignature);
  }

  const [seen] = await deps.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, event.id));
  if (seen) return { received: true, duplicate: true };

  let isDuplicate = false;
  const record = async (tx: Tx) => {
    const inserted = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    isDuplicate = inserted.length === 0;
  };

  const customerId = SUBSCRIPTION_EVENTS.has(event.type) ? customerOf(event) : null;
  const [owner] = customerId
    ? await deps.db
        .select({ userId: billingCustomers.userId })
        .from(billingCustomers)
        .where(eq(billingCustomers.stripeCustomerId, customerId))
    : [];
  if (!customerId || !owner) {
    // Not ours to act on (another event type, or a customer this server never created).
    if (customerId) deps.logger.warn({ eventId: event.id, customerId }, "webhook for an unknown customer");
    await deps.db.transaction(record);
    return { received: true, duplicate: isDuplicate };
  }
  try {
    await syncCustomer(deps, owner.userId, customerId, record);
  } catch (error) {
    deps.logger.error(
      { eventId: event.id, err: error instanceof Error ? error.message : error },
      "webhook sync failed",
    );
    throw new AppError(
      "UPSTREAM_FAILED",
      "The subscription could not be read from Stripe; the event will be retried.",
    );
  }
  return { received: true, duplicate: isDuplicate };
}
