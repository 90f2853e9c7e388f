import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

let counter = 0;
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${process.pid}-${counter++}@example.com`;

/** Signs up through the API; the page's browser context gets the session cookie. */
export async function signUpViaApi(page: Page, name = "Shell Tester") {
  const email = uniqueEmail("shell");
  const response = await page.request.post("/api/v1/auth/sign-up", {
    data: { name, email, password: "secret-pass" },
  });
  expect(response.status()).toBe(201);
  return { name, email };
}

/**
 * The demo catalog is ingested from its feeds by a background job after the server starts; wait
 * until search and the home lists see it. (Each poll uses a different page size, so the API's short
 * response cache never hides the catalog.)
 */
export async function waitForCatalog(request: APIRequestContext, minimum = 12) {
  const deadline = Date.now() + 120_000;
  for (let attempt = 0; ; attempt++) {
    const search = await request.get(`/api/v1/catalog/search?limit=${24 - (attempt % 20)}&sort=oldest`);
    const count = search.ok() ? ((await search.json()) as { episodes: unknown[] }).episodes.length : 0;
    if (count >= Math.min(minimum, 24 - (attempt % 20))) break;
    if (Date.now() > deadline) throw new Error("The demo catalog was not ingested in time.");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (;;) {
    const home = (await (await request.get("/api/v1/catalog/home")).json()) as { recent: unknown[] };
    if (home.recent.length > 0) return;
    if (Date.now() > deadline) throw new Error("The home lists stayed empty.");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** An episode of the demo catalog by title, through the public search API. */
export async function findEpisode(request: APIRequestContext, title: string) {
  const response = await request.get(`/api/v1/catalog/search?q=${encodeURIComponent(`"${title}"`)}`);
  const { episodes } = (await response.json()) as {
    episodes: { id: string; title: string; podcastId: string; podcastName: string; topics: string[] }[];
  };
  const episode = episodes.find((item) => item.title === title);
  if (!episode) throw new Error(`No episode titled ${title}`);
  return episode;
}

export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
}

/**
 * axe-core: no serious or critical violation. Colours fade for a moment after a theme switch
 * (transition-colors) and a toast fades out when its time is up; axe must read settled colours, or it
 * reports the half-way ones as contrast failures (it did, on a busy machine: a theme fade once, a
 * toast leaving during the scan once). So the scan runs when nothing is transitioning and is retried
 * until it is clean: a real violation is stable and still fails after the timeout. A large page (the
 * admin lab's tabs) may take one scan longer than the default timeout on a busy machine.
 */
export async function expectAccessible(page: Page, label: string, options: { timeout?: number } = {}) {
  await expect(async () => {
    const isSettling = await page.evaluate(() =>
      document
        .getAnimations()
        .some((animation) => animation instanceof CSSTransition && animation.playState === "running"),
    );
    expect(isSettling, "CSS transitions still running").toBe(false);
    // Legacy mode: one axe.run in the page. The default runs axe in each frame, then opens a blank
    // page, injects axe again and merges there — about twice as long per scan, for cross-origin
    // frames our screens do not have (decision 061).
    const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    const bad = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
    expect(bad, label).toEqual([]);
  }).toPass({ timeout: options.timeout ?? 15_000 });
}

/**
 * Choose a theme with the header's theme switch. Signed in on a phone it is in the header's menu
 * (decision 018): the menu is opened for it and closed again.
 */
export async function chooseTheme(page: Page, theme: "Light" | "Dark" | "System") {
  const themeSwitch = page.getByRole("radiogroup", { name: "Theme" });
  const menuButton = page.getByRole("banner").getByRole("button", { name: "Open menu" });
  // Where the switch is depends on the session: while it loads, the header is the signed-out one.
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Account" })).not.toHaveAttribute(
    "aria-busy",
    "true",
  );
  await expect(themeSwitch.or(menuButton).first()).toBeVisible();
  if (await themeSwitch.isVisible()) {
    await themeSwitch.getByRole("radio", { name: theme }).click();
    return;
  }
  await menuButton.click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("radio", { name: theme }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
}

/** The demo admin (src/server/db/seed.ts). */
export const DEMO_ADMIN = { email: "admin@earmark.demo", password: "admin-demo-2026" };

/** Signs the page's context in as the demo admin once the demo catalog is there. */
export async function signInAsAdmin(page: Page) {
  await waitForCatalog(page.request);
  const response = await page.request.post("/api/v1/auth/sign-in", { data: DEMO_ADMIN });
  expect(response.status()).toBe(200);
}
