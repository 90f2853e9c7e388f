import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureWebBuild } from "../../../scripts/web-build.ts";
import { startServer, stopOnSignals } from "../../../src/server/main.ts";

/** The production build on a fresh embedded database, as `npm start` runs it, for Playwright. */
const dataDir = path.join(os.tmpdir(), `earmark-e2e-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? "3100",
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`,
  LOG_LEVEL: "warn",
  SIGN_IN_LIMIT_PER_IP: "10000",
  // tests/e2e/podcast.spec.ts serves a listener's feed from a local server on this machine.
  INGEST_ALLOWED_ADDRESSES: "127.0.0.1",
});
delete process.env.DATABASE_URL;

ensureWebBuild();
const server = await startServer();
stopOnSignals(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
process.stdout.write(`e2e server ready at ${server.url}\n`);
