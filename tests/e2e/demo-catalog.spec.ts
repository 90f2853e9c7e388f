import { expect, test } from "@playwright/test";

/** A fresh start ingests the demo feeds through the real pipeline (issue 3, "Done when"). */
test("a fresh start shows the twelve demo episodes, each with audio, transcript, chapters and people", async ({
  page,
  request,
}) => {
  await page.goto("/search?sort=recent");
  const cards = page.locator("article");
  // Twelve, or more once another test's listener has added a podcast to the shared catalog.
  await expect(cards.nth(11)).toBeVisible();

  for (const title of [
    "Why Language Models Make Things Up",
    "Stoicism for Busy People",
    "The Forgetting Curve and How to Beat It",
    "Where Is Everybody? The Fermi Paradox",
  ]) {
    await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
  }

  await page.getByRole("link", { name: "Stoicism for Busy People" }).first().click();
  await expect(page.getByRole("heading", { name: "Stoicism for Busy People" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Transcript/ })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Chapters 4" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "People 2" })).toBeVisible();

  const episodeId = new URL(page.url()).pathname.split("/")[2];
  const episode = await (await request.get(`/api/v1/episodes/${episodeId}`)).json();
  expect(episode).toMatchObject({ audioUrl: "/demo/audio/lv-101.mp3", counts: { chapters: 4, people: 2 } });
  expect(episode.counts.transcriptSegments).toBeGreaterThan(10);
  const audio = await request.get(episode.audioUrl, { headers: { range: "bytes=0-1023" } });
  expect(audio.status()).toBe(206);
  expect(audio.headers()["content-type"]).toBe("audio/mpeg");
});
