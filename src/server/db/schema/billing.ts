import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, primaryId, updatedAt } from "./columns.ts";

/** Stripe subscription states, mirrored verbatim from webhooks. */
export const subscriptionStatuses = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The user's Plus subscription as last reported by the payment provider. Entitlement itself is
 * the 'premium' row in user_roles, which the webhook handler grants and revokes.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: primaryId(),
    userId: uuid("user_id")
      .notNull()
      .unique("subscriptions_user_id_key")
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<SubscriptionStatus>().notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    // Webhooks identify the user by these.
    stripeCustomerId: text("stripe_customer_id").unique("subscriptions_stripe_customer_id_key"),
    stripeSubscriptionId: text("stripe_subscription_id").unique("subscriptions_stripe_subscription_id_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "subscriptions_status_check",
      sql`${t.status} in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')`,
    ),
  ],
);
