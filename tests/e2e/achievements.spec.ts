import { expect, type Page, test } from "@playwright/test";
import { toast, waitForQuiz } from "./support/quiz.ts";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

const EPISODE = "The Forgetting Curve and How to Beat It";

const main = (page: Page) => page.getByRole("main");
const section = (page: Page, name: string) =>
  main(page).getByRole("region", { name: new RegExp(`^${name}`) });
const card = (page: Page, name: string) => main(page).getByRole("article", { name });

let episodeId: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await waitForCatalog(request);
  episodeId = (await findEpisode(request, EPISODE)).id;
});

test("signed out, /achievements goes to sign-in and back", async ({ page }) => {
  await page.goto("/achievements");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fachievements$/);
});

test("a new learner sees every milestone in progress, with tier, progress and no earned ones", async ({
  page,
}) => {
  // An accessibility scan of twenty cards.
  test.slow();
  await signUpViaApi(page, "New Learner");
  await page.goto("/achievements");
  await expect(page.getByRole("heading", { level: 1, name: "Learning Milestones" })).toBeVisible();
  await expect(page).toHaveTitle("Learning Milestones — Earmark");
  await expect(section(page, "Earned")).toContainText("No milestones earned yet");
  const inProgress = section(page, "In progress").getByRole("article");
  await expect.poll(() => inProgress.count()).toBeGreaterThanOrEqual(16);
  const total = await inProgress.count();
  await expect(main(page).getByText(`0 of ${total} earned`)).toBeVisible();
  for (const tier of ["Bronze", "Silver", "Gold", "Platinum"])
    await expect(section(page, "In progress").getByText(tier, { exact: true }).first()).toBeVisible();
  const firstSteps = card(page, "First Steps");
  await expect(firstSteps).toContainText("Finish your first quiz.");
  await expect(firstSteps).toContainText("Bronze");
  await expect(firstSteps).toContainText("0 / 1");
  await expect(firstSteps.getByRole("progressbar", { name: "First Steps progress" })).toHaveAttribute(
    "aria-valuenow",
    "0",
  );
  await expectAccessible(page, "achievements (new learner)");
});

test("finishing the first quiz in the browser toasts the unlock, and the page shows it earned", async ({
  page,
}) => {
  test.slow();
  await signUpViaApi(page, "First Quizzer");
  // Every question answered through the API; the finish happens in the browser.
  const questions = await waitForQuiz(page.request, episodeId);
  const start = await page.request.post(`/api/v1/episodes/${episodeId}/quiz/attempts`);
  expect(start.ok()).toBe(true);
  const { attemptId } = (await start.json()) as { attemptId: string };
  for (const question of questions) {
    const response = await page.request.post(`/api/v1/quiz-attempts/${attemptId}/answers`, {
      data: { questionId: question.id, choice: question.choices[0], confidence: 3, timeMs: 4000 },
    });
    expect(response.status()).toBe(200);
  }

  await page.goto(`/quiz/${episodeId}`);
  await page.getByRole("button", { name: "See Results" }).click();
  await expect(page).toHaveURL(new RegExp(`/results/${episodeId}$`));
  await expect(toast(page)).toContainText("Achievement unlocked: First Steps");

  await page.goto("/achievements");
  const earned = section(page, "Earned");
  const firstSteps = earned.getByRole("article", { name: "First Steps" });
  await expect(firstSteps).toContainText("1 / 1");
  await expect(firstSteps).toContainText(/Earned [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(section(page, "In progress").getByRole("article", { name: "Quiz Regular" })).toContainText(
    "1 / 10",
  );
});

test("at 360 px in light and dark: no overflow, accessible", async ({ page }) => {
  // Two accessibility scans of twenty cards.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, "Phone Learner");
  await page.goto("/achievements");
  await expect(card(page, "First Steps")).toBeVisible();
  for (const theme of ["Light", "Dark"] as const) {
    await chooseTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme.toLowerCase()));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `achievements at 360 px (${theme})`);
  }
});
