import { expect, type Page, test } from "@playwright/test";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

const CHIPS = "Who Makes the Chips?";
const MISSING = "00000000-0000-4000-8000-000000000000";

type EpisodeDetail = {
  id: string;
  title: string;
  podcast: { id: string; name: string };
  hasTranscript: boolean;
  chapters: { startTime: number; title: string }[];
  guests: { id: string; name: string; bio: string | null }[];
  hosts: { id: string; name: string }[];
  links: { url: string; title: string | null }[];
  counts: { people: number; chapters: number; links: number; transcriptSegments: number };
};
type Segment = { start: number; end: number; text: string; speaker: string | null };

/** The newest toast (sonner keeps older ones in the DOM, hidden, while they leave). */
const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');

let chips: EpisodeDetail;
/** The transcript lines (their own endpoint: the detail carries only their count). */
let segments: Segment[];

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
  const { id } = await findEpisode(request, CHIPS);
  // The detail comes from the episode API; details (transcript, chapters, people) arrive with ingestion.
  const deadline = Date.now() + 60_000;
  for (;;) {
    chips = (await (await request.get(`/api/v1/episodes/${id}`)).json()) as EpisodeDetail;
    if (chips.counts.transcriptSegments && chips.chapters.length && chips.guests.length) break;
    if (Date.now() > deadline) throw new Error("The demo episode's details were not ingested in time.");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  segments = (await (await request.get(`/api/v1/episodes/${id}/transcript`)).json()).segments;
});

/** Serves a changed copy of the episode's API answer (the demo catalog has every detail filled in). */
async function withEpisode(page: Page, change: (episode: EpisodeDetail & Record<string, unknown>) => void) {
  await page.route(`**/api/v1/episodes/${chips.id}`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    const body = await response.json();
    change(body);
    await route.fulfill({ response, json: body });
  });
}

test("shows every element of the episode to an anonymous visitor", async ({ page }) => {
  // The transcript is not part of the first screen: it is fetched when its tab opens.
  const transcriptRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(`/api/v1/episodes/${chips.id}/transcript`))
      transcriptRequests.push(request.url());
  });
  await page.goto(`/episode/${chips.id}`);
  await expect(page.getByRole("heading", { level: 1, name: CHIPS })).toBeVisible();
  await expect(page).toHaveTitle(`${CHIPS} — Earmark`);

  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Bookmark" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(page.getByRole("img", { name: `Cover art for ${chips.podcast.name}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Play episode" })).toBeVisible();
  await expect(page.getByRole("link", { name: chips.podcast.name, exact: true })).toHaveAttribute(
    "href",
    `/search?podcast=${chips.podcast.id}`,
  );
  await expect(page.getByText(/^Published /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Audio player" })).toBeVisible();

  const actions = page.getByRole("navigation", { name: "Episode actions" });
  await expect(actions.getByRole("link", { name: "Mind Map" })).toHaveAttribute(
    "href",
    `/mindmap/${chips.id}`,
  );
  await expect(actions.getByRole("link", { name: "Take Quiz" })).toHaveAttribute("href", `/quiz/${chips.id}`);
  await expect(actions.getByRole("link", { name: "Ask AI" })).toHaveAttribute("href", `/ask/${chips.id}`);
  await expect(actions.getByRole("button", { name: "Add to List" })).toBeVisible();
  // The demo episode has a transcript, guests and chapters: nothing to enrich.
  await expect(actions.getByRole("button", { name: "Enrich Data" })).toHaveCount(0);

  const tabs = page.getByRole("tablist", { name: "Episode details" });
  await expect(tabs.getByRole("tab")).toHaveText([
    "Overview",
    "Transcript",
    `People${chips.counts.people}`,
    `Chapters${chips.counts.chapters}`,
    `Show Notes${chips.counts.links}`,
  ]);
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Topics" })).toBeVisible();

  expect(transcriptRequests).toEqual([]);
  await tabs.getByRole("tab", { name: /Transcript/ }).click();
  await expect(page).toHaveURL(/\?tab=transcript$/);
  const transcript = page.getByRole("region", { name: "Transcript" });
  await expect(transcript.getByRole("listitem")).toHaveCount(segments.length);

  await tabs.getByRole("tab", { name: /People/ }).click();
  const guest = chips.guests[0];
  const host = chips.hosts[0];
  if (!guest || !host) throw new Error("The demo episode has a guest and a host");
  await expect(page.getByRole("link", { name: guest.name })).toHaveAttribute("href", `/guest/${guest.id}`);
  await expect(page.getByRole("link", { name: host.name })).toHaveAttribute("href", `/host/${host.id}`);

  await tabs.getByRole("tab", { name: /Chapters/ }).click();
  const chapters = page.getByRole("list", { name: "Chapters" }).getByRole("listitem");
  await expect(chapters).toHaveCount(chips.chapters.length);
  await expect(chapters.first()).toContainText("0:00");
  const second = chips.chapters[1];
  if (second) {
    const minutes = Math.floor(second.startTime / 60);
    const seconds = String(second.startTime % 60).padStart(2, "0");
    await expect(chapters.nth(1)).toContainText(`${minutes}:${seconds}`);
  }

  await tabs.getByRole("tab", { name: /Show Notes/ }).click();
  const notes = page.getByRole("list", { name: "Show notes" }).getByRole("link");
  await expect(notes).toHaveCount(chips.counts.links);
  await expect(notes.first()).toHaveAttribute("target", "_blank");

  await expectAccessible(page, "episode detail");
});

test("previews a shared link with the episode's Open Graph tags", async ({ request }) => {
  const html = await (await request.get(`/episode/${chips.id}`)).text();
  expect(html).toContain(
    `<meta property="og:title" content="${CHIPS} — ${chips.podcast.name.replace("&", "&#38;")}" />`,
  );
  expect(html).toMatch(
    /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/demo\/covers\/[a-z-]+\.svg" \/>/,
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
});

test("copies the episode link with a toast", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/episode/${chips.id}`);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(toast(page)).toContainText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/episode/${chips.id}$`),
  );
});

test("sends anonymous visitors to sign in for bookmarks and lists, then back", async ({ page }) => {
  await page.goto(`/episode/${chips.id}`);
  await page.getByRole("button", { name: "Bookmark" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fepisode%2F${chips.id}$`));

  await page.goto(`/episode/${chips.id}?tab=people`);
  await page.getByRole("button", { name: "Add to List" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fepisode%2F[0-9a-f-]+%3Ftab%3Dpeople$/);
  await page.getByLabel("Email").waitFor();
});

test("toggles the bookmark for a signed-in user", async ({ page }) => {
  await signUpViaApi(page, "Bookmarker");
  await page.goto(`/episode/${chips.id}`);
  const bookmark = page.getByRole("button", { name: "Bookmark" });
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await bookmark.click();
  await expect(bookmark).toHaveAttribute("aria-pressed", "true");
  await expect(toast(page)).toContainText("Bookmarked");
  await page.reload();
  await expect(page.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Bookmark" }).click();
  await expect(page.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "false");
  await expect(toast(page)).toContainText("Bookmark removed");
});

test.describe("Enrich Data", () => {
  test("is offered only without transcript text, guests and chapters", async ({ page }) => {
    let variant: "bare" | "chapters" | "guests" | "transcript" = "bare";
    await withEpisode(page, (episode) => {
      episode.hasTranscript = variant === "transcript";
      episode.counts.transcriptSegments = 0;
      episode.chapters = variant === "chapters" ? chips.chapters : [];
      episode.guests = variant === "guests" ? chips.guests : [];
    });
    const enrich = page.getByRole("button", { name: "Enrich Data" });
    await page.goto(`/episode/${chips.id}`);
    await expect(page.getByRole("heading", { level: 1, name: CHIPS })).toBeVisible();
    await expect(enrich).toBeVisible();
    for (const next of ["chapters", "guests", "transcript"] as const) {
      variant = next;
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: CHIPS })).toBeVisible();
      await expect(enrich, `with ${next}`).toHaveCount(0);
    }
  });

  test("queues the enrichment for a signed-in user and asks anonymous visitors to sign in", async ({
    page,
  }) => {
    await withEpisode(page, (episode) => {
      episode.hasTranscript = false;
      episode.counts.transcriptSegments = 0;
      episode.chapters = [];
      episode.guests = [];
    });
    await page.goto(`/episode/${chips.id}`);
    await page.getByRole("button", { name: "Enrich Data" }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);

    await signUpViaApi(page, "Enricher");
    await page.goto(`/episode/${chips.id}`);
    const response = page.waitForResponse(`**/api/v1/episodes/${chips.id}/enrich`);
    await page.getByRole("button", { name: "Enrich Data" }).click();
    expect((await response).status()).toBe(202);
    await expect(toast(page)).toContainText("Enrichment started");
  });

  test("reports a failure as 'Enrichment failed'", async ({ page }) => {
    await withEpisode(page, (episode) => {
      episode.hasTranscript = false;
      episode.counts.transcriptSegments = 0;
      episode.chapters = [];
      episode.guests = [];
    });
    await page.route(`**/api/v1/episodes/${chips.id}/enrich`, (route) => route.abort());
    await signUpViaApi(page, "Enricher");
    await page.goto(`/episode/${chips.id}`);
    await page.getByRole("button", { name: "Enrich Data" }).click();
    await expect(toast(page)).toContainText("Enrichment failed");
    await expect(toast(page)).toContainText("Failed to enrich episode");
  });
});

test("says what the learning features rest on when the feed has no transcript", async ({ page }) => {
  let transcription: Record<string, unknown> = { source: null, state: null, isServiceConfigured: false };
  await withEpisode(page, (episode) => {
    episode.transcription = transcription;
    if (transcription.source === null) {
      episode.hasTranscript = false;
      episode.counts.transcriptSegments = 0;
    }
  });
  const notice = page.getByTestId("transcript-notice");
  const transcriptRegion = page.getByRole("tabpanel", { name: /Transcript/ });

  await page.goto(`/episode/${chips.id}`);
  await expect(notice).toHaveText(
    "This episode has no transcript yet, so its summary, quiz and mind map are drawn from the show notes.",
  );
  await page.goto(`/episode/${chips.id}?tab=transcript`);
  await expect(transcriptRegion.getByText("No transcript yet", { exact: true })).toBeVisible();
  await expect(transcriptRegion).toContainText("drawn from the show notes");

  transcription = { source: null, state: "running", isServiceConfigured: true };
  await page.reload();
  await expect(transcriptRegion).toContainText("This episode is being transcribed.");

  transcription = { source: "service", state: null, isServiceConfigured: true };
  await page.reload();
  await expect(transcriptRegion.getByTestId("transcript-notice")).toHaveText(
    "Transcribed automatically: names and numbers may be misheard.",
  );
  await expect(transcriptRegion.getByRole("listitem")).toHaveCount(segments.length);
});

test("a feed's own transcript needs no notice", async ({ page }) => {
  await page.goto(`/episode/${chips.id}?tab=transcript`);
  await expect(page.getByRole("region", { name: "Transcript" }).getByRole("listitem")).toHaveCount(
    segments.length,
  );
  await expect(page.getByTestId("transcript-notice")).toHaveCount(0);
});

test("a missing episode shows 'Episode not found' with Go Home", async ({ page }) => {
  for (const id of [MISSING, "not-an-id"]) {
    await page.goto(`/episode/${id}`);
    await expect(page.getByRole("heading", { name: "Episode not found" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a failed load shows the 'Error loading episode' toast with the message", async ({ page }) => {
  await page.route(`**/api/v1/episodes/${chips.id}`, (route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } },
    }),
  );
  await page.goto(`/episode/${chips.id}`);
  await expect(toast(page)).toContainText("Error loading episode");
  await expect(toast(page)).toContainText("Something went wrong on our side. Please try again.");
});

test("a video episode embeds the video through youtube-nocookie.com instead of an audio player", async ({
  page,
}) => {
  await page.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ body: "<p>video</p>" }));
  await withEpisode(page, (episode) => {
    episode.audioUrl = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
    episode.youtubeUrl = "https://youtu.be/dQw4w9WgXcQ";
  });
  await page.goto(`/episode/${chips.id}`);
  await expect(page.getByTitle(`Video: ${CHIPS}`)).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );
  await expect(page.getByRole("region", { name: "Audio player" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Play episode" })).toHaveCount(0);
});

test("the transcript plays from a clicked line, follows the audio and searches", async ({ page }) => {
  await page.goto(`/episode/${chips.id}?tab=transcript`);
  const transcript = page.getByRole("region", { name: "Transcript" });
  const lines = transcript.getByRole("listitem");
  await expect(lines).toHaveCount(segments.length);

  // Search inside the transcript.
  const search = page.getByRole("searchbox", { name: "Search the transcript" });
  const word = "chips";
  const matching = segments.filter((segment) => segment.text.toLowerCase().includes(word));
  await search.fill(word);
  await expect(lines).toHaveCount(matching.length);
  await expect(page.getByText(`${matching.length} match`)).toBeVisible();
  await expect(transcript.locator("mark").first()).toHaveText(/chips/i);
  await search.fill("");

  // Click a line in the middle: playback starts there and that line is the current one.
  const index = Math.floor(segments.length / 2);
  const target = segments[index];
  if (!target) throw new Error("no transcript line");
  await lines.nth(index).locator("p").click();
  await expect(lines.nth(index)).toHaveAttribute("aria-current", "time");
  await expect(page.getByRole("button", { name: "Pause" }).first()).toBeVisible();

  // It follows the audio: the next line becomes current, and the box scrolls along.
  await expect(lines.nth(index + 1)).toHaveAttribute("aria-current", "time", {
    timeout: (target.end - target.start + 3) * 1000,
  });
  await expect(lines.nth(index)).not.toHaveAttribute("aria-current", "time");
  expect(await transcript.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);

  // Scrolling by hand stops following until asked again.
  await transcript.hover();
  await page.mouse.wheel(0, -400);
  await expect(page.getByRole("button", { name: "Follow along" })).toBeVisible();
  await page.getByRole("button", { name: "Follow along" }).click();
  await expect(page.getByRole("button", { name: "Follow along" })).toHaveCount(0);

  // A chapter also plays from its start.
  await page.getByRole("tab", { name: /Chapters/ }).click();
  const lastChapter = chips.chapters.at(-1);
  if (!lastChapter) throw new Error("no chapters");
  await page.getByRole("button", { name: new RegExp(`^Play chapter ${lastChapter.title}`) }).click();
  await expect(page.getByRole("list", { name: "Chapters" }).getByRole("listitem").last()).toHaveAttribute(
    "aria-current",
    "time",
  );
});

test("copies a transcript passage", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/episode/${chips.id}?tab=transcript`);
  const line = page.getByRole("region", { name: "Transcript" }).getByRole("listitem").nth(1).locator("p");
  await line.selectText();
  await page.getByRole("button", { name: "Copy selection" }).click();
  await expect(toast(page)).toContainText("Passage copied");
  const first = segments[1];
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(first?.text.slice(0, 20));
});

test.describe("guest and host pages", () => {
  test("show the person and their episodes, with back to the episode", async ({ page }) => {
    const guest = chips.guests[0];
    const host = chips.hosts[0];
    if (!guest || !host) throw new Error("The demo episode has a guest and a host");
    await page.goto(`/episode/${chips.id}?tab=people`);
    await page.getByRole("link", { name: guest.name }).click();
    await expect(page).toHaveURL(`/guest/${guest.id}`);
    await expect(page.getByRole("heading", { level: 1, name: guest.name })).toBeVisible();
    await expect(page.getByText("Guest", { exact: true })).toBeVisible();
    if (guest.bio) await expect(page.getByText(guest.bio)).toBeVisible();
    await expect(page.getByRole("img", { name: guest.name })).toBeVisible();
    const episodes = page.getByRole("region", { name: /Episodes/ }).getByRole("article");
    await expect(episodes.first()).toContainText(CHIPS);
    await expect(episodes.first()).toContainText(chips.podcast.name);
    await expectAccessible(page, "guest page");

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(new RegExp(`/episode/${chips.id}\\?tab=people$`));

    await page.goto(`/host/${host.id}`);
    await expect(page.getByRole("heading", { level: 1, name: host.name })).toBeVisible();
    await expect(page.getByText("Host", { exact: true })).toBeVisible();
    // A host's episodes are listed newest first.
    const dates = await page
      .getByRole("region", { name: /Episodes/ })
      .locator("time")
      .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test("missing people show 'Guest not found' / 'Host not found' with Go Home", async ({ page }) => {
    await page.goto(`/guest/${MISSING}`);
    await expect(page.getByRole("heading", { name: "Guest not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toBeVisible();
    await page.goto(`/host/${MISSING}`);
    await expect(page.getByRole("heading", { name: "Host not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("fits a 360 px screen in both themes", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/episode/${chips.id}?tab=transcript`);
  await expect(page.getByRole("heading", { level: 1, name: CHIPS })).toBeVisible();
  for (const theme of ["Light", "Dark"] as const) {
    await chooseTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme.toLowerCase()));
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page, `episode at 360 px (${theme})`);
  }
});
