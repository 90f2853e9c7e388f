import { expect, test } from "@playwright/test";
import {
  learnAnswers,
  type QuizQuestion,
  takeQuizViaApi,
  toast,
  waitForQuiz,
  wrongChoice,
} from "./support/quiz.ts";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

const FORGETTING = "The Forgetting Curve and How to Beat It";
const COMPOUNDING = "Compounding: Money, Fees and Habits";
const MISSING = "00000000-0000-4000-8000-000000000000";

const ids: Record<string, string> = {};
const questions: Record<string, QuizQuestion[]> = {};
const answers: Record<string, Map<string, string>> = {};

test.beforeAll(async ({ request, playwright, baseURL }) => {
  test.setTimeout(180_000);
  await waitForCatalog(request);
  for (const title of [FORGETTING, COMPOUNDING]) {
    const id = (await findEpisode(request, title)).id;
    ids[title] = id;
    const scout = await playwright.request.newContext({ baseURL });
    answers[title] = await learnAnswers(scout, id);
    questions[title] = await waitForQuiz(scout, id);
    await scout.dispose();
  }
});

test("a full quiz: confidence, feedback, combo, results with a level-up, profile XP, reload", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page, "Quiz Taker");
  // A first quiz through the API: every answer right, certain and fast: 756 XP for 12 questions.
  const first = await takeQuizViaApi(
    page.request,
    ids[COMPOUNDING] as string,
    answers[COMPOUNDING] as Map<string, string>,
  );
  expect(questions[FORGETTING]).toHaveLength(12);
  expect(first.xpEarned).toBe(756);

  await page.goto(`/quiz/${ids[FORGETTING]}`);
  await expect(page.getByRole("heading", { level: 1, name: FORGETTING })).toBeVisible();
  await expect(page).toHaveTitle(`Quiz: ${FORGETTING} — Earmark`);
  const list = questions[FORGETTING] as QuizQuestion[];
  const key = answers[FORGETTING] as Map<string, string>;
  const WRONG = 5;

  for (const [index, question] of list.entries()) {
    await expect(page.getByText(`Question ${index + 1} of ${list.length}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: question.stem })).toBeVisible();
    const submit = page.getByRole("button", { name: "Submit Answer" });
    await expect(submit).toBeDisabled();
    const choice = index === WRONG ? wrongChoice(question, key) : (key.get(question.id) as string);
    await page.getByRole("radio", { name: choice, exact: true }).check();
    const slider = page.getByRole("slider", { name: "Confidence" });
    if (index === 0) {
      await expect(slider).toHaveAttribute("aria-valuenow", "3");
      await expectAccessible(page, "quiz question");
    }
    await slider.focus();
    await page.keyboard.press("End");
    await expect(slider).toHaveAttribute("aria-valuenow", "5");
    await submit.click();
    if (index === WRONG) {
      await expect(page.getByText("Not quite.")).toBeVisible();
      await expect(page.getByText(`The answer is ${key.get(question.id)}.`)).toBeVisible();
    } else {
      await expect(page.getByText("Correct!")).toBeVisible();
    }
    // The choice is locked once submitted.
    const choices = page.getByRole("group", { name: "Choose an answer" }).getByRole("radio");
    await expect(choices).toHaveCount(question.choices.length);
    for (const radio of await choices.all()) await expect(radio).toBeDisabled();
    if (index === 1) await expect(page.getByText("2× combo")).toBeVisible();
    if (index === WRONG) await expect(page.getByText(/× combo/)).toHaveCount(0);
    if (index === 0) {
      // The source moment plays in the shared player.
      await page.getByRole("button", { name: /^Hear it at \d+:\d\d$/ }).click();
      await expect(page.getByRole("region", { name: "Player", exact: true })).toContainText(FORGETTING);
    }
    const isLast = index === list.length - 1;
    await page.getByRole("button", { name: isLast ? "See Results" : "Next Question" }).click();
  }

  await expect(page).toHaveURL(new RegExp(`/results/${ids[FORGETTING]}$`));
  await expect(page.getByRole("status").filter({ hasText: "Level up! You reached level 2." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Outstanding!" })).toBeVisible();
  const stats = page.getByRole("definition");
  await expect(stats.nth(1)).toHaveText("92%");
  await expect(page.getByText("11 of 12 correct")).toBeVisible();
  const score = await stats.nth(0).textContent();
  const totalXp = Number((await stats.nth(2).textContent())?.replace("+", ""));
  expect(totalXp).toBeGreaterThanOrEqual(320);
  await expect(stats.nth(3)).toHaveText("6×");

  // The header's level badge shows the new XP: level 2, (756 + quiz XP) mod 1000 of 2000.
  const level = page.getByRole("banner").getByRole("progressbar", { name: "Level 2" });
  await expect(level).toHaveAttribute("aria-valuenow", String((756 + totalXp) % 1000));
  await expect(level).toHaveAttribute("aria-valuemax", "2000");
  await expect(page.getByRole("banner").getByText("1-day streak")).toBeAttached();

  // Sharing: the text names score and accuracy; Copy link says 'Copied' for 2 seconds.
  const twitter = page.getByRole("link", { name: "Share on Twitter (opens in a new tab)" });
  const href = decodeURIComponent((await twitter.getAttribute("href")) ?? "");
  expect(href).toContain(`I scored ${score} points with 92% accuracy`);
  expect(href).toContain(`/episode/${ids[FORGETTING]}`);
  await expect(page.getByRole("link", { name: "Share on Facebook (opens in a new tab)" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/,
  );
  await expect(page.getByRole("link", { name: "Share on LinkedIn (opens in a new tab)" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=/,
  );
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/episode/${ids[FORGETTING]}`);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible({ timeout: 4000 });
  await expectAccessible(page, "results");

  // The results come from the server: a reload shows them again.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Outstanding!" })).toBeVisible();
  await expect(page.getByRole("definition").nth(0)).toHaveText(score ?? "");
  await expect(page.getByRole("definition").nth(2)).toHaveText(`+${totalXp}`);
  await expect(page.getByRole("listitem").filter({ hasText: list[WRONG]?.stem ?? "" })).toContainText(
    key.get(list[WRONG]?.id ?? "") ?? "",
  );
  // The missed question is a review card due now.
  await expect(page.getByRole("link", { name: "Review: 1 card due" })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalOverflow(page);
});

test("a replay shows its score but earns no XP for questions already earned", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpViaApi(page, "Replayer");
  const episodeId = ids[COMPOUNDING] as string;
  const list = questions[COMPOUNDING] as QuizQuestion[];
  const key = answers[COMPOUNDING] as Map<string, string>;
  const first = await takeQuizViaApi(page.request, episodeId, key);
  expect(first.xpEarned).toBe(756);

  await page.goto(`/quiz/${episodeId}`);
  for (const [index, question] of list.entries()) {
    await expect(page.getByRole("heading", { level: 2, name: question.stem })).toBeVisible();
    await page.getByRole("radio", { name: key.get(question.id) as string, exact: true }).check();
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await expect(page.getByText("Correct!")).toBeVisible();
    await expect(page.getByText("No XP: already earned")).toBeVisible();
    const isLast = index === list.length - 1;
    await page.getByRole("button", { name: isLast ? "See Results" : "Next Question" }).click();
  }

  await expect(page).toHaveURL(new RegExp(`/results/${episodeId}$`));
  await expect(page.getByRole("heading", { name: "Outstanding!" })).toBeVisible();
  await expect(page.getByText("12 of 12 correct")).toBeVisible();
  await expect(page.getByRole("definition").nth(2)).toHaveText("+0");
  await expect(
    page.getByText("No XP for questions you had already earned — review them when they're due."),
  ).toBeVisible();
  // The header's level bar still shows the first quiz's XP only.
  await expect(page.getByRole("banner").getByRole("progressbar", { name: "Level 1" })).toHaveAttribute(
    "aria-valuenow",
    "756",
  );
  const stats = await (await page.request.get("/api/v1/me/stats")).json();
  expect(stats.xp).toBe(756);
  await expectAccessible(page, "results of a replay");
});

test("a reload in the middle of a quiz resumes where it stopped", async ({ page }) => {
  await signUpViaApi(page, "Resumer");
  const list = questions[COMPOUNDING] as QuizQuestion[];
  const key = answers[COMPOUNDING] as Map<string, string>;
  await page.goto(`/quiz?episodeId=${ids[COMPOUNDING]}`);
  for (const question of list.slice(0, 2)) {
    await page.getByRole("radio", { name: key.get(question.id) as string, exact: true }).check();
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await expect(page.getByText("Correct!")).toBeVisible();
    await page.getByRole("button", { name: "Next Question" }).click();
  }
  await page.reload();
  await expect(page.getByText(`Question 3 of ${list.length}`)).toBeVisible();
  await expect(page.getByText("2× combo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: list[2]?.stem })).toBeVisible();
});

test("signed out: the quiz can be read, and Submit Answer goes to sign in", async ({ page }) => {
  const list = questions[COMPOUNDING] as QuizQuestion[];
  await page.goto(`/quiz?episodeId=${ids[COMPOUNDING]}`);
  await expect(page.getByRole("heading", { level: 2, name: list[0]?.stem })).toBeVisible();
  await page.getByRole("group", { name: "Choose an answer" }).getByRole("radio").first().check();
  await page.getByRole("button", { name: "Submit Answer" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await page.goto(`/results/${ids[COMPOUNDING]}`);
  await expect(page).toHaveURL(
    new RegExp(`/auth\\?redirect=${encodeURIComponent(`/results/${ids[COMPOUNDING]}`)}$`),
  );
});

test("quiz states: generation failed with Retry, generating with Check Status, then the questions", async ({
  page,
}) => {
  await signUpViaApi(page, "Retrier");
  const episodeId = ids[COMPOUNDING] as string;
  let status: "failed" | "generating" | null = "failed";
  await page.route(`**/api/v1/episodes/${episodeId}/quiz`, async (route) => {
    if (!status) return route.continue();
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: { ...real, quizStatus: status, questions: [] } });
  });
  let generateCalls = 0;
  await page.route(`**/api/v1/episodes/${episodeId}/questions/generate`, async (route) => {
    generateCalls += 1;
    status = "generating";
    await route.fulfill({ status: 202, json: { quizStatus: "generating", jobId: "job" } });
  });

  await page.goto(`/quiz/${episodeId}`);
  await expect(page.getByRole("alert").filter({ hasText: "Generation Failed" })).toContainText(
    "Unable to generate quiz. Please try again.",
  );
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Generating your quiz…" })).toBeVisible();
  // The screen shows "Generating" as soon as Retry is pressed, before the request reaches the route
  // handler that counts it: wait for the count instead of reading it once (it flaked on a busy machine).
  await expect.poll(() => generateCalls).toBe(1);
  status = null;
  await page.getByRole("button", { name: "Check Status" }).click();
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
});

test("an unknown episode has no quiz", async ({ page }) => {
  await page.goto(`/quiz/${MISSING}`);
  await expect(page.getByRole("heading", { name: "Episode not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
});

test("finishing fails: 'Could not update XP' and nothing is lost", async ({ page }) => {
  await signUpViaApi(page, "Unlucky");
  const list = questions[COMPOUNDING] as QuizQuestion[];
  const key = answers[COMPOUNDING] as Map<string, string>;
  // All but the last question through the API, so the screen resumes at the last one.
  const { attemptId } = await (
    await page.request.post(`/api/v1/episodes/${ids[COMPOUNDING]}/quiz/attempts`)
  ).json();
  for (const question of list.slice(0, -1)) {
    await page.request.post(`/api/v1/quiz-attempts/${attemptId}/answers`, {
      data: { questionId: question.id, choice: key.get(question.id), confidence: 3, timeMs: 3000 },
    });
  }
  await page.route("**/api/v1/quiz-attempts/*/finish", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Could not update XP" } } }),
  );
  await page.goto(`/quiz/${ids[COMPOUNDING]}`);
  const last = list.at(-1) as QuizQuestion;
  await page.getByRole("radio", { name: key.get(last.id) as string, exact: true }).check();
  await page.getByRole("button", { name: "Submit Answer" }).click();
  await page.getByRole("button", { name: "See Results" }).click();
  await expect(toast(page)).toContainText("Could not update XP");
  await expect(page).toHaveURL(new RegExp(`/quiz/${ids[COMPOUNDING]}$`));
  await page.unroute("**/api/v1/quiz-attempts/*/finish");
  await page.getByRole("button", { name: "See Results" }).click();
  await expect(page).toHaveURL(new RegExp(`/results/${ids[COMPOUNDING]}$`));
  await expect(page.getByRole("definition").nth(1)).toHaveText("100%");
});
