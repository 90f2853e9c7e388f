import { expect, type Page, test } from "@playwright/test";
import { buildFeed, startFeedServer } from "../support/feed-server.ts";
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

test("add podcasts from an OPML file: a feed is added, a javascript: link refused", async ({ page }) => {
  const feeds = await startFeedServer();
  const title = `OPML Show ${Date.now()}`;
  feeds.resources["/opml-show.xml"] = {
    body: buildFeed({
      title,
      episodes: [1, 2].map((n) => ({
        guid: `opml-${n}`,
        title: `${title} episode ${n}`,
        description: `<p>What OPML episode ${n} is about.</p>`,
        audio: feeds.url(`/audio/${n}.mp3`),
        pubDate: new Date(Date.UTC(2025, 1, n)).toUTCString(),
      })),
    }),
    contentType: "application/rss+xml",
  };
  const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
    <outline type="rss" text="${title}" xmlUrl="${feeds.url("/opml-show.xml")}"/>
    <outline type="rss" text="Nope" xmlUrl="javascript:alert(1)"/></body></opml>`;
  try {
    await signUpViaApi(page, "OPML Importer");
    await page.goto("/lists");
    await page.getByRole("button", { name: "Add a podcast" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a podcast" });
    await dialog.getByLabel("OPML file", { exact: true }).setInputFiles({
      name: "shows.opml",
      mimeType: "text/x-opml",
      buffer: Buffer.from(opml),
    });
    const result = dialog.getByRole("status").filter({ hasText: "from the file" });
    await expect(result).toContainText("You follow 1 show from the file");
    await expect(result).toContainText("1 new show added to the catalog");
    await expect(result).toContainText("1 refused: not a web (http or https) address.");
    await expect(toast(page)).toContainText("Imported shows.opml");

    // The catalog search finds it by name, already followed, and unfollows it right there.
    await dialog.getByRole("searchbox", { name: "Search the catalog" }).fill(title);
    const match = dialog.getByRole("list", { name: "Matching podcasts" }).getByRole("listitem");
    await expect(match).toHaveCount(1);
    await match.getByRole("button", { name: `Following ${title}` }).click();
    await expect(match.getByRole("button", { name: `Follow ${title}` })).toBeVisible();
    await match.getByRole("button", { name: `Follow ${title}` }).click();
    await expect(match.getByRole("button", { name: `Following ${title}` })).toBeVisible();
    await expectAccessible(page, "add a podcast: search and OPML");

    // Its episodes arrive in the background and show on the home hub.
    await page.keyboard.press("Escape");
    await expect(async () => {
      await page.goto("/");
      await expect(
        page
          .getByRole("region", { name: "New from your shows" })
          .getByRole("link", { name: `${title} episode 2` }),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    await feeds.stop();
  }
});
