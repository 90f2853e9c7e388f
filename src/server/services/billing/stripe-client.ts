import Stripe from "stripe";
import type { BillingConfig } from "../../config.ts";
import { AppError } from "../../lib/errors.ts";

export type { Stripe };

/** The SDK for the configured account; STRIPE_API_URL points it at another host (a stand-in). */
export function createStripeClient(billing: BillingConfig): Stripe {
  return new Stripe(billing.secretKey, {
    ...(billing.api ?? {}),
    // Retries reuse the SDK's idempotency key, so a retried create never makes two objects.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "Earmark" },
  });
}

/** A Stripe failure as the API's 502, with the message the screen shows; the cause is logged. */
export function toUpstreamError(message: string) {
  return new AppError("UPSTREAM_FAILED", `${message}. Please try again in a moment.`);
}

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** The id of an expandable reference (a string, or the object when expanded). */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;
