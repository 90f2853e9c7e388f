import { expect, type Page, test } from "@playwright/test";
import { miniPlayer, spokenSeconds } from "./support/player.ts";
import { toast } from "./support/quiz.ts";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  signInAsAdmin,
  signUpViaApi,
} from "./support/shell.ts";

/** The demo posts (src/server/services/feed/demo-posts.ts), seeded with the demo catalog. */
const EXPLAINER = {
  slug: "why-we-forget-and-how-to-keep-it",
  title: "Why we forget what we hear, and the two habits that keep it",
};
const DEBATE = "Betray or cooperate? The prisoner's dilemma from RAND to the hotline";
const TACTICAL = {
  slug: "test-your-idea-in-days-not-years",
  title: "Test your idea in days, not years: a small-bets playbook",
};
const WEEKLY = "Weekly Synthesis: fluent is not the same as true";

const posts = (page: Page) => page.getByRole("region", { name: "Posts" });
const postTitles = (page: Page) => posts(page).getByRole("heading", { level: 2 });
const filters = (page: Page) => page.getByRole("navigation", { name: "Filter posts" });
const reflections = (page: Page) => page.getByRole("region", { name: "Reflections" });

test.describe.configure({ timeout: 90_000 });

test("the feed lists the published posts and filters by format and topic through the URL", async ({
  page,
}) => {
  await page.goto("/feed");
  await expect(page.getByRole("heading", { level: 1, name: "Deep Dives" })).toBeVisible();
  // In this order; a post another test is writing at the same time may stand among them.
  await expect(postTitles(page)).toContainText([WEEKLY, DEBATE, EXPLAINER.title, TACTICAL.title]);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    "/feed.xml",
  );
  await expect(page.getByRole("link", { name: "Open the RSS feed" })).toHaveAttribute("href", "/feed.xml");
  await expectAccessible(page, "/feed");

  await filters(page).getByRole("link", { name: "Idea Debate" }).click();
  await expect(page).toHaveURL(/\/feed\?type=debate$/);
  await expect(postTitles(page)).toHaveText([DEBATE]);
  await expect(filters(page).getByRole("link", { name: "Idea Debate" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(filters(page).getByRole("link", { name: "All" }).first()).not.toHaveAttribute(
    "aria-current",
    "page",
  );

  await filters(page).getByRole("link", { name: "Business" }).click();
  await expect(page).toHaveURL(/\/feed\?type=debate&topic=business$/);
  await expect(posts(page).getByText("No posts found. Check back soon!")).toBeVisible();

  await filters(page).getByRole("link", { name: "All" }).first().click();
  await expect(page).toHaveURL(/\/feed\?topic=business$/);
  await expect(postTitles(page)).toHaveText([TACTICAL.title]);

  // A shared link opens with its filters applied.
  await page.goto("/feed?topic=learning&type=explainer");
  await expect(postTitles(page)).toHaveText([EXPLAINER.title]);

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalOverflow(page);
});

test("a quote plays its moment in the global player, and a source plays from its start", async ({ page }) => {
  await page.goto("/feed");
  await posts(page).getByRole("link", { name: EXPLAINER.title }).click();
  await expect(page).toHaveURL(new RegExp(`/feed/${EXPLAINER.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: EXPLAINER.title })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Mind map: The Forgetting Curve and How to Beat It" }),
  ).toBeVisible();
  await expectAccessible(page, "post page");

  await page
    .getByRole("button", { name: "Play this moment: The Forgetting Curve and How to Beat It at 1:12" })
    .click();
  const seek = miniPlayer(page).getByRole("slider", { name: "Seek" });
  await expect
    .poll(async () => spokenSeconds(await seek.getAttribute("aria-valuetext")), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(72);
  expect(spokenSeconds(await seek.getAttribute("aria-valuetext"))).toBeLessThan(80);

  await page
    .getByRole("region", { name: "Sources" })
    .getByRole("button", { name: "Play The Forgetting Curve and How to Beat It from 1:47" })
    .click();
  await expect
    .poll(async () => spokenSeconds(await seek.getAttribute("aria-valuetext")), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(107);
  expect(spokenSeconds(await seek.getAttribute("aria-valuetext"))).toBeLessThan(115);
});

test("a free reader sees the premium gate's teaser and nothing after it", async ({ page }) => {
  await page.goto(`/feed/${TACTICAL.slug}`);
  await expect(
    page.getByRole("heading", { level: 2, name: "Step 1: name your riskiest assumption" }),
  ).toBeVisible();
  const gate = page.getByRole("complementary", { name: "Premium content" });
  await expect(gate).toContainText("is part of Earmark Plus");
  await expect(gate.getByRole("link", { name: "See Plus" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByText("Step 2: measure behaviour, not opinions")).toHaveCount(0);
});

test("signed out, posting a reflection goes to sign-in", async ({ page }) => {
  await page.goto(`/feed/${EXPLAINER.slug}`);
  const box = reflections(page).getByLabel("Share your reflection");
  await box.fill("Spacing is the part I keep skipping.");
  await reflections(page).getByRole("button", { name: "Post reflection" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Ffeed%2F${EXPLAINER.slug}$`));
});

test("a reflection is posted and shown, with the counter and the 10-character minimum", async ({ page }) => {
  await signUpViaApi(page, "Rhea Reflector");
  await page.goto(`/feed/${EXPLAINER.slug}`);
  const box = reflections(page).getByLabel("Share your reflection");
  const submit = reflections(page).getByRole("button", { name: "Post reflection" });
  await box.fill("Too short");
  await expect(reflections(page).getByText("9/500")).toBeVisible();
  await expect(submit).toBeDisabled();
  const text = `Testing myself beats rereading <b>${Date.now()}</b>`;
  await box.fill(text);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page)).toContainText("Reflection posted!");
  const item = reflections(page).getByRole("article", { name: "Reflection by Rhea Reflector" });
  await expect(item).toContainText(text);
  await expect(box).toHaveValue("");
  await expectAccessible(page, "post page with a reflection");

  await item.getByRole("button", { name: "Delete reflection" }).click();
  await expect(toast(page)).toContainText("Reflection deleted");
  await expect(item).toHaveCount(0);
});

test("an unknown post says 'Post not found' with the way back", async ({ page }) => {
  await page.goto("/feed/no-such-post");
  await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Deep Dives" }).click();
  await expect(page).toHaveURL(/\/feed$/);
});

test("the landing page's Latest Insights are the newest published posts", async ({ page }) => {
  const insights = page.getByRole("region", { name: "Latest Insights" });
  // The newest three as the API lists them (the demo's, or a post another test has just published):
  // read both again until they agree, as another test may publish or delete one between the reads.
  await expect(async () => {
    const response = await page.request.get("/api/v1/posts?limit=3");
    const newest = ((await response.json()) as { items: { title: string }[] }).items.map(
      (post) => post.title,
    );
    expect(newest).toHaveLength(3);
    await page.goto("/");
    await expect(insights.getByRole("heading", { level: 3 })).toHaveText(newest, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
});

test("an admin writes a Weekly Synthesis in the lab, publishes it, and readers find it on the feed and the landing page", async ({
  page,
  browser,
}) => {
  const title = `Lab-written synthesis ${Date.now()}`;
  await signInAsAdmin(page);
  try {
    await page.goto("/admin?tab=posts");
    await page.getByRole("button", { name: "New post" }).click();
    const form = page.getByRole("form", { name: "New post" });
    await form.getByLabel("Format").selectOption({ label: "Weekly Synthesis" });
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Author").fill("The Earmark team");
    await form.getByLabel("Dek").fill("What this week's episodes say about remembering what we hear.");
    // A new post starts with one paragraph.
    await form
      .getByLabel("Paragraph (block 1) text")
      .fill("Spacing beats cramming, and testing beats re-reading.");
    await form.getByLabel("Find a source episode").fill("forget");
    await form.getByRole("list", { name: "Matching episodes" }).getByRole("button").first().click();
    const line = form.getByRole("list", { name: "Transcript lines" }).getByRole("button").nth(1);
    const quoted = (await line.locator("span").nth(1).textContent()) ?? "";
    await line.click();
    await expect(form.getByLabel("Quote", { exact: true })).toHaveValue(quoted);
    await form.getByRole("radio", { name: "Publish now" }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Post published");

    // Readers: the feed, the post with its source, and the landing page.
    const reader = await browser.newPage();
    await reader.goto("/feed");
    await expect(postTitles(reader).first()).toHaveText(title);
    await postTitles(reader).first().getByRole("link").click();
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(reader.getByText("Spacing beats cramming, and testing beats re-reading.")).toBeVisible();
    await expect(reader.getByRole("region", { name: "Sources" })).toContainText(quoted);
    // Publishing forgets the server's cached home lists (decision 045): the landing page shows it at once.
    await reader.goto("/");
    await expect(
      reader.getByRole("region", { name: "Latest Insights" }).getByRole("link", { name: title }),
    ).toBeVisible();
    await reader.close();
  } finally {
    // The server is shared with other tests: the post goes again.
    const list = await page.request.get("/api/v1/admin/posts");
    const items = ((await list.json()) as { items: { id: string; title: string }[] }).items;
    for (const post of items.filter((item) => item.title === title))
      expect((await page.request.delete(`/api/v1/admin/posts/${post.id}`)).status()).toBeLessThan(300);
  }
});
