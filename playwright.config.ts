import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, resolveChromiumPath } from "./tests/e2e/support/chromium.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so runs on different ports (parallel work) never share an output folder.
  outputDir: `test-results/playwright-${port}`,
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Each journey's budget. The longest journeys (sign-up, several screens, axe scans in both
  // themes) took 25-33 s while the whole suite shared this 2-core machine with its server and
  // database, and 30 s failed them by a hair on a slower day (decision 061). Spec files set a
  // budget of their own only when they need more than this.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    // Step timings and DOM snapshots of a failed journey, without the screencast filmstrip: its
    // frames cost the browser about a tenth more CPU across the suite (decision 061).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The production build registers a service worker (decision 036), and requests it answers bypass
    // page.route(): blocked for determinism, allowed only by tests/e2e/pwa.spec.ts.
    serviceWorkers: "block",
    // The compositor's GPU thread in the browser process, not a process of its own: about an eighth
    // less CPU across journeys on 2 cores (decision 061). Benchmarks keep the shared flags, so their
    // figures stay comparable with earlier runs.
    launchOptions: {
      executablePath: await resolveChromiumPath(),
      args: [...chromiumArgs, "--in-process-gpu"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  // `npm test` (scripts/test-all.ts) starts this same server while the earlier layers run and says
  // so with E2E_SERVER_STARTED; `playwright test` on its own starts it here.
  webServer: process.env.E2E_SERVER_STARTED
    ? undefined
    : {
        command: `node node_modules/tsx/dist/cli.mjs tests/e2e/support/serve.ts`,
        // Not the health URL: the server answers before the demo catalog and its quizzes are ready, and
        // Playwright would start on whichever comes first. The ready line comes after both.
        wait: { stdout: /e2e server ready/ },
        env: { E2E_PORT: String(port) },
        reuseExistingServer: false,
        timeout: 240_000,
        stdout: "pipe",
        stderr: "pipe",
      },
});
