import { expect, test } from "@playwright/test";
import { waitForCatalog } from "./support/shell.ts";

/**
 * The demo learner (printed by `npm start`) arrives with a first session behind them: the hub, the
 * profile and the knowledge page all show it. Read-only, so it never changes what another test sees.
 */
test.beforeEach(async ({ page }) => {
  await waitForCatalog(page.request);
  // Start-up creates the history right after the demo catalog's quizzes; the server is ready after it.
  const signIn = await page.request.post("/api/v1/auth/sign-in", {
    data: { email: "learner@earmark.demo", password: "listen-and-learn" },
  });
  expect(signIn.status()).toBe(200);
});

test("the demo learner's hub shows the loop: cards due, a streak that counts today, XP and a next step", async ({
  page,
}) => {
  // Start-up recorded the session on its own day; a run that crosses midnight between start-up and
  // this test sees yesterday's session, which keeps the streak standing without counting today.
  const today = (await (await page.request.get("/api/v1/me/today")).json()) as {
    streak: { current: number; isTodayCounted: boolean };
  };
  expect(today.streak.current).toBeGreaterThan(0);
  await page.goto("/");
  const card = page.getByRole("region", { name: "Today", exact: true });
  await expect(card.getByTestId("today-due")).toContainText(/\d+ cards? due now/);
  await expect(card.getByTestId("today-streak")).toContainText(
    today.streak.isTodayCounted ? "Today counts" : `keep your ${today.streak.current}-day streak`,
  );
  await expect(
    card.getByTestId("today-next-step").getByRole("link", { name: /^Review \d+ cards?$/ }),
  ).toBeVisible();
  // The header's level badge carries the XP the quiz earned.
  await expect(page.getByRole("banner").getByText(/Lv \d/).first()).toBeVisible();
});

test("the demo learner's profile: handle, points, and every tab filled", async ({ page }) => {
  await page.goto("/profile");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Lena Learner" })).toBeVisible();
  await expect(main).toContainText("@lena");
  const value = (term: string) =>
    main.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
  await expect(value("Saved")).toHaveText("2");
  await expect(value("Points")).not.toHaveText("0");
  const tabs = main.getByRole("tablist", { name: "Your library" });
  const panel = main.getByRole("tabpanel");
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await tabs.getByRole("tab", { name: "Lists" }).click();
  await expect(panel.getByRole("link", { name: "Start here" })).toBeVisible();
  await tabs.getByRole("tab", { name: "History" }).click();
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await tabs.getByRole("tab", { name: "Following" }).click();
  await expect(panel.getByRole("listitem")).toHaveCount(1);
});

test("the demo learner's knowledge: themes with points and a concept map", async ({ page }) => {
  await page.goto("/knowledge");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/[1-9]\d* points/).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Concept map" }).getByRole("button").first()).toBeVisible();
});
