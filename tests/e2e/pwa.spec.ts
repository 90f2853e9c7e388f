import { expect, test } from "@playwright/test";
import { signUpViaApi } from "./support/shell";

/** The one installability reason that comes from how the test opens the browser. */
const ENVIRONMENT_ONLY = "in-incognito";

// The only spec with a service worker; every other test blocks them (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

test("installable: a valid manifest, a worker that controls the page, never caches the API, and an offline page", async ({
  page,
  context,
}) => {
  await signUpViaApi(page, "Offline Listener");
  await page.goto("/faq");

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifestResponse = await page.request.get(manifestHref ?? "");
  expect(manifestResponse.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestResponse.json()) as {
    display: string;
    start_url: string;
    icons: unknown[];
  };
  expect(manifest).toMatchObject({ display: "standalone", start_url: "/" });
  expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");

  // Registered after load; active once its shell is cached. A reload puts the page under its control.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const apiAnswered = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith("/api/"),
  );
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toMatch(/\/sw\.js$/);
  // The signed-in page has asked the API (its session, its data) under the worker's control.
  await apiAnswered;

  // The check Lighthouse's former installable-manifest audit ran (Lighthouse 12 dropped the PWA
  // category): Chromium's own list of what stops installation.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's browser contexts are off-the-record profiles, and some Chromium builds say so
  // ("in-incognito"; Debian's 150 does). That is the test's browser, not the app: every other
  // reason still fails.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== ENVIRONMENT_ONLY)).toEqual(
    [],
  );

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain("/offline.html");
  expect(cached.some((url) => url.startsWith("/assets/"))).toBe(true);
  expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);

  await context.setOffline(true);
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await context.setOffline(false);
});
