import { type Browser, expect, type Page, test } from "@playwright/test";
import { learnEpisodeQuiz, takeQuizViaApi, toast } from "./support/quiz.ts";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  signUpViaApi,
  uniqueEmail,
} from "./support/shell.ts";

const MAPS = "How Maps Shaped Empires";
let episodeId: string;
let answers: Map<string, string>;

test.beforeAll(async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  ({ episodeId, answers } = await learnEpisodeQuiz({ request, playwright, baseURL }, MAPS));
});

/** A signed-in user in a browser context of their own. */
async function newUser(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpViaApi(page, name);
  return { context, page };
}

const createDialog = (page: Page) => page.getByRole("dialog", { name: "Create a league" });
const standings = (page: Page) => page.getByRole("region", { name: "This week's standings" });
const standingRows = (page: Page) =>
  standings(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

// Each test runs axe and several screens; on a busy machine that outlasts the default 30 s.
test.describe.configure({ timeout: 120_000 });

test("/leagues sends signed-out visitors to sign in and comes back", async ({ page }) => {
  await page.goto("/leagues");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fleagues$/);
  await page.getByRole("button", { name: "Need an account? Sign up" }).click();
  await page.getByLabel("Name").fill("League Returner");
  await page.getByLabel("Email").fill(uniqueEmail("leagues"));
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/leagues$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leagues" })).toBeVisible();
  await expect(page.getByText("You're not in a league yet")).toBeVisible();
  await page.getByRole("link", { name: "Back to Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("the create dialog shows what is wrong, and the server's rules match", async ({ page }) => {
  await signUpViaApi(page, "Form Tester");
  await page.goto("/leagues");
  await page.getByRole("button", { name: "Create league" }).click();
  const dialog = createDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name").fill("   ");
  await dialog.getByRole("button", { name: "Create league" }).click();
  await expect(dialog.getByText("Please enter a league name")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await expect(toast(page)).toContainText("Failed to create league");

  await dialog.getByLabel("Name").fill("x".repeat(51));
  await expect(dialog.getByText("League name must be at most 50 characters.")).toBeVisible();
  await dialog.getByLabel("Name").fill("Fine name");
  await dialog.getByLabel("Description (optional)").fill("d".repeat(201));
  await dialog.getByRole("button", { name: "Create league" }).click();
  await expect(dialog.getByText("Description must be at most 200 characters.")).toBeVisible();
  await expectAccessible(page, "create league dialog with errors");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Create league" })).toBeFocused();
});

test("two learners: one creates a league, the other joins, and both see the count and the standings", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const leagueName = `Map Makers ${Date.now()}`;
  const ada = await newUser(browser, "Ada Founder");
  const ben = await newUser(browser, "Ben Joiner");

  // Ada creates the league and lands on its page as its owner.
  await ada.page.goto("/leagues");
  await ada.page.getByRole("button", { name: "Create league" }).click();
  const dialog = createDialog(ada.page);
  await dialog.getByLabel("Name").fill(`  ${leagueName}  `);
  await dialog.getByLabel("Description (optional)").fill("We learn about maps.");
  await dialog.getByRole("button", { name: "Create league" }).click();
  await expect(toast(ada.page)).toContainText("League created");
  await expect(ada.page.getByRole("heading", { level: 1, name: leagueName })).toBeVisible();
  await expect(ada.page.getByTestId("member-count")).toHaveText("1 member");
  await expect(standingRows(ada.page)).toHaveCount(1);

  // Ben finds it among the public leagues, newest first, and joins.
  await ben.page.goto("/leagues");
  const publicLeagues = ben.page.getByRole("list", { name: "Public leagues" });
  const card = publicLeagues.getByRole("article", { name: leagueName });
  await expect(card).toContainText("1 member");
  await card.getByRole("button", { name: `Join ${leagueName}` }).click();
  await expect(toast(ben.page)).toContainText(`Joined ${leagueName}`);
  await expect(card).toContainText("2 members");
  await expect(card).toContainText("Member");
  await expect(
    ben.page.getByRole("list", { name: "Your leagues" }).getByRole("article", { name: leagueName }),
  ).toBeVisible();
  await expectAccessible(ben.page, "leagues");

  // Ben finishes a quiz this week, so he leads the standings on both screens.
  const result = await takeQuizViaApi(ben.page.request, episodeId, answers);
  expect(result.score).toBeGreaterThan(0);
  await card.getByRole("link", { name: leagueName }).click();
  await expect(ben.page.getByRole("heading", { level: 1, name: leagueName })).toBeVisible();
  await expect(ben.page.getByTestId("member-count")).toHaveText("2 members");
  await expect(standingRows(ben.page).nth(0)).toContainText("Ben Joiner (you)");
  await expect(standingRows(ben.page).nth(0).getByRole("cell").first()).toHaveText("1");
  await expect(standingRows(ben.page).nth(1)).toContainText("Ada Founder");
  await expectAccessible(ben.page, "league page");

  await ada.page.reload();
  await expect(ada.page.getByTestId("member-count")).toHaveText("2 members");
  await expect(standingRows(ada.page).nth(0)).toContainText("Ben Joiner");
  await expect(standingRows(ada.page).nth(0)).toContainText(result.score.toLocaleString("en-US"));
  await expect(standingRows(ada.page).nth(1)).toContainText("Ada Founder (you)");

  // Ben leaves; Ada's league goes on with one member.
  await ben.page.getByRole("button", { name: "Leave" }).click();
  const confirm = ben.page.getByRole("alertdialog", { name: `Leave ${leagueName}?` });
  await confirm.getByRole("button", { name: "Leave league" }).click();
  await expect(toast(ben.page)).toContainText(`Left ${leagueName}`);
  await expect(ben.page.getByRole("button", { name: "Join league" })).toBeVisible();
  await expect(ben.page.getByTestId("member-count")).toHaveText("1 member");

  await ada.context.close();
  await ben.context.close();
});

test("leagues work at 360 px in dark and light themes", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await signUpViaApi(page, "Narrow Nora");
  const created = await page.request.post("/api/v1/leagues", {
    data: { name: "A rather long league name for narrow screens", description: "Phones welcome." },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const theme of ["Dark", "Light"] as const) {
    await page.goto("/leagues");
    await chooseTheme(page, theme);
    await expect(page.getByRole("list", { name: "Your leagues" }).getByRole("article")).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `leagues at 360 px (${theme})`);
    await page.goto(`/leagues/${id}`);
    await expect(standingRows(page)).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `league page at 360 px (${theme})`);
  }
  await page.goto("/leagues/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "League not found" })).toBeVisible();
});
