import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "../plans.ts";
import { orNull } from "./or-null.ts";

/** The billing and account-page API (src/server/routes/billing.ts; decision 030). */

const dateTime = () => z.string().meta({ format: "date-time" });

export const subscriptionSummarySchema = z
  .object({
    status: z.enum(SUBSCRIPTION_STATUSES),
    currentPeriodEnd: dateTime()
      .nullable()
      .meta({ description: "When the trial ends (trialing) or the paid period renews or ends" }),
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: "SubscriptionSummary" });
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

export const billingStatusSchema = z
  .object({
    enabled: z.boolean().meta({ description: "False when this server has no Stripe configuration" }),
    plan: z.enum(["free", "plus"]),
    subscription: orNull(subscriptionSummarySchema),
    canManageBilling: z.boolean().meta({ description: "A Stripe customer exists: the portal can open" }),
  })
  .meta({ id: "BillingStatus" });
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** Where the browser goes next: a Checkout or billing-portal session. */
export const billingRedirectSchema = z.object({ url: z.url() }).meta({ id: "BillingRedirect" });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const webhookReceiptSchema = z
  .object({
    received: z.literal(true),
    duplicate: z.boolean().meta({ description: "The event id was handled before; nothing changed" }),
  })
  .meta({ id: "WebhookReceipt" });
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

export const accountOverviewSchema = z
  .object({
    email: z.string(),
    name: z.string().nullable(),
    handle: z.string().nullable(),
    hasPassword: z.boolean().meta({ description: "False for Google-only accounts" }),
    billing: billingStatusSchema,
  })
  .meta({ id: "AccountOverview" });
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

const rows = () => z.array(z.record(z.string(), z.unknown()));

/** GET /me/export: every personal row, by area; catalog rows are referenced by id. */
export const dataExportSchema = z
  .object({
    exportedAt: dateTime(),
    user: z.object({ id: z.uuid(), name: z.string(), email: z.string(), createdAt: dateTime() }),
    profile: z.record(z.string(), z.unknown()).nullable(),
    roles: rows(),
    subscription: z.record(z.string(), z.unknown()).nullable(),
    answers: rows(),
    quizAttempts: rows(),
    reviewCards: rows(),
    bookmarks: rows(),
    lists: rows(),
    playHistory: rows(),
    playerQueue: rows(),
    followedPodcasts: rows(),
    reflections: rows(),
    askHistory: rows(),
    xpEvents: rows(),
    achievements: rows(),
    friendships: rows(),
    invites: rows(),
    leagues: rows(),
    weeklyScores: rows(),
  })
  .meta({ id: "DataExport" });
export type DataExport = z.infer<typeof dataExportSchema>;
