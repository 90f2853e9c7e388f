import { expect, type Page, test } from "@playwright/test";
import { miniPlayer, spokenSeconds } from "./support/player";
import { findEpisode, waitForCatalog } from "./support/shell";

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
});

const results = (page: Page) => page.getByRole("region", { name: "Results" });
const cardTitles = (page: Page) => results(page).getByRole("heading", { level: 3 });

/**
 * The page shows the first page of the whole catalog as the API lists it: the demo's 12 episodes,
 * or more while another test's listener has added a podcast to the shared catalog (read both again
 * until they agree).
 */
async function expectWholeCatalog(page: Page) {
  await expect(async () => {
    const response = await page.request.get("/api/v1/catalog/search");
    const { episodes } = (await response.json()) as { episodes: { title: string }[] };
    expect(episodes.length).toBeGreaterThanOrEqual(12);
    try {
      await expect(cardTitles(page)).toHaveCount(episodes.length, { timeout: 3_000 });
    } catch (error) {
      await page.reload();
      throw error;
    }
  }).toPass({ timeout: 45_000 });
}

test.describe("search page", () => {
  test("q prefills the text; cards show at most 3 topics and link to the episode", async ({
    page,
    request,
  }) => {
    const episode = await findEpisode(request, "Stoicism for Busy People");
    await page.goto("/search?q=stoicism");
    await expect(page.getByRole("main").getByRole("searchbox", { name: "Search episodes" })).toHaveValue(
      "stoicism",
    );
    await expect(cardTitles(page).first()).toHaveText("Stoicism for Busy People");
    const link = results(page).getByRole("link", { name: "Stoicism for Busy People" });
    await expect(link).toHaveAttribute("href", `/episode/${episode.id}`);
    const card = results(page)
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: "Stoicism for Busy People" }) });
    await expect(card).toContainText(episode.podcastName);
    const badges = card.getByRole("list", { name: "Topics" }).getByRole("listitem");
    expect(await badges.count()).toBeLessThanOrEqual(3);
    expect(await badges.count()).toBe(Math.min(3, episode.topics.length));
  });

  test("shows the exact empty message", async ({ page }) => {
    await page.goto("/search?q=xylophonequartet");
    await expect(page.getByText("No episodes found matching your search", { exact: true })).toBeVisible();
  });

  test("typing searches as you type and the URL follows; back restores", async ({ page }) => {
    await page.goto("/search");
    await expectWholeCatalog(page);
    const box = page.getByRole("main").getByRole("searchbox", { name: "Search episodes" });
    await box.fill("attention");
    await expect(page).toHaveURL(/\/search\?q=attention$/);
    await expect(cardTitles(page)).toHaveText(["Attention, Explained Without Equations"]);
    await box.fill("vaccines");
    await box.press("Enter");
    await expect(page).toHaveURL(/q=vaccines/);
    await expect(cardTitles(page)).toHaveText(["How Vaccines Protect People Who Never Got One"]);
    await page.goto("/search?q=maps");
    await page.goBack();
    await expect(box).toHaveValue("vaccines");
    await expect(cardTitles(page)).toHaveText(["How Vaccines Protect People Who Never Got One"]);
  });

  test("a partial word still finds the episode", async ({ page }) => {
    await page.goto("/search?q=stoic");
    await expect(cardTitles(page)).toContainText(["Stoicism for Busy People"]);
  });

  test("the podcast filter shows the podcast's name, combines with text and can be cleared", async ({
    page,
    request,
  }) => {
    const episode = await findEpisode(request, "How Maps Shaped Empires");
    await page.goto(`/search?podcast=${episode.podcastId}`);
    const chip = page.getByText(`Podcast filter: ${episode.podcastName}`, { exact: true });
    await expect(chip).toBeVisible();
    await expect(cardTitles(page)).toHaveCount(3);
    for (const card of await results(page).getByRole("article").all())
      await expect(card).toContainText(episode.podcastName);

    await page.getByRole("main").getByRole("searchbox", { name: "Search episodes" }).fill("stoicism");
    await expect(page).toHaveURL(new RegExp(`podcast=${episode.podcastId}`));
    await expect(cardTitles(page)).toHaveText(["Stoicism for Busy People"]);

    await page.getByRole("button", { name: /Clear podcast filter/ }).click();
    await expect(page).not.toHaveURL(/podcast=/);
    await expect(page).toHaveURL(/q=stoicism/);
    await expect(chip).toHaveCount(0);
  });

  test("sort recent or oldest, kept in the URL", async ({ page }) => {
    await page.goto("/search");
    const sort = page.getByLabel("Sort by");
    await expect(sort).toHaveValue("recent");
    await expect(sort.getByRole("option")).toHaveText(["Newest first", "Oldest first"]);
    // Again from the top if the shared catalog changed in between (another test adding a podcast).
    await expect(async () => {
      await page.goto("/search");
      await expectWholeCatalog(page);
      const recent = await cardTitles(page).allTextContents();
      await page.getByLabel("Sort by").selectOption("oldest");
      await expect(page).toHaveURL(/sort=oldest/);
      await expect
        .poll(() => cardTitles(page).allTextContents(), { timeout: 5_000 })
        .toEqual([...recent].reverse());
    }).toPass({ timeout: 90_000 });
    await page.reload();
    await expect(page.getByLabel("Sort by")).toHaveValue("oldest");

    await page.goto("/search?q=the");
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
  });

  test("pages are links in the URL", async ({ page }) => {
    await page.goto("/search?page=2");
    await expect(page.getByText("No episodes found matching your search")).toBeVisible();
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expectWholeCatalog(page);
  });
});

test.describe("search beyond titles (decision 033)", () => {
  test("a word said in a transcript shows its line and timecode, which plays from that second", async ({
    page,
    request,
  }) => {
    // What listeners type finds the demo's words, people and shows (the API, to keep this quick).
    const find = async (q: string) =>
      (await (await request.get(`/api/v1/catalog/search?q=${encodeURIComponent(q)}`)).json()) as {
        episodes: { title: string }[];
        podcasts: { name: string }[];
        people: { name: string; kind: string }[];
      };
    const forgetting = "The Forgetting Curve and How to Beat It";
    expect((await find("spaced repetition")).episodes.map((e) => e.title)).toContain(forgetting);
    expect((await find("memory")).episodes.map((e) => e.title)).toContain(forgetting);
    const guest = await find("Daniel Brooks");
    expect(guest.people).toContainEqual(expect.objectContaining({ name: "Daniel Brooks", kind: "guest" }));
    expect(guest.episodes[0]?.title).toBe(forgetting);
    const show = await find("Deep Time");
    expect(show.podcasts.map((podcast) => podcast.name)).toContain("Deep Time");
    expect(show.episodes.length).toBeGreaterThanOrEqual(3);

    await page.goto("/search?q=Ebbinghaus");
    const card = results(page)
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: forgetting }) });
    await expect(card).toContainText(
      "…From the German psychologist Hermann Ebbinghaus, who published the first careful experiments on memory in 1885…",
    );
    await expect(results(page).getByText(/^\d+ episodes?$/)).toBeVisible();
    await card.getByRole("button", { name: `Play from 0:23: ${forgetting}` }).click();
    await expect(miniPlayer(page)).toContainText(forgetting);
    await expect(miniPlayer(page).getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    const position = async () =>
      spokenSeconds(await page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext"));
    await expect.poll(position).toBeGreaterThanOrEqual(23);
    expect(await position()).toBeLessThanOrEqual(28);
  });
});

test.describe("search dropdown (landing top bar)", () => {
  const combobox = (page: Page) => page.getByRole("combobox", { name: "Search episodes" });
  const listbox = (page: Page) => page.getByRole("listbox", { name: "Episode suggestions" });

  test("needs 2 characters, shows 'Searching...', then up to 5 results with image and podcast", async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/v1/catalog/suggest**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await combobox(page).fill("s");
    await page.waitForTimeout(400);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
    await combobox(page).fill("st");
    await expect(page.getByText("Searching...", { exact: true })).toBeVisible();
    release();
    const options = listbox(page).getByRole("option");
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(5);
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");

    await combobox(page).fill("stoicism");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText("Stoicism for Busy People");
    await expect(options.first()).toContainText("The Long View");
  });

  test("says when nothing matches", async ({ page }) => {
    await page.goto("/");
    await combobox(page).fill("zzqx");
    await expect(page.getByText('No episodes found for "zzqx"', { exact: true })).toBeVisible();
  });

  test("keyboard: arrows move, Enter opens the episode, Escape closes", async ({ page, request }) => {
    const episode = await findEpisode(request, "Stoicism for Busy People");
    await page.goto("/");
    const box = combobox(page);
    await box.focus();
    await page.keyboard.type("stoicism");
    const option = listbox(page).getByRole("option").first();
    await expect(option).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(option).toBeHidden();
    await page.keyboard.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/episode/${episode.id}`);
  });

  test("lists a person after the episodes; the arrows reach the row and Enter opens their page", async ({
    page,
  }) => {
    await page.goto("/");
    const box = combobox(page);
    await box.fill("daniel bro");
    const person = listbox(page).getByRole("option").filter({ hasText: "Daniel Brooks" });
    await expect(person).toContainText("Guest");
    await expect(listbox(page).getByRole("group", { name: "People" })).toBeVisible();
    // People are the last group: ArrowUp from the box wraps to the last row.
    await box.press("ArrowUp");
    await expect(person).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await person.getAttribute("id")) ?? "");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/guest\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Daniel Brooks" })).toBeVisible();
  });

  test("Enter without a highlighted result opens the search page; outside click and a choice close it", async ({
    page,
  }) => {
    await page.goto("/");
    await combobox(page).fill("maps");
    await expect(listbox(page).getByRole("option").first()).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(listbox(page)).toBeHidden();
    await combobox(page).click();
    await expect(listbox(page)).toBeVisible();
    await listbox(page).getByRole("option").first().click();
    await expect(page).toHaveURL(/\/episode\//);

    await page.goto("/");
    await combobox(page).fill("maps");
    await combobox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=maps$/);
  });
});
