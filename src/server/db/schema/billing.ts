import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "../../../domain/plans.ts";
import { users } from "./auth.ts";
import { createdAt, primaryId, sqlLiterals, updatedAt } from "./columns.ts";

export type { SubscriptionStatus };

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
    // Cancelled in the billing portal but paid up to current_period_end.
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    // Webhooks identify the user by these.
    stripeCustomerId: text("stripe_customer_id").unique("subscriptions_stripe_customer_id_key"),
    stripeSubscriptionId: text("stripe_subscription_id").unique("subscriptions_stripe_subscription_id_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("subscriptions_status_check", sql`${t.status} in (${sqlLiterals(SUBSCRIPTION_STATUSES)})`)],
);

/**
 * The one Stripe customer of a user, created before their first checkout (decision 030). The
 * primary key makes a second customer row for the same user impossible; creation is serialised
 * per user, so concurrent checkouts share one customer.
 */
export const billingCustomers = pgTable("billing_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique("billing_customers_stripe_customer_id_key"),
  createdAt: createdAt(),
});

/** Stripe webhook events already handled, by event id: a redelivered event changes nothing. */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Old rows can be pruned by age (Stripe stops retrying after 3 days).
  (t) => [index("billing_events_processed_at_idx").on(t.processedAt)],
);
