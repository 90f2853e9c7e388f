import { expect, type Page, test } from "@playwright/test";
import { buildFeed, holdResource, startFeedServer } from "../support/feed-server.ts";
import { miniPlayer } from "./support/player.ts";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

const CHIPS = "Who Makes the Chips?";

/** The newest toast (sonner keeps older ones in the DOM, hidden, while they leave). */
const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
});

test("open a podcast, play and queue its episodes, follow it, and find it in Following", async ({ page }) => {
  const episode = await findEpisode(page.request, CHIPS);
  await signUpViaApi(page, "Podcast Fan");
  await page.goto(`/podcast/${episode.podcastId}`);

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: episode.podcastName })).toBeVisible();
  await expect(main.getByRole("img", { name: `Cover art for ${episode.podcastName}` })).toBeVisible();
  await expect(main.getByText(/\b3 episodes\b/)).toBeVisible();
  await expect(main.getByRole("link", { name: "Search this podcast" })).toHaveAttribute(
    "href",
    `/search?podcast=${episode.podcastId}`,
  );
  const episodes = main.getByRole("region", { name: "Episodes" }).getByRole("listitem");
  await expect(episodes).toHaveCount(3);
  await expectAccessible(page, "podcast page");

  // Each episode plays and queues through the global player.
  await episodes
    .filter({ hasText: CHIPS })
    .getByRole("button", { name: `Play: ${CHIPS}` })
    .click();
  await expect(miniPlayer(page)).toContainText(CHIPS);
  const other = episodes.filter({ hasNotText: CHIPS }).first();
  const otherTitle = (await other.getByRole("heading").textContent()) ?? "";
  await other.getByRole("button", { name: `Add to queue: ${otherTitle}` }).click();
  await expect(toast(page)).toContainText("Added to queue");

  await main.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(main.getByRole("button", { name: "Following" })).toBeVisible();
  await expect(toast(page)).toContainText(`Following ${episode.podcastName}`);

  await page.goto("/profile");
  await page.getByRole("tab", { name: "Following" }).click();
  const followed = page.getByRole("tabpanel").getByRole("link", { name: episode.podcastName });
  await expect(followed).toHaveAttribute("href", `/podcast/${episode.podcastId}`);

  // Unfollow from the episode page; the podcast page agrees.
  await page.goto(`/episode/${episode.id}`);
  await main.getByRole("button", { name: "Following" }).click();
  await expect(main.getByRole("button", { name: "Follow", exact: true })).toBeVisible();
  await expect(toast(page)).toContainText(`Unfollowed ${episode.podcastName}`);
  await main.getByRole("link", { name: `About the podcast ${episode.podcastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/podcast/${episode.podcastId}$`));
  await expect(main.getByRole("button", { name: "Follow", exact: true })).toBeVisible();
});

test("an unknown podcast says so", async ({ page }) => {
  await page.goto("/podcast/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Podcast not found" })).toBeVisible();
});

test("add a podcast by its feed address in the Library and watch its episodes appear", async ({ page }) => {
  const feeds = await startFeedServer();
  const title = `Listener Show ${Date.now()}`;
  feeds.resources["/show.xml"] = {
    body: buildFeed({
      title,
      episodes: [1, 2, 3].map((n) => ({
        guid: `listener-${n}`,
        title: `Listener episode ${n}`,
        description: `<p>What listener episode ${n} is about.</p>`,
        audio: feeds.url(`/audio/${n}.mp3`),
        pubDate: new Date(Date.UTC(2025, 0, n)).toUTCString(),
      })),
    }),
    contentType: "application/rss+xml",
  };
  try {
    await page.setViewportSize({ width: 360, height: 780 });
    await signUpViaApi(page, "Show Adder");
    await page.goto("/lists");
    await page.getByRole("button", { name: "Add a podcast" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a podcast" });
    const address = dialog.getByRole("textbox", { name: "Feed address" });

    await address.fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Add podcast" }).click();
    await expect(dialog).toContainText("Enter a web address starting with http:// or https://.");
    await expect(address).toHaveAttribute("aria-invalid", "true");

    await address.fill(feeds.url("/show.xml"));
    await dialog.getByRole("button", { name: "Add podcast" }).click();
    const progress = dialog.getByRole("status");
    await expect(progress).toContainText(`Added: ${title}`, { timeout: 30_000 });
    await expect(progress).toContainText("3 episodes so far");
    await expect(toast(page)).toContainText(`Added ${title}`);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, "add a podcast: done");

    await dialog.getByRole("link", { name: "Open podcast" }).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(main.getByRole("button", { name: "Following" })).toBeVisible();
    const episodes = main.getByRole("region", { name: "Episodes" }).getByRole("listitem");
    await expect(episodes).toHaveCount(3);
    await expect(episodes.first()).toContainText("Listener episode 3");
    await expectNoHorizontalOverflow(page);
  } finally {
    await feeds.stop();
  }
});

test("a show still being read stays visible in the Library after the dialog is closed", async ({ page }) => {
  const feeds = await startFeedServer();
  const title = `Slow Show ${Date.now()}`;
  // The host answers only when the test says so: the feed is "being read" until then.
  const slow = holdResource({
    body: buildFeed({
      title,
      episodes: [1, 2].map((n) => ({
        guid: `slow-${n}`,
        title: `Slow episode ${n}`,
        description: `<p>Slow episode ${n}.</p>`,
        audio: feeds.url(`/audio/${n}.mp3`),
        pubDate: new Date(Date.UTC(2025, 2, n)).toUTCString(),
      })),
    }),
    contentType: "application/rss+xml",
  });
  feeds.resources["/slow.xml"] = slow.resource;
  try {
    await signUpViaApi(page, "Patient Adder");
    await page.goto("/lists");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "My lists" })).toBeVisible();
    await expect(main.getByRole("region", { name: /^Shows/ })).toHaveCount(0);

    await main.getByRole("button", { name: "Add a podcast" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a podcast" });
    await dialog.getByRole("textbox", { name: "Feed address" }).fill(feeds.url("/slow.xml"));
    await dialog.getByRole("button", { name: "Add podcast" }).click();
    await expect(dialog.getByRole("status")).toContainText("Reading the feed…");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Another Library screen shows it too, while it is read, then when it is ready.
    await page.goto("/bookmarks");
    const section = main.getByRole("region", { name: /^Shows being added/ });
    const row = section.getByRole("listitem").filter({ hasText: feeds.url("/slow.xml") });
    await expect(row).toContainText("Reading the feed…");
    // The e2e server waits 120 s for a feed (INGEST_FETCH_TIMEOUT_SECONDS), so the row is still
    // being read while it is scanned (on a slow machine the scan took longer than the default 15 s).
    await expectAccessible(page, "library: a show being added");
    await expect(row).toContainText("Reading the feed…");
    slow.release();
    const done = main.getByRole("region", { name: "Shows added recently" }).getByRole("listitem");
    await expect(done.filter({ hasText: title })).toContainText("Ready · 2 episodes", { timeout: 30_000 });
    await done.getByRole("link", { name: `Open ${title}` }).click();
    await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
  } finally {
    slow.release();
    await feeds.stop();
  }
});

test("follow a show from an episode: it is in Following and its newest episode is new on home", async ({
  page,
}) => {
  const episode = await findEpisode(page.request, CHIPS);
  const newest = (
    await (await page.request.get(`/api/v1/podcasts/${episode.podcastId}/episodes?limit=1`)).json()
  ).items[0] as { title: string };
  await signUpViaApi(page, "Show Follower");

  // Following nothing yet: the row invites to follow shows.
  await page.goto("/");
  const row = page.getByRole("region", { name: "New from your shows" });
  await expect(row).toContainText("Follow the shows you like");

  await page.goto(`/episode/${episode.id}`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(toast(page)).toContainText(`Following ${episode.podcastName}`);

  await page.goto("/profile");
  await page.getByRole("tab", { name: "Following" }).click();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: episode.podcastName })).toBeVisible();

  await page.goto("/");
  await expect(row.getByRole("link", { name: newest.title })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("add podcasts from an OPML file: each new show is read live, a javascript: link refused", async ({
  page,
}) => {
  const feeds = await startFeedServer();
  const stamp = Date.now();
  const shows = [
    { title: `OPML Show ${stamp}`, path: "/opml-show.xml", episodes: 2 },
    { title: `OPML Second ${stamp}`, path: "/opml-second.xml", episodes: 1 },
  ];
  for (const show of shows) {
    feeds.resources[show.path] = {
      body: buildFeed({
        title: show.title,
        episodes: Array.from({ length: show.episodes }, (_, i) => ({
          guid: `${show.path}-${i + 1}`,
          title: `${show.title} episode ${i + 1}`,
          description: `<p>What OPML episode ${i + 1} is about.</p>`,
          audio: feeds.url(`/audio/${i + 1}.mp3`),
          pubDate: new Date(Date.UTC(2025, 1, i + 1)).toUTCString(),
        })),
      }),
      contentType: "application/rss+xml",
    };
  }
  const [first, second] = shows as [(typeof shows)[0], (typeof shows)[0]];
  const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
    ${shows.map((show) => `<outline type="rss" text="${show.title}" xmlUrl="${feeds.url(show.path)}"/>`).join("")}
    <outline type="rss" text="Nope" xmlUrl="javascript:alert(1)"/></body></opml>`;
  try {
    await page.setViewportSize({ width: 360, height: 780 });
    await signUpViaApi(page, "OPML Importer");
    // The theme follows the system's, so the progress list is checked in light and in dark below.
    expect((await page.request.put("/api/v1/me/theme", { data: { theme: "system" } })).ok()).toBe(true);
    await page.goto("/lists");
    await page.getByRole("button", { name: "Add a podcast" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a podcast" });
    await dialog.getByLabel("OPML file", { exact: true }).setInputFiles({
      name: "shows.opml",
      mimeType: "text/x-opml",
      buffer: Buffer.from(opml),
    });
    const result = dialog.getByRole("status").filter({ hasText: "from the file" });
    await expect(result).toContainText("You follow 2 shows from the file");
    await expect(result).toContainText("2 new shows added to the catalog");
    await expect(result).toContainText("1 refused: not a web (http or https) address.");

    // Each new show, live: both reach "ready" with their episodes and a link to their page.
    const progress = dialog.getByRole("list", { name: /^Shows being added/ }).getByRole("listitem");
    await expect(progress).toHaveCount(2);
    for (const show of shows) {
      await expect(progress.filter({ hasText: show.title })).toContainText(
        `Ready · ${show.episodes} episode${show.episodes === 1 ? "" : "s"}`,
        { timeout: 30_000 },
      );
    }
    await expect(dialog.getByRole("status").filter({ hasText: "Finished reading" })).toHaveText(
      "Finished reading 2 new shows from shows.opml: 2 added.",
    );
    await expect(toast(page)).toContainText("Added 2 shows from shows.opml");
    await expectNoHorizontalOverflow(page);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
      await expectAccessible(page, `add a podcast: OPML progress, ${colorScheme}`);
    }

    // The catalog search finds one by name, already followed, and unfollows it right there.
    await dialog.getByRole("searchbox", { name: "Search the catalog" }).fill(second.title);
    const match = dialog.getByRole("list", { name: "Matching podcasts" }).getByRole("listitem");
    await expect(match).toHaveCount(1);
    await match.getByRole("button", { name: `Following ${second.title}` }).click();
    await expect(match.getByRole("button", { name: `Follow ${second.title}` })).toBeVisible();
    await match.getByRole("button", { name: `Follow ${second.title}` }).click();
    await expect(match.getByRole("button", { name: `Following ${second.title}` })).toBeVisible();

    await progress
      .filter({ hasText: first.title })
      .getByRole("link", { name: `Open ${first.title}` })
      .click();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
    await expect(main.getByRole("region", { name: "Episodes" }).getByRole("listitem")).toHaveCount(2);
    await expect(main.getByRole("button", { name: "Following" })).toBeVisible();
  } finally {
    await feeds.stop();
  }
});
