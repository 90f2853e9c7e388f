import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { ensureWebBuild } from "../scripts/web-build.ts";
import { loadConfig } from "../src/server/config.ts";
import { getFreePort } from "../src/server/db/embedded.ts";
import { startServer } from "../src/server/main.ts";
import { chromiumArgs, resolveChromiumPath } from "../tests/e2e/support/chromium.ts";

/**
 * `npm run bench:lighthouse [-- --path /search]`: builds the web app if needed, starts the server on a
 * fresh embedded database with the demo catalog, and runs Lighthouse (performance only) against the
 * page with the same Chromium as the e2e tests, in the mobile (default, simulated slow 4G and 4× CPU)
 * and desktop presets. Prints the scores, the main metrics and the JavaScript the page loaded.
 */
const { values } = parseArgs({ options: { path: { type: "string", default: "/" } } });

ensureWebBuild();
const dataDir = path.join(os.tmpdir(), `earmark-lighthouse-${process.pid}`);
const port = await getFreePort();
const server = await startServer(
  loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATABASE_URL: undefined,
  }),
);
const chrome = await chromeLauncher.launch({
  chromePath: await resolveChromiumPath(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
});

type Audit = {
  numericValue?: number;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[] };
};

try {
  const url = `http://127.0.0.1:${port}${values.path}`;
  // One warm-up load so that the demo catalog and the server's caches are ready.
  await fetch(url);
  await fetch(`http://127.0.0.1:${port}/api/v1/catalog/home`);
  process.stdout.write(`\nLighthouse ${url}\n`);
  for (const [preset, config] of [
    ["mobile", undefined],
    ["desktop", desktopConfig],
  ] as const) {
    const result = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ["performance"], logLevel: "error" },
      config,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    const audits = lhr.audits as Record<string, Audit>;
    const metric = (id: string) => audits[id]?.displayValue ?? "?";
    const requests = (audits["network-requests"]?.details?.items ?? []) as {
      resourceType?: string;
      transferSize?: number;
      url?: string;
    }[];
    const scripts = requests.filter((item) => item.resourceType === "Script");
    const scriptBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    process.stdout.write(
      `  ${preset.padEnd(8)} performance ${score}  FCP ${metric("first-contentful-paint")}  LCP ${metric("largest-contentful-paint")}` +
        `  TBT ${metric("total-blocking-time")}  CLS ${metric("cumulative-layout-shift")}  SI ${metric("speed-index")}` +
        `  JS ${scripts.length} files, ${(scriptBytes / 1024).toFixed(1)} KiB transferred\n`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
