import { expect, type Page, test } from "@playwright/test";
import { learnEpisodeQuiz, takeQuizViaApi, toast } from "./support/quiz.ts";
import { chooseTheme, expectAccessible, expectNoHorizontalOverflow, signUpViaApi } from "./support/shell.ts";

const MAPS = "How Maps Shaped Empires";
let episodeId: string;
let answers: Map<string, string>;

test.beforeAll(async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  ({ episodeId, answers } = await learnEpisodeQuiz({ request, playwright, baseURL }, MAPS));
});

const todayCard = (page: Page) => page.getByRole("region", { name: "Today", exact: true });

test("a new learner: nothing due, no streak yet, 0 of 30 XP and 'Find your first episode'", async ({
  page,
}) => {
  await signUpViaApi(page, "New Learner");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your learning hub", level: 1 })).toBeVisible();
  const card = todayCard(page);
  await expect(card.getByTestId("today-due")).toContainText("No cards due");
  await expect(card.getByTestId("today-due")).toHaveAttribute("href", "/review");
  await expect(card.getByTestId("today-streak")).toContainText("0 days");
  await expect(card.getByTestId("today-streak")).toContainText(
    "Answer a quiz question or review a card to start a streak",
  );
  await expect(card.getByTestId("today-xp")).toContainText("0 / 30 XP");
  await expect(card.getByRole("progressbar", { name: "XP today" })).toHaveAttribute("aria-valuemax", "30");
  await expect(card.getByRole("button", { name: "30 XP a day" })).toHaveAttribute("aria-pressed", "true");
  const next = card.getByRole("link", { name: "Find your first episode" });
  await expect(next).toHaveAttribute("href", "/search");
  await expectAccessible(page, "home with the Today card");
  await next.click();
  await expect(page).toHaveURL(/\/search$/);
});

test("after a quiz with misses the card shows the due cards; rating one on /review leaves one fewer", async ({
  page,
}) => {
  await signUpViaApi(page, "Looping Learner");
  const { xpEarned } = await takeQuizViaApi(page.request, episodeId, answers, {
    wrong: [0, 4, 7],
    confidence: 3,
    timeMs: 3000,
  });
  await page.goto("/");
  const card = todayCard(page);
  await expect(card.getByTestId("today-due")).toContainText("3 cards due now");
  await expect(card.getByTestId("today-streak")).toContainText("1 day");
  await expect(card.getByTestId("today-streak")).toContainText("Today counts");
  await expect(card.getByTestId("today-xp")).toContainText(`${xpEarned} / 30 XP`);
  await expect(card.getByTestId("today-xp")).toContainText("Goal reached");

  await card.getByTestId("today-next-step").getByRole("link", { name: "Review 3 cards" }).click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByText("Card 1 of 3")).toBeVisible();
  await page.getByRole("button", { name: "Show Answer" }).click();
  await page.getByRole("button", { name: /^Good,/ }).click();
  await expect(page.getByText("Card 2 of 3")).toBeVisible();
  await expect(page.getByText("+2 XP")).toBeVisible();

  // Back home by the header's logo (client-side, with the cached Today data): it is fresh.
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Earmark/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(todayCard(page).getByTestId("today-due")).toContainText("2 cards due now");
  await expect(todayCard(page).getByTestId("today-next-step")).toHaveText(/Review 2 cards/);
  // The rating's 2 XP is in today's XP.
  await expect(todayCard(page).getByTestId("today-xp")).toContainText(`${xpEarned + 2} / 30 XP`);
});

test("changing the daily goal applies at once and persists across a reload; a failed save says so", async ({
  page,
}) => {
  await signUpViaApi(page, "Goal Setter");
  await page.goto("/");
  const card = todayCard(page);
  await expect(card.getByTestId("today-xp")).toContainText("0 / 30 XP");
  const saved = page.waitForResponse(
    (response) => response.url().endsWith("/api/v1/me/daily-goal") && response.request().method() === "PUT",
  );
  // By keyboard: focus the 100 button and press Enter.
  await card.getByRole("button", { name: "100 XP a day" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: "100 XP a day" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByTestId("today-xp")).toContainText("0 / 100 XP");
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(todayCard(page).getByTestId("today-xp")).toContainText("0 / 100 XP");
  await expect(todayCard(page).getByRole("button", { name: "100 XP a day" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.route("**/api/v1/me/daily-goal", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Something went wrong." } } }),
  );
  await todayCard(page).getByRole("button", { name: "10 XP a day" }).click();
  await expect(toast(page)).toContainText("Daily goal not saved");
  await expect(todayCard(page).getByRole("button", { name: "100 XP a day" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(todayCard(page).getByTestId("today-xp")).toContainText("0 / 100 XP");
});

test("signed in, / and /search have the same header; signed out, / keeps the landing top bar", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" }).first()).toBeVisible();

  await signUpViaApi(page, "Header Checker");
  const mainLinks = () =>
    page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link");
  await page.goto("/");
  await expect(mainLinks()).toHaveText(["Search", "Insights", "Progress"]);
  await expect(page.getByRole("banner").getByRole("progressbar", { name: "Level 1" })).toBeVisible();
  await page.goto("/search");
  await expect(mainLinks()).toHaveText(["Search", "Insights", "Progress"]);
  await expect(page.getByRole("banner").getByRole("progressbar", { name: "Level 1" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toHaveCount(0);
});

test("at 360 px the header shows the level and the XP number without overflowing, in both themes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, "Narrow Learner");
  const { xpEarned } = await takeQuizViaApi(page.request, episodeId, answers, { wrong: [2] });
  await page.goto("/");
  const bar = page.getByRole("banner");
  await expect(bar.getByTestId("xp-total")).toBeVisible();
  await expect(bar.getByTestId("xp-total")).toHaveText(`${xpEarned} XP`);
  await expect(bar.getByText(/^Lv \d+$/)).toBeVisible();
  await expect(todayCard(page).getByTestId("today-due")).toContainText("1 card due now");
  await page.waitForLoadState("networkidle");
  await expectNoHorizontalOverflow(page);
  // Every control of the header fits inside it.
  const box = await bar.boundingBox();
  for (const control of await bar.getByRole("button").or(bar.getByRole("link")).all()) {
    if (!(await control.isVisible())) continue;
    const controlBox = await control.boundingBox();
    expect(controlBox && box && controlBox.x + controlBox.width <= box.x + box.width + 0.5).toBe(true);
  }
  await expectAccessible(page, "home at 360 px (dark)");
  // On a phone the theme switch is in the header's menu.
  await expect(page.getByRole("banner").getByRole("radiogroup", { name: "Theme" })).toBeHidden();
  await chooseTheme(page, "Light");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page, "home at 360 px (light)");
});
