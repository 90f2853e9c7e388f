import { expect, type Page, test } from "@playwright/test";
import { buildFeed, startFeedServer } from "../support/feed-server.ts";
import { toast } from "./support/quiz.ts";
import { expectAccessible, signInAsAdmin, signUpViaApi, uniqueEmail } from "./support/shell.ts";

/**
 * The Knowledge Lab (/admin) as the demo admin, and refused to a learner. The e2e server is shared:
 * these tests add their own feed and users and delete only what they added, and the demo admin keeps
 * the admin role (roles are changed on a user made for the test).
 */

/** The lab's tabs are large pages: one axe scan can outlast the default on a busy machine. */
const SCAN = { timeout: 40_000 };

const tabs = (page: Page) => page.getByRole("tablist", { name: "Lab sections" });
const panel = (page: Page) => page.getByRole("tabpanel");

test("a learner opening /admin is told 'Access Denied' and sent home", async ({ page }) => {
  await signUpViaApi(page, "Curious Learner");
  await page.goto("/admin");
  await expect(toast(page)).toContainText("Access Denied");
  await expect(toast(page)).toContainText("You need admin privileges to access this page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Knowledge Lab" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Knowledge Lab" })).toHaveCount(0);
});

test("every tab of the lab shows real data", async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Knowledge Lab" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Knowledge Lab", level: 1 })).toBeVisible();
  // The first start ingested the catalog minutes ago: the lab says it skipped its own run.
  await expect(page.getByRole("region", { name: "Automatic ingestion" })).toContainText(
    /Automatic ingestion (skipped|already running|of the configured feeds started)/,
  );
  const automatic = page.getByRole("region", { name: "Automatic ingestion" });
  await automatic.getByText("Configured feeds: 4").click();
  await expect(automatic.getByRole("list", { name: "Configured feeds" }).getByRole("listitem")).toHaveText([
    "/demo/feeds/signal-and-noise.xml",
    "/demo/feeds/the-long-view.xml",
    "/demo/feeds/compound-interest.xml",
    "/demo/feeds/deep-time.xml",
  ]);

  // Overview: counts, the A/B summary (or its empty text), recent episodes.
  const counts = panel(page).locator("dl").first();
  await expect(counts.getByText("Podcasts", { exact: true })).toBeVisible();
  await expect(counts.locator("dd").first()).toHaveText(/^[1-9]\d*$/);
  await expect(panel(page).getByText(/Winner:|No analytics data available yet\./)).toBeVisible();
  const recent = panel(page).getByRole("list", { name: "Recent episodes" });
  await expect(recent.getByRole("listitem").first()).toBeVisible();
  await expect(recent.getByText(/^(Ready|Pending)$/).first()).toBeVisible();
  await expectAccessible(page, "lab overview", SCAN);

  await tabs(page).getByRole("tab", { name: "Ingestion" }).click();
  await expect(page).toHaveURL(/tab=ingestion/);
  await expect(panel(page).getByRole("region", { name: "RSS import" })).toBeVisible();
  await expect(panel(page).getByRole("region", { name: "QA check" })).toBeVisible();
  await expect(panel(page).getByRole("region", { name: "Single video import" })).toBeVisible();
  await expectAccessible(page, "lab ingestion", SCAN);

  await tabs(page).getByRole("tab", { name: "Mindmaps" }).click();
  const maps = panel(page).getByRole("list", { name: "Mind map status" });
  await expect(maps.getByText("Ready", { exact: true }).first()).toBeVisible();
  await expect(panel(page).getByRole("region", { name: "Generate all missing" })).toContainText(
    /\d+ of \d+ episodes/,
  );

  await tabs(page).getByRole("tab", { name: "Podcasts" }).click();
  const podcasts = panel(page).getByRole("list", { name: "Podcasts" });
  await expect(podcasts.getByRole("region", { name: "Signal & Noise" })).toContainText(/Ready\s*[1-9]/);
  await expect(podcasts.getByRole("link", { name: "Episodes" }).first()).toHaveAttribute(
    "href",
    /\/search\?podcast=/,
  );
  await expect(podcasts.getByText(/Feed: /).first()).toBeVisible();
  await expectAccessible(page, "lab podcasts", SCAN);

  await tabs(page).getByRole("tab", { name: "User Roles" }).click();
  await expect(page).toHaveURL(/tab=roles/);
  const users = panel(page).getByRole("list", { name: "Users" });
  await panel(page).getByLabel("Search users").fill("Ada Admin");
  await expect(users.getByRole("listitem")).toHaveCount(1);
  await expect(users.getByRole("button", { name: "Revoke Admin from Ada Admin" })).toBeVisible();
  await expectAccessible(page, "lab user roles", SCAN);
});

test("an admin grants and revokes a role, and the audit log records both", async ({ page, playwright }) => {
  const name = `Role Target ${Date.now()}`;
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const signUp = await other.post("/api/v1/auth/sign-up", {
    data: { name, email: uniqueEmail("role"), password: "secret-pass" },
  });
  expect(signUp.status()).toBe(201);
  await other.dispose();

  await signInAsAdmin(page);
  await page.goto("/admin?tab=roles");
  await panel(page).getByLabel("Search users").fill(name);
  const users = panel(page).getByRole("list", { name: "Users" });
  const row = users.getByRole("listitem").filter({ hasText: name });
  await expect(users.getByRole("listitem")).toHaveCount(1);
  await expect(row).toContainText("Learner");

  await row.getByRole("button", { name: `Make Admin: ${name}` }).click();
  await expect(toast(page)).toContainText("Admin granted");
  await expect(row).toContainText("Admin");
  const log = panel(page).getByRole("list", { name: "Role changes" });
  await expect(log.getByRole("listitem").first()).toContainText(`Ada Admin granted Admin to ${name}`);

  await row.getByRole("button", { name: `Revoke Admin from ${name}` }).click();
  await expect(toast(page)).toContainText("Admin revoked");
  await expect(row.getByRole("button", { name: `Make Admin: ${name}` })).toBeVisible();
  await expect(log.getByRole("listitem").first()).toContainText(`Ada Admin revoked Admin from ${name}`);

  await row.getByRole("button", { name: `Grant Premium to ${name}` }).click();
  await expect(row).toContainText("Premium");
  await expect(log.getByRole("listitem").first()).toContainText(`Ada Admin granted Premium to ${name}`);
});

test.describe("a throwaway feed", () => {
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  const stamp = Date.now();
  const first = `Lab throwaway A ${stamp}`;
  const second = `Lab throwaway B ${stamp}`;

  test.beforeAll(async () => {
    const now = new Date().toUTCString();
    // No audio: the episodes stay Pending, so no learner's list or search ever shows them.
    feeds = await startFeedServer({
      "/throwaway.xml": {
        contentType: "application/rss+xml",
        body: buildFeed({
          title: `Lab Throwaway ${stamp}`,
          episodes: [
            {
              guid: `a-${stamp}`,
              title: first,
              description: "A first episode about memory and habits.",
              pubDate: now,
            },
            {
              guid: `b-${stamp}`,
              title: second,
              description: "A second episode about focus and sleep.",
              pubDate: now,
            },
          ],
        }),
      },
    });
  });
  test.afterAll(() => feeds.stop());

  test("imported by RSS with visible progress, mapped from the Mindmaps tab, and one episode deleted", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=ingestion");
    const rss = panel(page).getByRole("region", { name: "RSS import" });

    await rss.getByRole("button", { name: "Import feed" }).click();
    await expect(toast(page)).toContainText("Please enter an RSS feed URL");

    await rss.getByLabel("Feed URL").fill("http://10.0.0.1/feed.xml");
    await rss.getByRole("button", { name: "Import feed" }).click();
    await expect(toast(page)).toContainText("Failed to ingest RSS feed");
    await expect(toast(page)).toContainText("private network address");

    await rss.getByLabel("Feed URL").fill(feeds.url("/throwaway.xml"));
    await rss.getByRole("button", { name: "Import feed" }).click();
    await expect(rss.getByText(/^(Queued|Running|Done)$/)).toBeVisible();
    await expect(rss.getByText("Done", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(rss.getByText("Inserted", { exact: true }).locator("..")).toContainText("2");

    await tabs(page).getByRole("tab", { name: "Mindmaps" }).click();
    const maps = panel(page).getByRole("list", { name: "Mind map status" });
    const mapRow = maps.getByRole("listitem").filter({ hasText: second });
    await mapRow.getByRole("button", { name: `Generate mind map for ${second}` }).click();
    await expect(mapRow.getByText("Done", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(mapRow.getByText("Nodes", { exact: true }).locator("..")).toContainText(/[1-9]/);
    await expect(mapRow.getByText("Ready", { exact: true })).toBeVisible();

    await tabs(page).getByRole("tab", { name: "Overview" }).click();
    const recent = panel(page).getByRole("list", { name: "Recent episodes" });
    await expect(recent.getByRole("link", { name: first })).toBeVisible();
    await recent.getByRole("button", { name: `Delete ${first}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("This cannot be undone.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(recent.getByRole("link", { name: first })).toBeVisible();

    await recent.getByRole("button", { name: `Delete ${first}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete episode" }).click();
    await expect(toast(page)).toContainText("Episode deleted");
    await expect(recent.getByRole("link", { name: first })).toHaveCount(0);
    await expect(recent.getByRole("link", { name: second })).toBeVisible();
  });
});
