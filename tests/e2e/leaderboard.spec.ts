import { expect, type Page, type Response, test } from "@playwright/test";
import { learnAnswers, takeQuizViaApi } from "./support/quiz.ts";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

// The learner test signs up a scout, takes a quiz and runs axe twice over a 100-row list.
test.describe.configure({ timeout: 180_000 });

type Ranked = { userId: string; rank: number };

const main = (page: Page) => page.getByRole("main");
const tabList = (page: Page) => main(page).getByRole("tablist", { name: "Leaderboards" });
const openTab = (page: Page, name: string) => tabList(page).getByRole("tab", { name }).click();
const panel = (page: Page) => main(page).getByRole("tabpanel");
const yourPosition = (page: Page) => panel(page).getByRole("region", { name: "Your Position" });

/** A name no other test uses, so the player search finds exactly this player. */
const uniqueName = () =>
  `Zephyr ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

test("signed out: the rankings ask for sign-in, the Quizzes tab links to quizzes", async ({
  page,
  request,
}) => {
  await waitForCatalog(request);
  await page.goto("/leaderboard");
  await expect(page).toHaveTitle(/^Leaderboard/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Leaderboard" })).toBeVisible();
  await expect(tabList(page).getByRole("tab")).toHaveText(["All-Time", "This Week", "Friends", "Quizzes"]);
  await expect(panel(page).getByRole("heading", { name: "Sign in to see the rankings" })).toBeVisible();
  await expect(main(page).getByRole("searchbox")).toHaveCount(0);
  await expectAccessible(page, "leaderboard signed out");

  await openTab(page, "Quizzes");
  const quizLinks = panel(page).getByRole("link", { name: /^Take quiz:/ });
  await expect(quizLinks.first()).toBeVisible();
  const count = await quizLinks.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  await expect(quizLinks.first()).toHaveAttribute("href", /^\/quiz\/[0-9a-f-]{36}$/);

  await openTab(page, "All-Time");
  await panel(page).getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fleaderboard$/);
});

test("a learner sees every tab, their true position, trophies, search, at 360 px and in both themes", async ({
  page,
  playwright,
  baseURL,
}) => {
  await waitForCatalog(page.request);
  const name = uniqueName();
  await signUpViaApi(page, name);
  const session = (await (await page.request.get("/api/v1/auth/session")).json()) as { user: { id: string } };
  const userId = session.user.id;

  // Earn XP and a weekly score the way anyone does: finish a quiz.
  const quizzes = (await (await page.request.get("/api/v1/leaderboard/quizzes")).json()) as {
    episodes: { id: string }[];
  };
  const episodeId = quizzes.episodes[0]?.id;
  if (!episodeId) throw new Error("The demo catalog has no quiz ready.");
  const scout = await playwright.request.newContext({ baseURL });
  const answers = await learnAnswers(scout, episodeId);
  await scout.dispose();
  await takeQuizViaApi(page.request, episodeId, answers, { wrong: [0] });

  // Other tests finish quizzes in parallel, so the ranks move: compare the page with the answers it
  // was itself given, not with a second request made later.
  const isAnswer = (path: string) => (response: Response) =>
    new URL(response.url()).pathname === path && response.ok();
  const allTimeAnswer = page.waitForResponse(isAnswer("/api/v1/leaderboard/all-time"));
  await page.goto("/leaderboard");

  // All-Time: the list, trophies for the top 3, and Your Position with the server's true rank.
  const allTimeList = panel(page).getByRole("list", { name: "All-time leaderboard" });
  // The first render waits for the session and the list (a shared, busy machine: a longer wait).
  await expect(allTimeList.getByRole("listitem").first()).toBeVisible({ timeout: 20_000 });
  const allTime = (await (await allTimeAnswer).json()) as {
    players: (Ranked & { xp: number })[];
    you: Ranked & { xp: number };
  };
  // Trophies for ranks 1 to 3 with some XP (ties share a rank), and for no one else.
  const rows = allTimeList.getByRole("listitem");
  for (const [index, player] of allTime.players.slice(0, 6).entries()) {
    const place = ["1st place", "2nd place", "3rd place"][player.rank - 1];
    if (place && player.xp > 0) await expect(rows.nth(index).getByRole("img", { name: place })).toBeVisible();
    else await expect(rows.nth(index).getByRole("img", { name: /place$/ })).toHaveCount(0);
  }
  await expect(yourPosition(page)).toContainText(`#${allTime.you.rank.toLocaleString("en-US")}`);
  await expect(yourPosition(page)).toContainText(`${allTime.you.xp.toLocaleString("en-US")} XP`);

  // This Week: the rank comes from the server, not 0.
  const weekAnswer = page.waitForResponse(isAnswer("/api/v1/leaderboard/week"));
  await openTab(page, "This Week");
  const week = (await (await weekAnswer).json()) as {
    you: (Ranked & { score: number }) | null;
  };
  expect(week.you?.rank).toBeGreaterThan(0);
  await expect(yourPosition(page)).toContainText(`#${week.you?.rank.toLocaleString("en-US")}`);
  await expect(panel(page).getByRole("list", { name: "This week's leaderboard" })).toBeVisible();

  // Friends: nobody yet but you.
  await openTab(page, "Friends");
  const friends = panel(page).getByRole("list", { name: "Friends leaderboard" });
  await expect(friends.getByRole("listitem")).toHaveCount(1);
  await expect(friends.getByRole("listitem")).toContainText(`${name} (you)`);
  await expect(panel(page).getByRole("link", { name: "Find friends" })).toBeVisible();

  // Keyboard: arrow keys move between the tabs.
  await tabList(page).getByRole("tab", { name: "Friends" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabList(page).getByRole("tab", { name: "Quizzes" })).toBeFocused();
  await expect(tabList(page).getByRole("tab", { name: "Quizzes" })).toHaveAttribute("aria-selected", "true");

  // Search by part of the name, in capitals; the result opens the profile.
  const searchBox = main(page).getByRole("searchbox", { name: "Search players by name or handle" });
  await searchBox.fill("ze");
  await expect(main(page).getByText("Type at least 3 characters.")).toBeVisible();
  await searchBox.fill(name.slice(7).toUpperCase());
  const found = main(page).getByRole("list", { name: "Players found" });
  await expect(found.getByRole("listitem")).toHaveCount(1);
  await expect(found.getByRole("link", { name })).toHaveAttribute("href", `/profile?userId=${userId}`);
  await searchBox.fill("qqqxxzzz");
  await expect(main(page).getByText("No players found matching “qqqxxzzz”.")).toBeVisible();
  await searchBox.fill("");

  await openTab(page, "All-Time");
  await chooseTheme(page, "Light");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await expectAccessible(page, "leaderboard light");
  await chooseTheme(page, "Dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page, "leaderboard dark");

  await page.setViewportSize({ width: 360, height: 780 });
  await expect(yourPosition(page)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await openTab(page, "Quizzes");
  await expectNoHorizontalOverflow(page);
});

test("an empty week says so, and Your Position invites a first quiz", async ({ page }) => {
  await signUpViaApi(page, "Quiet Week");
  // A week nobody has scored in yet (the shared server's week may already have scores).
  await page.route("**/api/v1/leaderboard/week", (route) =>
    route.fulfill({ json: { weekStart: "2026-11-22", players: [], you: null } }),
  );
  await page.goto("/leaderboard");
  await openTab(page, "This Week");
  await expect(panel(page).getByText("No entries yet. Be the first!")).toBeVisible();
  await expect(yourPosition(page)).toContainText("No score this week yet.");
  await expect(yourPosition(page).getByRole("link", { name: "Finish a quiz" })).toBeVisible();
});
