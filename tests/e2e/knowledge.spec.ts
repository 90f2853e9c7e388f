import { expect, type Page, test } from "@playwright/test";
import { miniPlayer, spokenSeconds } from "./support/player.ts";
import { learnEpisodeQuiz, takeQuizViaApi } from "./support/quiz.ts";
import { chooseTheme, expectAccessible, expectNoHorizontalOverflow, signUpViaApi } from "./support/shell.ts";

const MAPS = "How Maps Shaped Empires";
let episodeId: string;
let answers: Map<string, string>;

type Profile = {
  answeredCount: number;
  themes: { id: string; name: string; points: number; level: string; total: number }[];
  mastered: string[];
  focus: string[];
};
type Concepts = {
  concepts: { label: string; total: number; episodes: { episode: { title: string }; moments: number[] }[] }[];
};

test.beforeAll(async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  ({ episodeId, answers } = await learnEpisodeQuiz({ request, playwright, baseURL }, MAPS));
});

const themesSection = (page: Page) => page.getByRole("region", { name: "Themes" });
const conceptMap = (page: Page) => page.getByRole("region", { name: "Concept map" });

/** A learner who has taken the Maps quiz (first answer wrong), on /knowledge. */
async function learnerWithQuiz(page: Page) {
  await signUpViaApi(page, "Knowledge Learner");
  await takeQuizViaApi(page.request, episodeId, answers, { wrong: [0] });
  const profile = (await (await page.request.get("/api/v1/me/knowledge")).json()) as Profile;
  const concepts = (await (await page.request.get("/api/v1/me/knowledge/concepts")).json()) as Concepts;
  await page.goto("/knowledge");
  return { profile, concepts };
}

test("signed out: /knowledge goes to sign in and back", async ({ page }) => {
  await page.goto("/knowledge");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fknowledge$/);
});

test("a new user: the 8 themes at Beginner and an empty state that points to a quiz", async ({ page }) => {
  await signUpViaApi(page, "New Learner");
  await page.goto("/knowledge");
  await expect(page.getByRole("heading", { level: 1, name: "Knowledge" })).toBeVisible();
  await expect(page).toHaveTitle("Knowledge — Earmark");
  await expect(page.getByRole("heading", { name: "No answers yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Find an episode to quiz" })).toHaveAttribute(
    "href",
    "/search",
  );
  const cards = themesSection(page).getByRole("article");
  await expect(cards).toHaveCount(8);
  await expect(cards.first()).toContainText("AI & Technology");
  await expect(cards.first()).toContainText("Beginner");
  await expect(cards.first()).toContainText("Not started");
  await expect(page.getByRole("region", { name: "Average points" })).toHaveCount(0);
  await expect(conceptMap(page)).toHaveCount(0);
  await expectAccessible(page, "knowledge (empty)");
});

test("after a quiz: theme points, mastered and focus, and a concept played from its moment", async ({
  page,
}) => {
  // A whole quiz through the API and two accessibility scans.
  test.slow();
  const { profile, concepts } = await learnerWithQuiz(page);
  expect(profile.answeredCount).toBe(answers.size);
  const scored = profile.themes.find((theme) => theme.points > 0);
  expect(scored, "the Maps quiz counts towards at least one theme").toBeDefined();
  if (!scored) return;

  const card = themesSection(page).getByRole("article", { name: scored.name, exact: true });
  await expect(card).toContainText(`${scored.points} points`);
  await expect(card).toContainText(scored.level);
  await expect(
    card.getByRole("progressbar", { name: `${scored.name}: progress in ${scored.level}` }),
  ).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Average points across the 8 themes" })).toHaveAttribute(
    "aria-valuemax",
    "6000",
  );
  // A single quiz masters nothing; the focus lists the started themes first.
  await expect(page.getByRole("region", { name: "Mastered" })).toContainText("No mastered themes yet.");
  const focus = page.getByRole("region", { name: "Recommended focus" }).getByRole("listitem");
  await expect(focus).toHaveCount(3);
  const firstFocus = profile.themes.find((theme) => theme.id === profile.focus[0]);
  await expect(focus.first()).toContainText(firstFocus?.name ?? "");

  // The concept map: a concept with a moment in the episode, opened with the keyboard.
  const concept = concepts.concepts.find((item) => item.episodes[0]?.moments.length);
  expect(concept, "a concept with a moment").toBeDefined();
  if (!concept) return;
  const button = conceptMap(page).getByRole("button", {
    name: new RegExp(`^${escapeRegExp(concept.label)}: `),
  });
  await button.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: concept.label });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(MAPS);
  await expect(panel.getByRole("link", { name: MAPS })).toHaveAttribute("href", `/episode/${episodeId}`);
  await expectAccessible(page, "knowledge concept panel");
  // Escape closes the panel and gives the focus back to the concept.
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.click();
  const at = concept.episodes[0]?.moments[0] ?? 0;
  const moment = `${Math.floor(at / 60)}:${String(at % 60).padStart(2, "0")}`;
  await panel.getByRole("button", { name: new RegExp(`^Play from ${moment}: `) }).click();
  await expect(panel).toHaveCount(0);
  await expect(miniPlayer(page)).toContainText(MAPS);
  await expect
    .poll(async () =>
      spokenSeconds(await page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")),
    )
    .toBeGreaterThanOrEqual(at);
});

test("at 360 px in light and dark: no overflow, the panel fits, accessible", async ({ page }) => {
  // A whole quiz through the API and three accessibility scans.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const { concepts } = await learnerWithQuiz(page);
  await expect(themesSection(page).getByRole("article")).toHaveCount(8);
  await expect(conceptMap(page).getByRole("list", { name: "Concepts" }).getByRole("button")).toHaveCount(
    concepts.concepts.length,
  );
  for (const theme of ["Light", "Dark"] as const) {
    await chooseTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme.toLowerCase()));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `knowledge at 360 px (${theme})`);
  }
  const first = concepts.concepts[0]?.label ?? "";
  await conceptMap(page)
    .getByRole("button", { name: new RegExp(`^${escapeRegExp(first)}: `) })
    .click();
  const panel = page.getByRole("dialog", { name: first });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(360);
  await expectAccessible(page, "knowledge concept panel at 360 px (Dark)");
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
