import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { loadConfig } from "../src/server/config.ts";
import { getFreePort } from "../src/server/db/embedded.ts";
import { startServer } from "../src/server/main.ts";
import { chromiumArgs, resolveChromiumPath } from "../tests/e2e/support/chromium.ts";

/**
 * `npm run bench:lighthouse [-- --path /search]`: builds the web app (into a temporary folder), starts the server on a
 * fresh embedded database with the demo catalog, and runs Lighthouse (performance only) against the
 * page with the same Chromium as the e2e tests, in the mobile (default, simulated slow 4G and 4× CPU)
 * and desktop presets. Prints the scores, the main metrics, the JavaScript the page loaded and whether Chromium deems
 * the app installable.
 */
const { values } = parseArgs({ options: { path: { type: "string", default: "/" } } });

const dataDir = path.join(os.tmpdir(), `earmark-lighthouse-${process.pid}`);
// Its own production build, so that a rebuild of dist/web meanwhile cannot change the page under test.
const webDistDir = path.join(dataDir, "web");
const build = spawnSync(
  process.execPath,
  ["node_modules/vite/bin/vite.js", "build", "--outDir", webDistDir, "--emptyOutDir"],
  {
    cwd: path.resolve(import.meta.dirname, ".."),
    stdio: ["ignore", "ignore", "inherit"],
  },
);
if (build.status !== 0) throw new Error("The web build failed.");
const port = await getFreePort();
const server = await startServer(
  loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    DATABASE_URL: undefined,
  }),
  { webDistDir },
);
const chrome = await chromeLauncher.launch({
  chromePath: await resolveChromiumPath(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
});

/**
 * Installability (decision 036): Lighthouse 12 dropped its PWA category, so ask Chromium directly,
 * as that category's installable-manifest audit did (Page.getInstallabilityErrors), once the
 * service worker is active.
 */
async function reportInstallability(port: number, url: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    const errors = installabilityErrors.map((error) => error.errorId);
    process.stdout.write(`  installable ${errors.length === 0 ? "yes" : `no (${errors.join(", ")})`}\n`);
    await page.close();
  } finally {
    await browser.close();
  }
}

type Audit = {
  numericValue?: number;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[] };
};

try {
  const url = `http://127.0.0.1:${port}${values.path}`;
  // Wait until the demo catalog is ingested (a background job after the first start), then warm up.
  for (let waited = 0; waited < 120; waited++) {
    const search = (await (
      await fetch(`http://127.0.0.1:${port}/api/v1/catalog/search?limit=${24 - (waited % 20)}`)
    ).json()) as {
      episodes: unknown[];
    };
    if (search.episodes.length >= 6) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await new Promise((resolve) => setTimeout(resolve, 31_000)); // let the home lists' cache (30 s) expire
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
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
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
    const longTasks = (audits["long-tasks"]?.details?.items ?? []) as {
      url?: string;
      duration?: number;
      startTime?: number;
    }[];
    for (const task of longTasks.slice(0, 5)) {
      // Lighthouse names tasks it cannot attribute "Unattributable", which is no URL.
      const where = task.url && URL.canParse(task.url) ? new URL(task.url).pathname : (task.url ?? "?");
      process.stdout.write(
        `           long task ${Math.round(task.duration ?? 0)} ms at ${Math.round(task.startTime ?? 0)} ms (${where})\n`,
      );
    }
    const lcpItems = (audits["largest-contentful-paint-element"]?.details?.items ?? []) as {
      items?: { node?: { selector?: string; snippet?: string } }[];
    }[];
    const lcpNode = lcpItems[0]?.items?.[0]?.node;
    if (lcpNode) process.stdout.write(`           LCP element: ${lcpNode.snippet?.slice(0, 120)}\n`);
  }
  await reportInstallability(chrome.port, url);
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
