import { createRoute } from "@hono/zod-openapi";
import {
  billingRedirectSchema,
  billingStatusSchema,
  webhookReceiptSchema,
} from "../../domain/contract/billing.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorBodySchema } from "../lib/errors.ts";
import { errorResponses, jsonResponse } from "../lib/openapi.ts";
import {
  type BillingDeps,
  createCheckoutSession,
  createPortalSession,
  getBillingStatus,
  syncUser,
} from "../services/billing/billing-service.ts";
import { createStripeClient } from "../services/billing/stripe-client.ts";
import { handleWebhook } from "../services/billing/webhook.ts";

const notConfigured = {
  503: {
    description: "Billing is not configured on this server",
    content: { "application/json": { schema: errorBodySchema } },
  },
} as const;

const upstreamFailed = {
  502: {
    description: "Stripe could not be reached or refused the request",
    content: { "application/json": { schema: errorBodySchema } },
  },
} as const;

/** The billing dependencies: the Stripe SDK when billing is configured, else null (billing off). */
export function createBillingDeps(deps: AppDeps): BillingDeps {
  return { ...deps, stripe: deps.config.billing ? createStripeClient(deps.config.billing) : null };
}

/** Plus billing with Stripe (decision 030). */
export function createBillingRoutes(billing: BillingDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/billing",
      tags: ["billing"],
      summary: "My plan, my subscription's status and whether the billing portal can open",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Billing status", billingStatusSchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await getBillingStatus(billing, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/billing/checkout",
      tags: ["billing"],
      summary:
        "create-checkout-session: a Stripe Checkout Session for Plus (14-day trial on the first subscription); the browser goes to url",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("The Checkout Session's URL", billingRedirectSchema),
        ...errorResponses(401, 409, 429),
        ...upstreamFailed,
        ...notConfigured,
      },
    }),
    async (c) => c.json(await createCheckoutSession(billing, getUser(c)), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/billing/portal",
      tags: ["billing"],
      summary:
        "create-portal-session: a Stripe billing-portal session for my customer; the browser goes to url",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("The portal session's URL", billingRedirectSchema),
        ...errorResponses(401, 404),
        ...upstreamFailed,
        ...notConfigured,
      },
    }),
    async (c) => c.json(await createPortalSession(billing, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/billing/sync",
      tags: ["billing"],
      summary: "Re-read my subscription from Stripe (the return from Checkout) and answer the result",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("Billing status after the sync", billingStatusSchema),
        ...errorResponses(401, 429),
        ...upstreamFailed,
        ...notConfigured,
      },
    }),
    async (c) => {
      const userId = getUser(c).id;
      await syncUser(billing, userId);
      return c.json(await getBillingStatus(billing, userId), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/billing/webhook",
      tags: ["billing"],
      summary:
        "Stripe webhook: the raw body signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature); each event id is handled once",
      "x-access": "public",
      responses: {
        200: jsonResponse("Received", webhookReceiptSchema),
        ...errorResponses(400),
        ...upstreamFailed,
        ...notConfigured,
      },
    }),
    async (c) => {
      // The exact bytes Stripe signed: parsed JSON re-serialised would not match the signature.
      const raw = await c.req.text();
      return c.json(await handleWebhook(billing, raw, c.req.header("stripe-signature")), 200);
    },
  );

  return router;
}
