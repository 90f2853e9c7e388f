import { expect, test } from "@playwright/test";
import { learnEpisodeQuiz, takeQuizViaApi, toast } from "./support/quiz.ts";
import { expectAccessible, expectNoHorizontalOverflow, signUpViaApi } from "./support/shell.ts";

const MAPS = "How Maps Shaped Empires";
let episodeId: string;
let answers: Map<string, string>;

test.beforeAll(async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  ({ episodeId, answers } = await learnEpisodeQuiz({ request, playwright, baseURL }, MAPS));
});

test("signed out: /review goes to sign in and back", async ({ page }) => {
  await page.goto("/review");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Freview$/);
});

test("nothing due: an empty state and no badge", async ({ page }) => {
  await signUpViaApi(page, "Fresh Learner");
  await page.goto("/review");
  await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "All caught up" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Review: / })).toHaveCount(0);
  await expectAccessible(page, "review (empty)");
});

test("the cards a quiz created: the badge, Show Answer, Again/Good/Easy with intervals, completion, /profile", async ({
  page,
}) => {
  await signUpViaApi(page, "Reviewer");
  // Three missed questions become cards due now; the rest are due tomorrow.
  await takeQuizViaApi(page.request, episodeId, answers, { wrong: [0, 4, 7], confidence: 3, timeMs: 3000 });
  await page.goto("/faq");
  const badge = page.getByRole("banner").getByRole("link", { name: "Review: 3 cards due" });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page).toHaveTitle("Review — Earmark");

  for (const [index, grade] of (["Again", "Good", "Easy"] as const).entries()) {
    await expect(page.getByText(`Card ${index + 1} of 3`)).toBeVisible();
    const card = page.getByRole("article");
    await expect(card).toContainText(MAPS);
    await expect(card).toContainText("The Long View");
    await expect(page.getByRole("button", { name: /^Good/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Show Answer" }).click();
    // New cards: Good schedules 1 day; Easy 1.3 days, which rounds to 1.
    await expect(page.getByRole("button", { name: "Good, 1 day" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Easy, 1 day" })).toBeVisible();
    if (index === 0) await expectAccessible(page, "review card");
    await page.getByRole("button", { name: grade === "Again" ? "Again" : new RegExp(`^${grade},`) }).click();
    // Again earns 1 XP, Good and Easy 2 each.
    if (index < 2) await expect(page.getByText(index === 0 ? "+1 XP" : "+3 XP")).toBeVisible();
  }
  await expect(page.getByRole("status").filter({ hasText: "Review complete!" })).toContainText(
    "You reviewed 3 cards and earned 5 XP.",
  );
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });
  await expect(page.getByRole("link", { name: /^Review: / })).toHaveCount(0);
  await expect(page.getByRole("banner").getByText("1-day streak")).toBeAttached();
});

test("a failed rating says 'Failed to update card schedule' and keeps the card", async ({ page }) => {
  await signUpViaApi(page, "Offline Reviewer");
  await takeQuizViaApi(page.request, episodeId, answers, { wrong: [1], confidence: 3, timeMs: 3000 });
  await page.route("**/api/v1/me/review/cards/*/rating", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Something went wrong." } } }),
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/review");
  await page.getByRole("button", { name: "Show Answer" }).click();
  await page.getByRole("button", { name: /^Good,/ }).click();
  await expect(toast(page)).toContainText("Failed to update card schedule");
  await expect(page.getByText("Card 1 of 1")).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("a failed load says 'Failed to load review cards'", async ({ page }) => {
  await signUpViaApi(page, "Unlucky Reviewer");
  await page.route("**/api/v1/me/review/cards", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Something went wrong." } } }),
  );
  await page.goto("/review");
  await expect(page.getByRole("alert").filter({ hasText: "Failed to load review cards" })).toBeVisible();
});
