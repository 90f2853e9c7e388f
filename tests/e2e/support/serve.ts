import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureWebBuild } from "../../../scripts/web-build.ts";
import { startServer, stopOnSignals } from "../../../src/server/main.ts";
import { startStripeStandIn } from "../../support/stripe-stand-in.ts";

/** The production build on a fresh embedded database, as `npm start` runs it, for Playwright. */
const dataDir = path.join(os.tmpdir(), `earmark-e2e-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
const port = Number(process.env.E2E_PORT ?? "3100");
const publicUrl = `http://127.0.0.1:${port}`;
// Billing runs against the local Stripe stand-in on a fixed loopback port beside the app's (its
// Checkout page is where the browser goes; it also delivers the signed webhook, as Stripe would).
const stripe = await startStripeStandIn({
  port: port + 9000,
  webhookUrl: `${publicUrl}/api/v1/billing/webhook`,
});
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: publicUrl,
  LOG_LEVEL: "warn",
  SIGN_IN_LIMIT_PER_IP: "10000",
  // Local feed servers of the e2e tests (the admin lab's import, a listener's added podcast;
  // tests/support/feed-server.ts) run on this machine.
  INGEST_ALLOWED_ADDRESSES: "127.0.0.1",
  // A feed a journey holds back (a show "being read") must outlast that journey's slow steps.
  INGEST_FETCH_TIMEOUT_SECONDS: "120",
  ...stripe.env(),
});
delete process.env.DATABASE_URL;

ensureWebBuild();
const server = await startServer();
stopOnSignals(async () => {
  await server.stop();
  await stripe.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
process.stdout.write(`e2e server ready at ${server.url}\n`);
