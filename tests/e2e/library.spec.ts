import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

const CHIPS = "Who Makes the Chips?";
const STOICS = "Stoicism for Busy People";
const FERMI = "Where Is Everybody? The Fermi Paradox";

/** The newest toast (sonner keeps older ones in the DOM, hidden, while they leave). */
const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');
const ids: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
  for (const title of [CHIPS, STOICS, FERMI]) ids[title] = (await findEpisode(request, title)).id;
});

/** A signed-in user in a fresh browser context of their own. */
async function newUser(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpViaApi(page, name);
  return { context, page };
}

async function createListViaApi(page: Page, body: { name: string; isPublic?: boolean }) {
  const response = await page.request.post("/api/v1/me/lists", { data: body });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function addViaApi(page: Page, listId: string, title: string) {
  const response = await page.request.post(`/api/v1/lists/${listId}/episodes`, {
    data: { episodeId: ids[title] },
  });
  expect(response.status()).toBe(201);
}

test("library screens send anonymous visitors to sign in and back", async ({ page }) => {
  for (const path of ["/bookmarks", "/lists"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=${encodeURIComponent(path)}$`));
  }
  await page.getByRole("button", { name: "Need an account? Sign up" }).click();
  await page.getByLabel("Name").fill("Returning");
  await page.getByLabel("Email").fill(`lists-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByRole("heading", { level: 1, name: "My lists" })).toBeVisible();
});

test("bookmarks: empty state, bookmark from the episode, list newest first, remove", async ({ page }) => {
  await signUpViaApi(page, "Saver");
  await page.goto("/bookmarks");
  await expect(page.getByRole("heading", { level: 1, name: "Bookmarks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No bookmarks yet" })).toBeVisible();
  await expectAccessible(page, "bookmarks (empty)");

  for (const title of [STOICS, CHIPS]) {
    await page.goto(`/episode/${ids[title]}`);
    await page.getByRole("button", { name: "Bookmark" }).click();
    await expect(page.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  }
  await page.goto("/bookmarks");
  const items = page.getByRole("list", { name: "Bookmarked episodes" }).getByRole("article");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(CHIPS);
  await expect(items.nth(1)).toContainText(STOICS);
  await expectAccessible(page, "bookmarks");

  await page.getByRole("button", { name: `Remove bookmark: ${CHIPS}` }).click();
  await expect(toast(page)).toContainText("Bookmark removed");
  await expect(items).toHaveCount(1);
  await page.getByRole("button", { name: `Remove bookmark: ${STOICS}` }).click();
  await expect(page.getByRole("heading", { name: "No bookmarks yet" })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "No bookmarks yet" })).toBeVisible();
});

test("lists: empty state, name rule, create, and delete with the exact confirmation", async ({ page }) => {
  await signUpViaApi(page, "Lister");
  await page.goto("/lists");
  await expect(page.getByRole("heading", { name: "No lists yet" })).toBeVisible();
  await expectAccessible(page, "lists (empty)");

  await page.getByRole("button", { name: "New list" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a list" });
  await dialog.getByLabel("Name").fill("   ");
  await dialog.getByRole("button", { name: "Create list" }).click();
  await expect(dialog.getByText("Please enter a list name")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(toast(page)).toContainText("Please enter a list name");

  await dialog.getByLabel("Name").fill("  Road trip  ");
  await dialog.getByLabel("Description").fill("For the long drive");
  await dialog.getByRole("radio", { name: /Public/ }).check();
  await dialog.getByRole("button", { name: "Create list" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page)).toContainText("List created");

  await page.getByRole("button", { name: "New list" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("Later");
  await page.getByRole("dialog").getByRole("button", { name: "Create list" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const cards = page.getByRole("list", { name: "Your lists" }).getByRole("article");
  await expect(cards).toHaveCount(2);
  // Newest first, with episode counts and visibility.
  await expect(cards.nth(0)).toContainText("Later");
  await expect(cards.nth(0)).toContainText("0 episodes");
  await expect(cards.nth(0)).toContainText("Private");
  await expect(cards.nth(1)).toContainText("Road trip");
  await expect(cards.nth(1)).toContainText("For the long drive");
  await expect(cards.nth(1)).toContainText("Public");
  await expectAccessible(page, "lists");

  await page.getByRole("button", { name: "Delete Road trip" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText('Delete "Road trip"? This will remove all episodes from this list.');
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(cards).toHaveCount(2);

  await page.getByRole("button", { name: "Delete Road trip" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("List deleted");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Later");
});

test("add to list from the episode: create inline, then the duplicate message", async ({ page }) => {
  await signUpViaApi(page, "Collector");
  await page.goto(`/episode/${ids[CHIPS]}`);
  await page.getByRole("button", { name: "Add to List" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to list" });
  await expect(dialog).toContainText("You have no lists yet");
  await dialog.getByRole("button", { name: "Create and add" }).click();
  await expect(dialog.getByText("Please enter a list name")).toBeVisible();
  await dialog.getByLabel("New list name").fill("Semiconductors");
  await dialog.getByRole("button", { name: "Create and add" }).click();
  await expect(toast(page)).toContainText("Added to list");
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: "Add to List" }).click();
  const choice = page.getByRole("dialog").getByRole("button", { name: /Semiconductors/ });
  await expect(choice).toContainText("In list");
  await expect(choice).toContainText("1 episode");
  await choice.click();
  await expect(toast(page)).toContainText("Already in list");
  await expect(toast(page)).toContainText("This episode is already in that list");

  // A second list from the same dialog.
  await page.getByRole("dialog").getByRole("button", { name: "New list" }).click();
  await page.getByRole("dialog").getByLabel("New list name").fill("Everything");
  await page.getByRole("dialog").getByRole("button", { name: "Create and add" }).click();
  await expect(toast(page)).toContainText("Added to list");

  await page.goto("/lists");
  const cards = page.getByRole("list", { name: "Your lists" }).getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("Everything");
  await expect(cards.nth(0)).toContainText("1 episode");
  await expect(cards.nth(1)).toContainText("Semiconductors");
});

test("a list page: reorder with the keyboard, remove, edit, and an empty state", async ({ page }) => {
  await signUpViaApi(page, "Curator");
  const listId = await createListViaApi(page, { name: "Curated" });
  for (const title of [CHIPS, STOICS, FERMI]) await addViaApi(page, listId, title);

  await page.goto(`/lists/${listId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Curated" })).toBeVisible();
  const rows = page.getByRole("list", { name: "Episodes in this list" }).getByRole("article");
  await expect(rows).toHaveText([
    new RegExp(CHIPS.replace("?", "\\?")),
    new RegExp(STOICS),
    new RegExp(FERMI.replace("?", "\\?")),
  ]);
  await expectAccessible(page, "list page");

  // Move the first episode down with the keyboard; focus stays on it.
  await page.getByRole("button", { name: `Move down: ${CHIPS}` }).focus();
  await page.keyboard.press("Enter");
  await expect(rows.nth(1)).toContainText(CHIPS);
  await expect(page.getByRole("button", { name: `Move down: ${CHIPS}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rows.nth(2)).toContainText(CHIPS);
  await expect(page.getByRole("button", { name: `Move down: ${CHIPS}` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Move up: ${CHIPS}` })).toBeFocused();
  // The screen shows each move at once; both are saved, in order, before the page is read again.
  await expect
    .poll(async () => {
      const list = await (await page.request.get(`/api/v1/lists/${listId}`)).json();
      return list.episodes.map((entry: { episode: { title: string } }) => entry.episode.title);
    })
    .toEqual([STOICS, FERMI, CHIPS]);
  await page.reload();
  await expect(rows.nth(0)).toContainText(STOICS);
  await expect(rows.nth(1)).toContainText(FERMI);
  await expect(rows.nth(2)).toContainText(CHIPS);

  await page.getByRole("button", { name: `Remove from list: ${FERMI}` }).click();
  await expect(toast(page)).toContainText("Removed from list");
  await expect(rows).toHaveCount(2);

  await page.getByRole("button", { name: "Edit list" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit list" });
  await dialog.getByLabel("Name").fill("");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText("Please enter a list name")).toBeVisible();
  await dialog.getByLabel("Name").fill("Curated, renamed");
  await dialog.getByLabel("Description").fill("Best of the demo");
  await dialog.getByRole("radio", { name: /Public/ }).check();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Curated, renamed" })).toBeVisible();
  await expect(page.getByText("Best of the demo")).toBeVisible();
  await expect(page.getByText("Public", { exact: true })).toBeVisible();

  for (const title of [STOICS, CHIPS])
    await page.getByRole("button", { name: `Remove from list: ${title}` }).click();
  await expect(page.getByRole("heading", { name: "No episodes in this list yet" })).toBeVisible();

  await page.getByRole("button", { name: "Delete list" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    'Delete "Curated, renamed"? This will remove all episodes from this list.',
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/lists$/);
});

test("a private list is 'not found' for everyone else; a public one opens read-only", async ({ browser }) => {
  const owner = await newUser(browser, "Owner");
  const listId = await createListViaApi(owner.page, { name: "Secret stash", isPublic: false });
  await addViaApi(owner.page, listId, STOICS);

  const other = await newUser(browser, "Other");
  await other.page.goto(`/lists/${listId}`);
  await expect(other.page.getByRole("heading", { name: "List not found" })).toBeVisible();
  await expect(other.page.getByText("Secret stash")).toHaveCount(0);
  await expect(other.page.getByRole("link", { name: "Go Home" })).toBeVisible();

  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`/lists/${listId}`);
  await expect(visitor.getByRole("heading", { name: "List not found" })).toBeVisible();

  const response = await owner.page.request.patch(`/api/v1/lists/${listId}`, { data: { isPublic: true } });
  expect(response.status()).toBe(200);
  for (const page of [other.page, visitor]) {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Secret stash" })).toBeVisible();
    await expect(page.getByText("By Owner")).toBeVisible();
    await expect(page.getByRole("article")).toContainText(STOICS);
    await expect(page.getByRole("button", { name: "Edit list" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Remove from list/ })).toHaveCount(0);
  }
  await Promise.all([owner.context.close(), other.context.close(), anonymous.close()]);
});

test("library screens fit a 360 px screen in the light theme", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, "Small Screen");
  const listId = await createListViaApi(page, { name: "A list with a rather long name for a small screen" });
  await addViaApi(page, listId, FERMI);
  await page.request.put(`/api/v1/me/bookmarks/${ids[FERMI]}`);
  await page.goto("/bookmarks");
  await chooseTheme(page, "Light");
  await expect(page.locator("html")).toHaveClass(/light/);
  for (const path of ["/bookmarks", "/lists", `/lists/${listId}`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `${path} at 360 px (light)`);
  }
});
