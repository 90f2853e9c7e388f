import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { miniPlayer, spokenSeconds } from "./support/player.ts";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

/**
 * Ask AI (/ask/{id}) and the exports on the episode page, over the demo catalog whose learning
 * content the built-in engine made at start-up.
 */

const LLM_EPISODE = "Why Language Models Make Things Up";
let episodeId: string;

const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');
const composer = (page: Page) => page.getByRole("textbox", { name: "Your question" });
const conversation = (page: Page) => page.getByRole("list", { name: "Questions and answers" });
/** One question with its answer (the answers' source lists are lists too). */
const exchanges = (page: Page) => conversation(page).locator(":scope > li");

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
  episodeId = (await findEpisode(request, LLM_EPISODE)).id;
});

test("signed-out visitors are sent to /auth and come back", async ({ page }) => {
  await page.goto(`/ask/${episodeId}`);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  expect(decodeURIComponent(page.url())).toContain(`/ask/${episodeId}`);
});

test("ask about a demo episode, see the answer with sources, and play from a source", async ({ page }) => {
  await signUpViaApi(page, "Ask Tester");
  await page.goto(`/ask/${episodeId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ask AI" })).toBeVisible();
  await expect(page.getByText(LLM_EPISODE)).toBeVisible();
  await expect(page).toHaveTitle(`Ask AI: ${LLM_EPISODE} — Earmark`);
  // An empty chat suggests starter questions.
  await expect(page.getByRole("heading", { name: "Ask anything about this episode" })).toBeVisible();
  // The takeaways first (the episode has key insights), then its own topics.
  const suggestions = page.getByRole("list", { name: "Suggested questions" }).getByRole("button");
  await expect(suggestions.first()).toHaveText("What are the main takeaways?");
  await expect(suggestions.nth(1)).toHaveText(/^What does the episode say about .+\?$/);

  // Blank input does not send: the button stays disabled and Enter does nothing.
  const input = composer(page);
  await input.fill("   ");
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  await input.press("Enter");
  await expect(conversation(page)).toHaveCount(0);

  // Shift+Enter starts a new line instead of sending.
  await input.fill("What is");
  await input.press("Shift+Enter");
  await input.pressSequentially("retrieval-augmented generation?");
  await expect(input).toHaveValue("What is\nretrieval-augmented generation?");
  await expect(conversation(page)).toHaveCount(0);

  await input.fill("What is retrieval-augmented generation?");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  const exchange = exchanges(page).first();
  await expect(exchange).toContainText("What is retrieval-augmented generation?");
  const sources = exchange.getByRole("list", { name: "Sources" });
  await expect(sources).toBeVisible({ timeout: 15_000 });
  // The answer is announced to screen readers.
  await expect(page.getByRole("status").filter({ hasText: /^Answer: / })).toHaveCount(1);

  const source = sources.getByRole("button", { name: /^Play from \d+:\d\d/ }).first();
  const label = (await source.getAttribute("aria-label")) ?? "";
  const [, minutes, seconds] = /Play from (\d+):(\d\d)/.exec(label) ?? [];
  const at = Number(minutes) * 60 + Number(seconds);
  // RAG is introduced at 1:35.
  expect(Math.abs(at - 95)).toBeLessThanOrEqual(30);
  await source.click();
  await expect(miniPlayer(page)).toContainText(LLM_EPISODE);
  await expect(miniPlayer(page).getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      spokenSeconds(await page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")),
    )
    .toBeGreaterThanOrEqual(at);
  const position = spokenSeconds(
    await page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext"),
  );
  expect(position).toBeLessThanOrEqual(at + 5);

  // The history is kept: after a reload the exchange is still there.
  await page.reload();
  await expect(exchanges(page)).toHaveCount(1);
  await expect(conversation(page)).toContainText("What is retrieval-augmented generation?");
});

test("questions about the episode itself get real answers with sources that play", async ({ page }) => {
  await signUpViaApi(page, "Episode Asker");
  await page.goto(`/ask/${episodeId}`);
  const input = composer(page);

  await input.fill("What is this episode about?");
  await input.press("Enter");
  const about = exchanges(page).nth(0);
  await expect(about.getByRole("list", { name: "Sources" })).toBeVisible({ timeout: 15_000 });
  // The summary opens on the show and who talks, so the title alone leads the answer.
  await expect(about).toContainText(`"${LLM_EPISODE}": In this episode of Signal & Noise,`);
  await expect(about).toContainText("Tomas Lind");
  await expect(about).not.toContainText("doesn't seem to cover that");

  await input.fill("Who is the guest?");
  await input.press("Enter");
  const guest = exchanges(page).nth(1);
  const guestSources = guest.getByRole("list", { name: "Sources" });
  await expect(guestSources).toBeVisible({ timeout: 15_000 });
  await expect(guest).toContainText("The guest is Tomas Lind.");
  // The source is the guest's introduction: playing it starts the episode there.
  const source = guestSources.getByRole("button", { name: /^Play from \d+:\d\d/ }).first();
  const [, minutes, seconds] =
    /Play from (\d+):(\d\d)/.exec((await source.getAttribute("aria-label")) ?? "") ?? [];
  const at = Number(minutes) * 60 + Number(seconds);
  expect(at).toBeLessThan(60);
  await source.click();
  await expect(miniPlayer(page)).toContainText(LLM_EPISODE);
  await expect
    .poll(async () =>
      spokenSeconds(await page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")),
    )
    .toBeGreaterThanOrEqual(at);
});

test("an off-topic question gets an honest answer; a failure says 'Failed to get answer' and keeps the text", async ({
  page,
}) => {
  await signUpViaApi(page, "Ask Tester");
  await page.goto(`/ask/${episodeId}`);
  await composer(page).fill("What is the best recipe for banana bread?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(conversation(page)).toContainText("The episode doesn't seem to cover that.");

  await page.route(`**/api/v1/episodes/${episodeId}/ask`, (route) =>
    route.fulfill({ status: 502, json: { error: { code: "UPSTREAM_FAILED", message: "Nope." } } }),
  );
  await composer(page).fill("Why do models hallucinate?");
  await composer(page).press("Enter");
  await expect(toast(page)).toContainText("Failed to get answer");
  await expect(composer(page)).toHaveValue("Why do models hallucinate?");
  await expect(exchanges(page)).toHaveCount(1);
});

test("Ask AI fits a 360 px screen in both themes and is accessible", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, "Ask Tester");
  await page.goto(`/ask/${episodeId}`);
  await composer(page).fill("How does a language model choose the next word?");
  await composer(page).press("Enter");
  await expect(
    conversation(page)
      .getByRole("listitem")
      .getByText(/^Answer: /),
  ).toHaveCount(1, { timeout: 15_000 });
  for (const theme of ["Light", "Dark"] as const) {
    await chooseTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme.toLowerCase()));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `ask at 360 px (${theme})`);
  }
});

test.describe("exports on the episode page", () => {
  test("Export to Anki downloads the episode's CSV; Export Markdown its note", async ({ page }) => {
    await signUpViaApi(page, "Export Tester");
    await page.goto(`/episode/${episodeId}`);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export to Anki" }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`earmark-${episodeId.slice(0, 8)}.csv`);
    const text = await readFile((await csv.path()) as string, "utf8");
    expect(text.startsWith("#separator:comma\r\n#html:false\r\n")).toBe(true);
    expect(text.match(/"Answer: /g)?.length).toBe(12);

    const [note] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Markdown" }).click(),
    ]);
    expect(note.suggestedFilename()).toBe(`earmark-${episodeId.slice(0, 8)}.md`);
    expect(await readFile((await note.path()) as string, "utf8")).toContain(`title: "${LLM_EPISODE}"`);
  });

  test("a failed Anki export says so; signed-out visitors go to /auth", async ({ page }) => {
    await page.goto(`/episode/${episodeId}`);
    await page.getByRole("button", { name: "Export to Anki" }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);

    await signUpViaApi(page, "Export Tester");
    await page.route("**/api/v1/exports/anki", (route) => route.fulfill({ status: 500, body: "" }));
    await page.goto(`/episode/${episodeId}`);
    await page.getByRole("button", { name: "Export to Anki" }).click();
    await expect(toast(page)).toContainText("Export Failed");
    await expect(toast(page)).toContainText("Could not export to Anki. Please try again.");
  });
});
