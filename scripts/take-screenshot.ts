import { rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { getFreePort } from "../src/server/db/embedded.ts";
import { demoAccounts } from "../src/server/db/seed.ts";
import { startServer } from "../src/server/main.ts";
import { chromiumArgs, resolveChromiumPath } from "../tests/e2e/support/chromium.ts";
import { ensureWebBuild } from "./web-build.ts";

/**
 * `npx tsx scripts/take-screenshot.ts`: the README's screenshot (docs/screenshot.png) as the app is
 * today — the demo learner's home on a fresh server with the demo catalog, 1280×800, dark theme,
 * palette-compressed. Run it when the home page changes and commit the PNG.
 */
const dataDir = path.join(os.tmpdir(), `earmark-screenshot-${process.pid}`);
const port = await getFreePort();
Object.assign(process.env, {
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: "warn",
});
delete process.env.DATABASE_URL;

ensureWebBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: chromiumArgs });
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 800 },
    baseURL: `http://127.0.0.1:${port}`,
  });
  const learner = demoAccounts.find((account) => account.role === "learner");
  if (!learner) throw new Error("No demo learner.");
  const signIn = await page.request.post("/api/v1/auth/sign-in", {
    data: { email: learner.email, password: learner.password },
  });
  if (!signIn.ok()) throw new Error(`Signing in failed: ${signIn.status()}`);
  await page.goto("/");
  await page.getByRole("main").getByRole("heading").first().waitFor();
  await page.waitForLoadState("networkidle");
  // Images settle (artwork) and no skeleton is left.
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => image.complete) && !document.querySelector('[aria-busy="true"]'),
  );
  const png = await page.screenshot();
  const file = path.resolve(import.meta.dirname, "../docs/screenshot.png");
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(file);
  console.log(`wrote ${file} (${Math.round(statSync(file).size / 1024)} KiB)`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
