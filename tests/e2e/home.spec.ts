import { expect, test } from "@playwright/test";
import { signUpViaApi, waitForCatalog } from "./support/shell";

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
});

test("signed out: hero, featured episode, 6 recent episodes, latest insights and the three feature cards", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Learn from the world's best conversations",
  );

  const featured = page.getByRole("article", { name: /./ }).filter({ hasText: "Featured episode" });
  await expect(featured).toBeVisible();
  await expect(featured.getByRole("link", { name: "Explore episode" })).toHaveAttribute(
    "href",
    /^\/episode\//,
  );

  const recent = page.getByRole("region", { name: "Recent Episodes" });
  await expect(recent.getByRole("article")).toHaveCount(6);
  for (const link of await recent.getByRole("article").getByRole("link").all()) {
    await expect(link).toHaveAttribute("href", /^\/episode\/[0-9a-f-]{36}$/);
  }
  const home = (await (await page.request.get("/api/v1/catalog/home")).json()) as {
    recent: { title: string }[];
    insights: { title: string }[];
  };
  await expect(recent.getByRole("heading", { level: 3 })).toHaveText(
    home.recent.slice(0, 6).map((e) => e.title),
  );

  const insights = page.getByRole("region", { name: "Latest Insights" });
  await expect(insights).toBeVisible();
  if (home.insights.length) await expect(insights.getByRole("article")).toHaveCount(home.insights.length);
  else await expect(insights).toContainText("No insights published yet.");

  const features = page.getByRole("region", { name: "Why Earmark" });
  await expect(features.getByRole("heading", { level: 3 })).toHaveText([
    "AI-Powered Quizzes",
    "Visual Mindmaps",
    "Deep Insights",
  ]);
});

test("signed out landing top bar: search, Episodes, Insights, About and Get Started; a mobile menu", async ({
  page,
}) => {
  await page.goto("/");
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("combobox", { name: "Search episodes" })).toBeVisible();
  await expect(bar.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Episodes",
    "Insights",
    "About",
  ]);
  await expect(bar.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", /^\/auth/);

  await page.setViewportSize({ width: 360, height: 740 });
  await bar.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link")).toHaveText(["Episodes", "Insights", "About", "Get Started"]);
  await menu.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(menu).toBeHidden();
});

test("signed in: 'Your learning hub' with Today, Recent Episodes and Latest Insights, under the one header", async ({
  page,
}) => {
  await signUpViaApi(page, "Hub User");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your learning hub", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent Episodes" }).getByRole("article")).toHaveCount(6);
  await expect(page.getByRole("region", { name: "Latest Insights" })).toBeVisible();
  // Nothing started yet: no "Continue listening" row.
  await expect(page.getByRole("region", { name: "Continue listening" })).toHaveCount(0);

  await expect(page.getByRole("region", { name: "Today", exact: true })).toBeVisible();

  // The header of every other page (decision 018), not the landing top bar.
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Search",
    "Insights",
    "Progress",
  ]);
  await expect(bar.getByRole("navigation", { name: "Account" })).toContainText("Hub User");
  await expect(bar.getByRole("link", { name: "Get Started" })).toHaveCount(0);
});

test("a returning signed-in browser sees a placeholder, never the landing page, while the session loads", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your learning hub" })).toBeVisible();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/v1/auth/session", async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Loading" }).first()).toBeAttached();
  await expect(page.getByRole("heading", { name: "Learn from the world's best conversations" })).toHaveCount(
    0,
  );
  release();
  await expect(page.getByRole("heading", { name: "Your learning hub" })).toBeVisible();
});

test("a cold visit hydrates the prerendered landing in place: the top bar at once, the parts below as their code arrives", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  // Hold every script but the landing's first load (decision 012): the sections below the hero and
  // the footer come later.
  const landing = await (await page.request.get("/", { headers: { cookie: "" } })).text();
  const firstLoad = landing.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
  expect(firstLoad).toBeTruthy();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    if (
      !route
        .request()
        .url()
        .endsWith(firstLoad as string)
    )
      await held;
    await route.continue();
  });

  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  // The session has resolved and the page has re-rendered; the held parts keep their prerendered markup.
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Why Earmark" })).toBeVisible();
  await expect(footer).toContainText("All rights reserved.");
  await page.evaluate(() => {
    Object.assign(document.getElementById("features-heading") ?? {}, { isPrerendered: true });
  });
  // The top bar is already live.
  await page.getByRole("radio", { name: "Light" }).click();
  await expect(page.locator("html")).toHaveClass(/light/);

  release();
  // The lists were fetched meanwhile; they replace the skeletons once the sections have hydrated.
  await expect(page.getByRole("region", { name: "Recent Episodes" }).getByRole("article")).toHaveCount(6);
  await expect(footer.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", /^mailto:.+@/);
  // Hydrated, not rendered anew: the prerendered element is still the one on the page.
  expect(
    await page.evaluate(
      () =>
        (document.getElementById("features-heading") as { isPrerendered?: boolean } | null)?.isPrerendered,
    ),
  ).toBe(true);
  expect(problems).toEqual([]);
});
