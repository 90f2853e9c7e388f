import { type Browser, expect, type Page, test } from "@playwright/test";
import { toast } from "./support/quiz.ts";
import { expectAccessible, expectNoHorizontalOverflow, signUpViaApi, uniqueEmail } from "./support/shell.ts";

// Two or three browsers per test on a machine shared with other runs.
test.describe.configure({ timeout: 150_000 });

/** A name no other test (or earlier run on this database) uses, so the search finds only this user. */
const uniqueName = (first: string) => `${first} ${Math.random().toString(36).slice(2, 8)}`;

/** A signed-in user in a browser context of their own. */
async function newUser(browser: Browser, first: string) {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const name = uniqueName(first);
  await signUpViaApi(page, name);
  const session = (await (await page.request.get("/api/v1/auth/session")).json()) as { user: { id: string } };
  return { context, page, name, userId: session.user.id };
}

const main = (page: Page) => page.getByRole("main");
const tabs = (page: Page) => main(page).getByRole("tablist", { name: "Friends" });

test("signed-out visitors are sent to sign in from /friends", async ({ page }) => {
  await page.goto("/friends");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Ffriends$/);
});

test("search, request, accept: both see each other as friends", async ({ browser }) => {
  const ann = await newUser(browser, "Annika");
  const ben = await newUser(browser, "Benedikt");

  await ann.page.goto("/friends");
  await expect(main(ann.page).getByRole("heading", { level: 1, name: "Learn Together" })).toBeVisible();
  await expect(tabs(ann.page).getByRole("tab", { name: "Friends (0)" })).toBeVisible();
  await expect(main(ann.page).getByRole("tabpanel")).toContainText("No friends yet");
  const search = main(ann.page).getByRole("searchbox", { name: "Search players by name or handle" });

  await search.fill("no-such-player-zzq");
  await expect(main(ann.page)).toContainText("No users found matching your search");
  // Case-insensitive, and never yourself.
  await search.fill(ben.name.toUpperCase());
  const results = main(ann.page).getByRole("list", { name: "Players found" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results).toContainText(ben.name);
  await search.fill(ann.name);
  await expect(main(ann.page)).toContainText("No users found matching your search");

  await search.fill(ben.name);
  await results.getByRole("button", { name: `Add ${ben.name} as a friend` }).click();
  await expect(toast(ann.page)).toContainText("Friend request sent");
  await expect(results.getByText("Request sent")).toBeVisible();
  await tabs(ann.page).getByRole("tab", { name: "Requests" }).click();
  const sent = main(ann.page).getByRole("list", { name: "Sent by you" });
  await expect(sent).toContainText(ben.name);
  await expect(main(ann.page).getByRole("tabpanel")).toContainText("No pending requests right now");

  await ben.page.goto("/friends");
  const requestsTab = tabs(ben.page).getByRole("tab", { name: "Requests 1" });
  await expect(requestsTab).toBeVisible();
  await requestsTab.click();
  const incoming = main(ben.page).getByRole("list", { name: "Requests to you" });
  await expect(incoming).toContainText(ann.name);
  await expectAccessible(ben.page, "requests tab");
  await incoming.getByRole("button", { name: `Accept ${ann.name}'s friend request` }).click();
  await expect(toast(ben.page)).toContainText(`You and ${ann.name} are now friends.`);
  await expect(main(ben.page).getByRole("tabpanel")).toContainText("No pending requests right now");
  await expect(tabs(ben.page).getByRole("tab", { name: "Requests" })).toHaveAccessibleName("Requests");

  await tabs(ben.page).getByRole("tab", { name: "Friends (1)" }).click();
  const bensFriends = main(ben.page).getByRole("list", { name: "Your friends" });
  await expect(bensFriends.getByRole("link", { name: ann.name })).toHaveAttribute(
    "href",
    `/profile?userId=${ann.userId}`,
  );

  await ann.page.reload();
  await expect(tabs(ann.page).getByRole("tab", { name: "Friends (1)" })).toBeVisible();
  const annsFriends = main(ann.page).getByRole("list", { name: "Your friends" });
  await expect(annsFriends).toContainText(ben.name);
  await annsFriends.getByRole("link", { name: ben.name }).click();
  await expect(ann.page).toHaveURL(new RegExp(`/profile\\?userId=${ben.userId}$`));
  await expect(main(ann.page).getByRole("heading", { level: 1, name: ben.name })).toBeVisible();

  await ann.context.close();
  await ben.context.close();
});

test("an invite link accepted by someone who signs up from it", async ({ browser }) => {
  const ivy = await newUser(browser, "Ivonne");
  await ivy.page.goto("/friends");
  await tabs(ivy.page).getByRole("tab", { name: "Invite" }).click();
  await main(ivy.page).getByRole("button", { name: "Create invite link" }).click();
  const link = main(ivy.page).getByRole("textbox", { name: "Your invite link" });
  await expect(link).toHaveValue(/\/invite\/[0-9a-f]{48}$/);
  const url = await link.inputValue();
  await main(ivy.page).getByRole("button", { name: "Copy link" }).click();
  await expect(main(ivy.page).getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await ivy.page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(ivy.page, "invite tab");

  // A visitor without an account opens the link.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(
    main(page).getByRole("heading", { level: 1, name: `${ivy.name} invited you to learn together` }),
  ).toBeVisible();
  // No picture: our own placeholder with initials, never an external service.
  const avatar = main(page).locator("img").first();
  await expect(avatar).toHaveAttribute("src", /^\/api\/v1\/invites\/[0-9a-f]{48}\/avatar$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page, "invite page, signed out");

  await main(page).getByRole("link", { name: "Sign in to accept" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await page.getByRole("button", { name: "Need an account? Sign up" }).click();
  const newName = uniqueName("Zora");
  await page.getByLabel("Name").fill(newName);
  await page.getByLabel("Email").fill(uniqueEmail("invited"));
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();

  // Back on the invite, accepted without another click, then on to /friends.
  await expect(
    main(page).getByRole("heading", { name: `You and ${ivy.name} are now friends` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/friends$/);
  await expect(main(page).getByRole("list", { name: "Your friends" })).toContainText(ivy.name);

  // Used up: the link is invalid now, for the inviter too.
  await ivy.page.goto(url);
  await expect(main(ivy.page).getByRole("heading", { name: "Invalid or expired invite" })).toBeVisible();
  await ivy.page.goto("/friends");
  await expect(main(ivy.page).getByRole("list", { name: "Your friends" })).toContainText(newName);

  await context.close();
  await ivy.context.close();
});

test("the inviter cannot accept their own link", async ({ browser }) => {
  const ivy = await newUser(browser, "Selma");
  const created = await ivy.page.request.post("/api/v1/invites");
  const { path } = (await created.json()) as { path: string };
  await ivy.page.goto(path);
  await expect(main(ivy.page)).toContainText("This is your own invite link");
  await expect(main(ivy.page).getByRole("button", { name: "Accept invite" })).toHaveCount(0);
  await ivy.context.close();
});

test("an invalid invite link says so and leads home", async ({ page }) => {
  await page.goto(`/invite/${"a".repeat(48)}`);
  await expect(
    main(page).getByRole("heading", { level: 1, name: "Invalid or expired invite" }),
  ).toBeVisible();
  await expect(main(page)).toContainText("Ask your friend to send a new link.");
  await expectAccessible(page, "invalid invite");
  await main(page).getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("friends and invite pages at 360 px, in light and dark", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const ivy = await signUpViaApi(page, uniqueName("Narrow"));
  const created = await page.request.post("/api/v1/invites");
  const { path } = (await created.json()) as { path: string };
  // The app starts dark; with the "system" theme it follows the emulated colour scheme.
  expect((await page.request.put("/api/v1/me/theme", { data: { theme: "system" } })).ok()).toBe(true);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto("/friends");
    await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
    await expect(tabs(page).getByRole("tab", { name: "Friends (0)" })).toBeVisible();
    await main(page).getByRole("searchbox").fill("Narrow");
    await expect(
      main(page)
        .getByRole("list", { name: "Players found" })
        .or(main(page).getByText("No users found matching your search")),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `friends 360 ${colorScheme}`);
    await tabs(page).getByRole("tab", { name: "Invite" }).click();
    await main(page).getByRole("button", { name: "Create invite link" }).click();
    await expect(main(page).getByRole("textbox", { name: "Your invite link" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  await page.goto(path);
  await expect(
    main(page).getByRole("heading", { level: 1, name: `${ivy.name} invited you to learn together` }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await context.close();
});
