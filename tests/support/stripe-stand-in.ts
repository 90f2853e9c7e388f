import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Stripe from "stripe";

/**
 * A local HTTP server speaking the part of Stripe's API that Earmark uses (decision 030):
 * customers (create, retrieve), Checkout Sessions (create), billing-portal sessions (create) and
 * subscriptions (list, cancel), with Stripe's form-encoded requests, idempotency keys and error
 * bodies. It also serves the pages the browser is sent to: a Checkout page whose "Start trial"
 * creates the subscription and returns to success_url, and a portal page linking back.
 *
 * Tests drive it directly: `setSubscription` changes what Stripe "knows", `signEvent` builds a
 * webhook delivery signed as Stripe would, `failNext` makes the next matching call fail.
 */

export type StandInSubscription = {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  created: number;
  currentPeriodEnd: number;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  priceId: string;
};

type CheckoutSession = {
  id: string;
  customer: string;
  priceId: string;
  trialDays: number | null;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string | null;
  completed: boolean;
};

export type StandInOptions = {
  secretKey?: string;
  webhookSecret?: string;
  port?: number;
  /** Delay before a customer is created, to widen races in tests (ms). */
  customerCreateDelayMs?: number;
  /** Where "Start trial" also delivers a signed checkout.session.completed (optional). */
  webhookUrl?: string;
};

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

/** Stripe's bracketed form keys (a[b][0][c]=1) as nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const stripeError = (response: ServerResponse, status: number, message: string) =>
  sendJson(response, status, { error: { type: "invalid_request_error", message } });

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export async function startStripeStandIn(options: StandInOptions = {}) {
  const secretKey = options.secretKey ?? "sk_test_stand_in";
  const webhookSecret = options.webhookSecret ?? "whsec_stand_in";
  const customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  const subscriptions = new Map<string, StandInSubscription>();
  const sessions = new Map<string, CheckoutSession>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures: { method: string; path: string; status: number }[] = [];
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const signer = new Stripe(secretKey);
  let origin = "";

  const toSubscription = (sub: StandInSubscription) => ({
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    created: sub.created,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    trial_end: sub.trialEnd,
    metadata: {},
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: "subscription_item",
          current_period_start: sub.created,
          current_period_end: sub.currentPeriodEnd,
          price: { id: sub.priceId, object: "price" },
        },
      ],
    },
  });

  function signEvent(
    type: string,
    object: Record<string, unknown>,
    at: { id?: string; timestamp?: number } = {},
  ) {
    const payload = JSON.stringify({
      id: at.id ?? newId("evt"),
      object: "event",
      type,
      created: now(),
      data: { object },
      livemode: false,
      api_version: "2026-10-28.endive",
    });
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      ...(at.timestamp === undefined ? {} : { timestamp: at.timestamp }),
    });
    return { payload, header };
  }

  function completeCheckout(session: CheckoutSession): StandInSubscription {
    session.completed = true;
    const created = now();
    const trialEnd = session.trialDays ? created + session.trialDays * DAY : null;
    const sub: StandInSubscription = {
      id: newId("sub"),
      customer: session.customer,
      status: trialEnd ? "trialing" : "active",
      created,
      currentPeriodEnd: trialEnd ?? created + 30 * DAY,
      trialEnd,
      cancelAtPeriodEnd: false,
      priceId: session.priceId,
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(response, 401, "Invalid API Key provided.");
    }
    const method = request.method ?? "GET";
    const body = parseForm(await readBody(request));
    calls.push({ method, path: url.pathname, body });
    const failure = failures.findIndex((f) => f.method === method && url.pathname.startsWith(f.path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return stripeError(response, f?.status ?? 500, "The stand-in was told to fail this call.");
    }
    const key = request.headers["idempotency-key"];
    const idempotencyKey = method === "POST" && typeof key === "string" ? `${url.pathname}:${key}` : null;
    const remembered = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (remembered) return sendJson(response, remembered.status, remembered.body);
    const reply = (status: number, json: unknown) => {
      if (idempotencyKey) idempotent.set(idempotencyKey, { status, body: json });
      sendJson(response, status, json);
    };

    const path = url.pathname;
    if (method === "POST" && path === "/v1/customers") {
      if (options.customerCreateDelayMs)
        await new Promise((r) => setTimeout(r, options.customerCreateDelayMs));
      const customer = {
        id: newId("cus"),
        email: typeof body.email === "string" ? body.email : null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
      };
      customers.set(customer.id, customer);
      return reply(200, { ...customer, object: "customer" });
    }
    const customerMatch = path.match(/^\/v1\/customers\/([\w-]+)$/);
    if (method === "GET" && customerMatch) {
      const customer = customers.get(customerMatch[1] ?? "");
      return customer
        ? reply(200, { ...customer, object: "customer" })
        : stripeError(response, 404, "No such customer");
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const customer = String(body.customer ?? "");
      if (!customers.has(customer)) return stripeError(response, 400, `No such customer: '${customer}'`);
      const lineItems = (body.line_items ?? {}) as Record<string, { price?: string }>;
      const subscriptionData = (body.subscription_data ?? {}) as { trial_period_days?: string };
      const session: CheckoutSession = {
        id: newId("cs_test"),
        customer,
        priceId: String(lineItems["0"]?.price ?? ""),
        trialDays: subscriptionData.trial_period_days ? Number(subscriptionData.trial_period_days) : null,
        successUrl: String(body.success_url ?? ""),
        cancelUrl: String(body.cancel_url ?? ""),
        clientReferenceId: typeof body.client_reference_id === "string" ? body.client_reference_id : null,
        completed: false,
      };
      sessions.set(session.id, session);
      return reply(200, {
        id: session.id,
        object: "checkout.session",
        mode: body.mode,
        customer,
        url: `${origin}/pay/${session.id}`,
      });
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = String(body.customer ?? "");
      if (!customers.has(customer)) return stripeError(response, 400, `No such customer: '${customer}'`);
      const id = newId("bps");
      const returnUrl = encodeURIComponent(String(body.return_url ?? ""));
      return reply(200, {
        id,
        object: "billing_portal.session",
        customer,
        url: `${origin}/portal/${id}?return=${returnUrl}`,
      });
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const customer = url.searchParams.get("customer");
      const data = [...subscriptions.values()]
        .filter((sub) => sub.customer === customer)
        .sort((a, b) => b.created - a.created)
        .map(toSubscription);
      return reply(200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
    }
    const subscriptionMatch = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (method === "DELETE" && subscriptionMatch) {
      const sub = subscriptions.get(subscriptionMatch[1] ?? "");
      if (!sub) return stripeError(response, 404, "No such subscription");
      sub.status = "canceled";
      return reply(200, toSubscription(sub));
    }
    return stripeError(response, 404, `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL) {
    const payMatch = url.pathname.match(/^\/pay\/([\w-]+)$/);
    const session = payMatch ? sessions.get(payMatch[1] ?? "") : undefined;
    if (session && request.method === "GET") {
      const trial = session.trialDays ? `${session.trialDays} days free, then` : "";
      return response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          page(
            "Stand-in Checkout",
            `<p>Earmark Plus: ${trial} SEK 79 per month.</p><form method="post"><button type="submit">Start trial</button></form><p><a href="${session.cancelUrl}">Cancel</a></p>`,
          ),
        );
    }
    if (session && request.method === "POST") {
      await readBody(request);
      const sub = session.completed ? null : completeCheckout(session);
      if (sub && options.webhookUrl) {
        const { payload, header } = signEvent("checkout.session.completed", {
          id: session.id,
          object: "checkout.session",
          customer: session.customer,
          subscription: sub.id,
        });
        await fetch(options.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": header },
          body: payload,
        }).catch(() => undefined);
      }
      return response.writeHead(303, { location: session.successUrl }).end();
    }
    if (url.pathname.startsWith("/portal/")) {
      const back = url.searchParams.get("return") ?? "/";
      return response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(page("Stand-in billing portal", `<p><a href="${back}">Return to Earmark</a></p>`));
    }
    response.writeHead(404, { "content-type": "text/plain" }).end("not found");
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const handler = url.pathname.startsWith("/v1/") ? handleApi : handlePage;
    handler(request, response, url).catch((error: unknown) => {
      stripeError(response, 500, error instanceof Error ? error.message : "stand-in failure");
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  return {
    origin,
    secretKey,
    webhookSecret,
    customers,
    subscriptions,
    sessions,
    calls,
    /** The env that points Earmark at this stand-in. */
    env: (priceId = "price_plus_monthly") => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PRICE_ID: priceId,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: origin,
    }),
    signEvent,
    completeCheckout: (sessionId: string) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return completeCheckout(session);
    },
    /** Creates or changes the customer's newest subscription. */
    setSubscription(
      customer: string,
      change: Partial<Pick<StandInSubscription, "status" | "currentPeriodEnd" | "cancelAtPeriodEnd">>,
    ): StandInSubscription {
      const newest = [...subscriptions.values()]
        .filter((sub) => sub.customer === customer)
        .sort((a, b) => b.created - a.created)[0];
      const sub = newest ?? {
        id: newId("sub"),
        customer,
        status: "active" as const,
        created: now(),
        currentPeriodEnd: now() + 30 * DAY,
        trialEnd: null,
        cancelAtPeriodEnd: false,
        priceId: "price_plus_monthly",
      };
      Object.assign(sub, change);
      subscriptions.set(sub.id, sub);
      return sub;
    },
    failNext: (method: string, path: string, status = 400) => failures.push({ method, path, status }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
