import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { toast } from "./support/quiz.ts";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

/** A signed-in user in a fresh browser context of their own, with their user id. */
async function newUser(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpViaApi(page, name);
  const session = (await (await page.request.get("/api/v1/auth/session")).json()) as { user: { id: string } };
  return { context, page, userId: session.user.id };
}

const profileCard = (page: Page) => page.getByRole("main");
const userMenuLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Your profile/ });

test("signed-out visitors are sent to sign in from /profile and /profile/edit", async ({ page }) => {
  for (const path of ["/profile", "/profile/edit"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=${encodeURIComponent(path)}$`));
  }
});

test("a new user's profile: defaults, every empty state, keyboard tabs, 360 px, accessible", async ({
  page,
}) => {
  await signUpViaApi(page, "Newcomer Nell");
  await page.goto("/faq");
  await userMenuLink(page).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle(/^Your profile/);
  const main = profileCard(page);
  await expect(main.getByRole("heading", { level: 1, name: "Newcomer Nell" })).toBeVisible();
  for (const [label, value] of [
    ["Level", "1"],
    ["XP", "0"],
    ["Points", "0"],
    ["Saved", "0"],
  ] as const)
    await expect(
      main.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(value);
  await expect(
    main.getByRole("term").filter({ hasText: "Accuracy" }).locator("xpath=following-sibling::dd[1]"),
  ).toContainText("—");

  for (const name of ["Back to Home", "Settings", "My Progress", "My Lists", "Achievements"])
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/profile/edit");
  await expect(main.getByRole("link", { name: "My Progress" })).toHaveAttribute("href", "/knowledge");
  await expect(main.getByRole("link", { name: "Achievements" })).toHaveAttribute("href", "/achievements");

  const tabs = main.getByRole("tablist", { name: "Your library" });
  await expect(main.getByRole("tabpanel")).toContainText("No saved episodes yet");
  await expectAccessible(page, "own profile");
  // Arrow keys move between the tabs (Radix activates on focus).
  await tabs.getByRole("tab", { name: "Saved" }).focus();
  for (const [tab, empty] of [
    ["Lists", "No lists created yet"],
    ["History", "No play history yet"],
    ["Following", "Not following any podcasts yet"],
  ] as const) {
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expect(main.getByRole("tabpanel")).toContainText(empty);
  }

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(main.getByRole("tabpanel")).toContainText("Not following any podcasts yet");
  await expectNoHorizontalOverflow(page);
  // Phones reach the profile through the bottom tabs.
  await expect(
    page.getByRole("navigation", { name: "Tabs" }).getByRole("link", { name: "Profile" }),
  ).toBeVisible();
});

test("the own profile's tabs link to the episode, list and podcast pages", async ({ page }) => {
  await waitForCatalog(page.request);
  const episode = await findEpisode(page.request, "Stoicism for Busy People");
  await signUpViaApi(page, "Busy Bo");
  expect((await page.request.put(`/api/v1/me/bookmarks/${episode.id}`)).status()).toBe(200);
  expect((await page.request.put(`/api/v1/me/podcasts/${episode.podcastId}`)).status()).toBe(204);
  const played = await page.request.put(`/api/v1/me/positions/${episode.id}`, {
    data: { positionSeconds: 95 },
  });
  expect(played.status()).toBe(200);
  const list = await page.request.post("/api/v1/me/lists", { data: { name: "Calm mornings" } });
  expect(list.status()).toBe(201);
  const listId = ((await list.json()) as { id: string }).id;

  await page.goto("/profile");
  const main = profileCard(page);
  await expect(
    main.getByRole("term").filter({ hasText: "Saved" }).locator("xpath=following-sibling::dd[1]"),
  ).toHaveText("1");
  const panel = main.getByRole("tabpanel");
  const tabs = main.getByRole("tablist", { name: "Your library" });
  await expect(panel.getByRole("link", { name: episode.title })).toHaveAttribute(
    "href",
    `/episode/${episode.id}`,
  );
  await tabs.getByRole("tab", { name: "Lists" }).click();
  await expect(panel.getByRole("link", { name: "Calm mornings" })).toHaveAttribute(
    "href",
    `/lists/${listId}`,
  );
  await expect(panel).toContainText("0 episodes");
  await expect(panel).toContainText("Private");
  await tabs.getByRole("tab", { name: "History" }).click();
  await expect(panel.getByRole("link", { name: episode.title })).toBeVisible();
  await expect(panel).toContainText("reached 1:35");
  await tabs.getByRole("tab", { name: "Following" }).click();
  const podcast = panel.getByRole("link", { name: episode.podcastName });
  await expect(podcast).toHaveAttribute("href", `/podcast/${episode.podcastId}`);
  await expectAccessible(page, "own profile with content (dark)");
  await chooseTheme(page, "Light");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await expectAccessible(page, "own profile with content (light)");
  await podcast.click();
  await expect(page).toHaveURL(new RegExp(`/podcast/${episode.podcastId}$`));
  await expect(page.getByRole("heading", { level: 1, name: episode.podcastName })).toBeVisible();
});

test("edit name and handle: checks as typed and on save, then the header and profile show them", async ({
  page,
}) => {
  await signUpViaApi(page, "Before Bea");
  await page.goto("/profile");
  await profileCard(page).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit profile" })).toBeVisible();
  const name = page.getByLabel("Display name");
  const handle = page.getByLabel("Handle");
  await expect(name).toHaveValue("Before Bea");

  await name.fill("   ");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Validation Error");
  await expect(toast(page)).toContainText("Name cannot be empty");
  await expect(name).toBeFocused();

  await name.fill("After Ada");
  await handle.pressSequentially("A-b");
  await expect(handle).toHaveValue("ab");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Handle must be at least 3 characters");
  await expect(handle).toHaveAttribute("aria-invalid", "true");

  await handle.fill("");
  // Handles are unique per server: a suffix lets the test run again against the same one.
  const suffix = Math.random().toString(36).slice(2, 7);
  await handle.pressSequentially(`Ada.Lovelace_${suffix}!`);
  await expect(handle).toHaveValue(`adalovelace_${suffix}`);
  await expectAccessible(page, "profile edit");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Profile saved");
  await expect(page).toHaveURL(/\/profile$/);
  const main = profileCard(page);
  await expect(main.getByRole("heading", { level: 1, name: "After Ada" })).toBeVisible();
  await expect(main.getByText(`@adalovelace_${suffix}`)).toBeVisible();
  await expect(userMenuLink(page)).toHaveAccessibleName("Your profile (After Ada)");

  // Cancel keeps what was saved.
  await page.goto("/profile/edit");
  await page.getByLabel("Display name").fill("Not saved");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(main.getByRole("heading", { level: 1, name: "After Ada" })).toBeVisible();
});

test("a handle someone else holds is refused with the server's message", async ({ browser }) => {
  const first = await newUser(browser, "Holder");
  const handle = `held_${Date.now()}`;
  const taken = await first.page.request.patch("/api/v1/me/profile", { data: { name: "Holder", handle } });
  expect(taken.status()).toBe(200);
  const second = await newUser(browser, "Claimer");
  await second.page.goto("/profile/edit");
  await second.page.getByLabel("Handle").fill(handle.toUpperCase());
  await second.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(second.page)).toContainText("That handle is already taken");
  await expect(second.page.getByLabel("Handle")).toHaveAttribute("aria-invalid", "true");
  await expect(second.page).toHaveURL(/\/profile\/edit$/);
  await first.context.close();
  await second.context.close();
});

test("avatar files that are not images or over 2 MB are refused before upload", async ({ page }) => {
  await signUpViaApi(page, "Picky Pat");
  let uploads = 0;
  await page.route("**/api/v1/me/avatar", (route) => {
    uploads++;
    return route.continue();
  });
  await page.goto("/profile/edit");
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(toast(page)).toContainText("Invalid file type");
  await expect(toast(page)).toContainText("Please select an image file");
  await fileInput.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
  });
  await expect(toast(page)).toContainText("File too large");
  await expect(toast(page)).toContainText("Please select an image smaller than 2MB");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Profile saved");
  expect(uploads).toBe(0);
});

test("a pasted avatar URL must be https; a refused upload says 'Upload failed'", async ({ page }) => {
  await signUpViaApi(page, "Linky Lou");
  await page.goto("/profile/edit");
  await page.getByLabel("Or paste an image URL").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Avatar URL must be a web address starting with https://");

  await page.route("**/api/v1/me/avatar", (route) =>
    route.fulfill({
      status: 422,
      json: { error: { code: "UNPROCESSABLE", message: "That file is not an image we can read." } },
    }),
  );
  await page.getByLabel("Or paste an image URL").fill("");
  await page.locator('input[type="file"]').setInputFiles({
    name: "pic.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 4, height: 4, channels: 3, background: "#f00" } })
      .png()
      .toBuffer(),
  });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("Upload failed");
  await expect(toast(page)).toContainText("That file is not an image we can read.");
  await expect(page).toHaveURL(/\/profile\/edit$/);
});

// Needs the avatar storage routes (PUT /api/v1/me/avatar, src/domain/contract/avatar.ts).
test("upload an avatar: preview, save, then the header and the profile show it", async ({ page }) => {
  await signUpViaApi(page, "Pictured Pia");
  const folder = await mkdtemp(path.join(os.tmpdir(), "earmark-avatar-"));
  try {
    const file = path.join(folder, "avatar.png");
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366cc" } })
      .png()
      .toFile(file);
    await page.goto("/profile/edit");
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(page.getByRole("img", { name: "Pictured Pia's avatar preview" })).toHaveAttribute(
      "src",
      /^data:image\/png;base64,/,
    );
    const uploaded = page.waitForResponse(
      (response) => response.url().endsWith("/api/v1/me/avatar") && response.request().method() === "PUT",
    );
    await page.getByRole("button", { name: "Save Changes" }).click();
    const response = await uploaded;
    expect(response.status()).toBe(200);
    await expect(toast(page)).toContainText("Profile saved");
    // Read back from the session, not the PUT's body: the page navigates on, and the browser may
    // already have dropped that body.
    const session = await page.request.get("/api/v1/auth/session");
    const avatarUrl = ((await session.json()) as { profile: { avatarUrl: string } }).profile.avatarUrl;
    expect(avatarUrl).toMatch(/avatar\.webp\?v=/);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(profileCard(page).getByRole("img", { name: "Pictured Pia's avatar" })).toHaveAttribute(
      "src",
      avatarUrl,
    );
    const headerAvatar = userMenuLink(page).locator("img");
    await expect(headerAvatar).toHaveAttribute("src", avatarUrl);
    await expect
      .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // Remove photo deletes the stored file too: the header falls back to the initial.
    await page.goto("/profile/edit");
    await page.getByRole("button", { name: "Remove photo" }).click();
    const removed = page.waitForResponse(
      (response) => response.url().endsWith("/api/v1/me/avatar") && response.request().method() === "DELETE",
    );
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect((await removed).status()).toBe(200);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(userMenuLink(page).locator("img")).toHaveCount(0);
    expect((await page.request.get(avatarUrl)).status()).toBe(404);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test("another user's profile shows their public header and public lists only", async ({ browser }) => {
  const owner = await newUser(browser, "Public Paula");
  for (const [name, isPublic] of [
    ["Paula's public picks", true],
    ["Paula's secret stash", false],
  ] as const) {
    const created = await owner.page.request.post("/api/v1/me/lists", { data: { name, isPublic } });
    expect(created.status()).toBe(201);
  }
  const viewer = await newUser(browser, "Visiting Vic");
  const page = viewer.page;
  await page.goto(`/profile?userId=${owner.userId}`);
  const main = profileCard(page);
  await expect(main.getByRole("heading", { level: 1, name: "Public Paula" })).toBeVisible();
  await expect(page).toHaveTitle(/^Public Paula's profile/);
  await expect(main.getByRole("heading", { name: "Public lists" })).toBeVisible();
  const publicList = main.getByRole("link", { name: "Paula's public picks" });
  await expect(publicList).toBeVisible();
  await expect(main.getByText("Paula's secret stash")).toHaveCount(0);
  await expect(main.getByRole("tablist")).toHaveCount(0);
  await expect(main.getByRole("term").filter({ hasText: "Saved" })).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expectAccessible(page, "another user's profile");
  await publicList.click();
  await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);

  // The server refuses the private tabs outright.
  const saved = await page.request.get(`/api/v1/profiles/${owner.userId}/saved`);
  expect(saved.status()).toBe(404);

  await page.goto("/profile?userId=00000000-0000-4000-8000-000000000000");
  await expect(profileCard(page).getByRole("heading", { name: "Profile not found" })).toBeVisible();
  await page.goto("/profile?userId=not-a-user");
  await expect(profileCard(page).getByRole("heading", { name: "Profile not found" })).toBeVisible();

  // Their own id in the address is the own profile.
  await page.goto(`/profile?userId=${viewer.userId}`);
  await expect(page.getByRole("main").getByRole("tablist", { name: "Your library" })).toBeVisible();
  await owner.context.close();
  await viewer.context.close();
});
