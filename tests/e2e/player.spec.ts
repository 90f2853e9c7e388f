import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { miniPlayer, spokenSeconds } from "./support/player.ts";
import { expectAccessible, signUpViaApi, waitForCatalog } from "./support/shell";

/**
 * The audio player (issue 5) with the demo catalog's real MP3s. Playback is started through
 * `window.earmarkPlayer` — the player's public entry point, exposed in every build (see
 * src/web/lib/player/global.ts) — so these tests do not depend on which screens offer play buttons.
 */

type Playable = {
  id: string;
  title: string;
  audioUrl: string | null;
  imageUrl: string | null;
  podcastId: string | null;
  podcastName: string | null;
  duration: number | null;
};

let episodes: Playable[] = [];

test.beforeAll(async ({ request }) => {
  await waitForCatalog(request);
  const home = (await (await request.get("/api/v1/catalog/home")).json()) as { recent: Playable[] };
  episodes = home.recent
    .filter((episode) => episode.audioUrl)
    .map(({ id, title, audioUrl, imageUrl, podcastId, podcastName, duration }) => ({
      id,
      title,
      audioUrl,
      imageUrl,
      podcastId,
      podcastName,
      duration,
    }));
  expect(episodes.length).toBeGreaterThanOrEqual(4);
});

const episode = (index: number) => episodes[index] as Playable;
/** The notification in front (sonner keeps replaced ones in the DOM while they animate out). */
const toast = (page: Page) =>
  page.locator("[data-sonner-toast][data-front='true']:not([data-removed='true'])");
/** The mini player even while Now Playing (a modal dialog) hides it from assistive technology. */
const miniPlayerBehindDialog = (page: Page) =>
  page.getByRole("region", { name: "Player", exact: true, includeHidden: true });
const nowPlaying = (page: Page) => page.getByRole("dialog", { name: "Now Playing" });
/** The seek slider on screen (the mini player's strip, or Now Playing's while it is open). */
const seekSlider = (page: Page) => page.getByRole("slider", { name: "Seek" });

async function elapsed(page: Page): Promise<number> {
  return spokenSeconds(await seekSlider(page).getAttribute("aria-valuetext"));
}

async function expectElapsed(page: Page, check: (seconds: number) => boolean, message: string) {
  // The poll shows the last value when the check never passes.
  await expect
    .poll(
      async () => {
        const seconds = await elapsed(page);
        return check(seconds) ? true : seconds;
      },
      { message, timeout: 10_000 },
    )
    .toBe(true);
}

/** A click gives the page a user activation, as a listener's own click would. */
async function openApp(page: Page, path = "/about") {
  await page.goto(path);
  await activate(page);
}

async function activate(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().click();
}

async function play(page: Page, item: Playable, startAt?: number) {
  await page.evaluate(
    ([target, at]) =>
      window.earmarkPlayer?.playEpisode(target as Playable, at === null ? {} : { startAt: at as number }),
    [item, startAt ?? null] as const,
  );
}

async function addToQueue(page: Page, item: Playable) {
  await page.evaluate((target) => window.earmarkPlayer?.addToQueue(target), item);
}

async function expectPlaying(page: Page) {
  await expect(miniPlayer(page).getByRole("button", { name: "Pause", exact: true })).toBeVisible();
}

async function serverPosition(request: APIRequestContext, episodeId: string) {
  return (
    (await (await request.get(`/api/v1/me/positions/${episodeId}`)).json()) as { positionSeconds: number }
  ).positionSeconds;
}

test("play, pause, seek by strip and by slider, skip and speed", async ({ page }) => {
  const item = episode(0);
  await openApp(page);
  await play(page, item);
  const player = miniPlayer(page);
  await expect(player).toContainText(item.title);
  await expectPlaying(page);
  await expectElapsed(page, (s) => s >= 1, "time advances while playing");
  await expect(player).toContainText(/\d:\d\d \/ \d:\d\d/);

  await player.getByRole("button", { name: "Pause", exact: true }).click();
  await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  const paused = await elapsed(page);
  await page.waitForTimeout(1200);
  expect(await elapsed(page)).toBe(paused);

  // The progress strip at the top edge of the mini player seeks where it is clicked.
  const box = await player.boundingBox();
  if (!box) throw new Error("no mini player");
  await page.mouse.click(box.x + box.width / 2, box.y + 1);
  const duration = item.duration ?? 0;
  await expectElapsed(page, (s) => Math.abs(s - duration / 2) <= 2, "strip seeks to the middle");

  // Now Playing's seek slider: Home, then Page Up ten steps (1 %) at a time, arrows one step (0.1 %).
  await player.getByRole("button", { name: "Expand player" }).click();
  const dialog = nowPlaying(page);
  await expect(dialog.getByRole("heading", { name: "Now Playing" })).toBeVisible();
  const slider = dialog.getByRole("slider", { name: "Seek" });
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
  for (let i = 0; i < 25; i++) await page.keyboard.press("PageUp");
  await expect(slider).toHaveAttribute("aria-valuenow", "250");
  await expectElapsed(page, (s) => Math.abs(s - duration / 4) <= 1, "a quarter in");
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(slider).toHaveAttribute("aria-valuenow", "240");
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuenow", "241");

  // Skip forward 30 and back 15.
  const before = await elapsed(page);
  await dialog.getByRole("button", { name: "Skip forward 30 seconds" }).click();
  await expectElapsed(page, (s) => s === before + 30, "forward 30 s");
  await dialog.getByRole("button", { name: "Skip back 15 seconds" }).click();
  await expectElapsed(page, (s) => s === before + 15, "back 15 s");

  // Speed: 2× plays about twice as fast as the clock.
  await dialog.getByRole("button", { name: "Playback speed 1×" }).click();
  await page.getByRole("menuitemradio", { name: "2×" }).click();
  await expect(dialog.getByRole("button", { name: "Playback speed 2×" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nowPlaying(page)).toBeHidden();
  await player.getByRole("button", { name: "Play", exact: true }).click();
  await expectPlaying(page);
  const start = await elapsed(page);
  await page.waitForTimeout(3000);
  expect(await elapsed(page)).toBeGreaterThanOrEqual(start + 5);
});

test("from the episode page: play, then keep playing across navigation and queue another episode", async ({
  page,
}) => {
  const a = episode(0);
  const b = episodes.find((item) => item.podcastId === a.podcastId && item.id !== a.id);
  if (!b) throw new Error("no second episode of the podcast");
  await page.goto(`/episode/${a.id}`);
  await page.getByRole("button", { name: "Play episode" }).click();
  await expect(miniPlayer(page)).toContainText(a.title);
  await expectPlaying(page);

  // In-app navigation keeps the one audio element playing.
  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  await nowPlaying(page).getByRole("link", { name: "View Podcast" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?podcast=${a.podcastId}`));
  await page.getByRole("link", { name: b.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/episode/${b.id}`));
  await page.getByRole("button", { name: "Add to queue" }).click();
  await expect(toast(page)).toContainText("Added to queue");
  await expect(toast(page)).toContainText(b.title);
  await expect(miniPlayer(page)).toContainText(a.title);
  await expectPlaying(page);
  await expect(miniPlayer(page).getByRole("button", { name: "Next episode" })).toBeEnabled();
});

test("Now Playing: links, current chapter, Escape collapses; the player is accessible", async ({ page }) => {
  const item = episode(1);
  await openApp(page);
  await play(page, item, 0);
  await expectPlaying(page);
  await miniPlayer(page).getByRole("button", { name: "Pause", exact: true }).click();
  await expectAccessible(page, "mini player");

  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  const dialog = nowPlaying(page);
  await expect(dialog.getByRole("link", { name: item.title })).toHaveAttribute("href", `/episode/${item.id}`);
  await expect(dialog.getByRole("link", { name: "View Podcast" })).toHaveAttribute(
    "href",
    `/search?podcast=${item.podcastId}`,
  );
  const chapters = (await (await page.request.get(`/api/v1/episodes/${item.id}/chapters`)).json()) as {
    chapters: { startTime: number; title: string }[];
  };
  expect(chapters.chapters.length).toBeGreaterThan(1);
  await expect(dialog).toContainText(chapters.chapters[0]?.title ?? "");
  const second = chapters.chapters[1] as { startTime: number; title: string };
  // Just after the second chapter starts (click-to-seek from elsewhere uses the same call).
  await play(page, item, second.startTime + 1);
  await expect(dialog).toContainText(second.title);
  await expectAccessible(page, "Now Playing");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(miniPlayer(page).getByRole("button", { name: "Expand player" })).toBeFocused();

  // An episode without a podcast has no 'View Podcast' link.
  await play(page, { ...item, podcastId: null }, 5);
  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  await expect(nowPlaying(page).getByRole("link", { name: item.title })).toBeVisible();
  await expect(nowPlaying(page).getByRole("link", { name: "View Podcast" })).toHaveCount(0);
  await nowPlaying(page).getByRole("button", { name: "Collapse player" }).click();
  await expect(nowPlaying(page)).toBeHidden();
});

test("the queue: add, play from the list, reorder by keyboard, next and previous, clear", async ({
  page,
}) => {
  const [a, b, c] = [episode(0), episode(1), episode(2)];
  await openApp(page);
  await addToQueue(page, a);
  await expect(toast(page)).toContainText("Added to queue");
  await expect(toast(page)).toContainText(a.title);
  await addToQueue(page, b);
  await addToQueue(page, c);
  await expect(toast(page)).toContainText(c.title);

  await play(page, c, 0);
  await expectPlaying(page);
  const player = miniPlayer(page);
  // Index -1: next allowed (the first item), previous not.
  await expect(player.getByRole("button", { name: "Previous episode" })).toBeDisabled();
  await expect(player.getByRole("button", { name: "Next episode" })).toBeEnabled();

  await player.getByRole("button", { name: "Expand player" }).click();
  const dialog = nowPlaying(page);
  await dialog.getByRole("button", { name: "Queue", exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Queue (3)" })).toBeVisible();
  const items = dialog.getByRole("list", { name: "Queue", exact: true }).getByRole("listitem");
  await expect(items).toHaveCount(3);

  // Playing straight from the list does not move the queue index.
  await items
    .nth(1)
    .getByRole("button", { name: `Play ${b.title}` })
    .click();
  await expect(dialog.getByRole("button", { name: "Back", exact: true })).toBeVisible();
  await expect(miniPlayerBehindDialog(page)).toContainText(b.title);
  await expect(items.nth(1)).not.toHaveAttribute("aria-current", "true");

  // Keyboard reordering: focus stays on the moved item.
  const moveUp = items.nth(2).getByRole("button", { name: `Move ${c.title} up` });
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await expect(items.nth(1)).toContainText(c.title);
  await expect(items.nth(1).getByRole("button", { name: `Move ${c.title} up` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(items.nth(0)).toContainText(c.title);
  await expect(items.nth(0).getByRole("button", { name: `Move ${c.title} down` })).toBeFocused();
  await expect(items).toHaveText([new RegExp(c.title), new RegExp(a.title), new RegExp(b.title)]);

  // Reordering by dragging the handle.
  const handle = (index: number) => items.nth(index).locator("[title='Drag to reorder']");
  const target = await items.nth(2).boundingBox();
  if (!target) throw new Error("no item");
  await handle(0).hover();
  await page.mouse.down();
  await page.mouse.move(target.x + 10, target.y + target.height - 2, { steps: 8 });
  await page.mouse.up();
  await expect(items).toHaveText([new RegExp(a.title), new RegExp(b.title), new RegExp(c.title)]);

  // Next: index -1 → 0 plays the first item; previous needs an index above 0.
  await dialog.getByRole("button", { name: "Back", exact: true }).click();
  await dialog.getByRole("button", { name: "Next episode" }).click();
  await expect(dialog.getByRole("link", { name: a.title })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Previous episode" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Next episode" }).click();
  await expect(dialog.getByRole("link", { name: b.title })).toBeVisible();
  await dialog.getByRole("button", { name: "Previous episode" }).click();
  await expect(dialog.getByRole("link", { name: a.title })).toBeVisible();

  await dialog.getByRole("button", { name: "Queue", exact: true }).click();
  await expect(items.nth(0)).toHaveAttribute("aria-current", "true");
  await items
    .nth(2)
    .getByRole("button", { name: `Remove ${c.title} from queue` })
    .click();
  await expect(dialog.getByRole("heading", { name: "Queue (2)" })).toBeVisible();
  await dialog.getByRole("button", { name: "Clear All" }).click();
  await expect(dialog.getByRole("heading", { name: "Queue (0)" })).toBeVisible();
  await expect(dialog).toContainText("Queue is empty");
  await dialog.getByRole("button", { name: "Back", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Next episode" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Previous episode" })).toBeDisabled();
});

test("at the end: the final position is saved and the next queue item plays; the sleep timer can stop there", async ({
  page,
}) => {
  await signUpViaApi(page, "Listener To The End");
  const [first, second, third] = [episode(3), episode(4), episode(5)];
  await openApp(page);
  await addToQueue(page, second);
  await addToQueue(page, third);
  const duration = first.duration ?? 0;
  await play(page, first, duration - 3);
  await expectPlaying(page);
  await expect(miniPlayer(page)).toContainText(second.title, { timeout: 15_000 });
  await expectPlaying(page);
  await expect.poll(() => serverPosition(page.request, first.id)).toBeGreaterThanOrEqual(duration - 1);

  // Sleep timer "End of episode": the queue does not advance.
  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  await nowPlaying(page).getByRole("button", { name: "Sleep timer: off" }).click();
  await page.getByRole("menuitemradio", { name: "End of episode" }).click();
  await expect(nowPlaying(page).getByRole("button", { name: "Sleep timer: end of episode" })).toBeVisible();
  await play(page, second, (second.duration ?? 0) - 2);
  await expect(nowPlaying(page).getByRole("button", { name: "Play", exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(nowPlaying(page).getByRole("link", { name: second.title })).toBeVisible();
  await expect(nowPlaying(page).getByRole("button", { name: "Sleep timer: off" })).toBeVisible();
});

test("resume after a reload: exact after pause, after page hide, and within 10 s while playing (signed out)", async ({
  page,
}) => {
  const item = episode(2);
  await openApp(page);
  await play(page, item, 40);
  await expectPlaying(page);
  await miniPlayer(page).getByRole("button", { name: "Pause", exact: true }).click();
  const paused = await elapsed(page);
  expect(paused).toBeGreaterThanOrEqual(40);

  await page.reload();
  await expect(miniPlayer(page)).toContainText(item.title);
  await expect(miniPlayer(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await expectElapsed(page, (s) => s === paused, "exactly where it was paused");
  await activate(page);
  await miniPlayer(page).getByRole("button", { name: "Play", exact: true }).click();
  await expectPlaying(page);
  await expectElapsed(page, (s) => s >= paused + 1, "plays on from there");

  // Hidden while playing (the reload hides the page): the exact second is kept.
  const beforeHide = await elapsed(page);
  await page.reload();
  await expect(miniPlayer(page)).toContainText(item.title);
  await expectElapsed(page, (s) => s >= beforeHide && s <= beforeHide + 2, "where the page was hidden");
});

test("signed in: positions follow the account — periodic saves every 10 s, beacon on hide, merge at sign-in", async ({
  page,
}) => {
  const item = episode(1);
  const other = episode(0);
  // Signed out first: a position kept in this browser.
  await openApp(page);
  await play(page, other, 33);
  await expectPlaying(page);
  await miniPlayer(page).getByRole("button", { name: "Pause", exact: true }).click();
  const local = await elapsed(page);

  // Signing up in this tab: the positions kept here are merged into the new account.
  await page.goto("/auth?mode=sign-up");
  await page.getByLabel("Name").fill("Position Keeper");
  await page.getByLabel("Email").fill(`keeper-${Date.now()}-${Math.random()}@example.com`);
  await page.getByLabel("Password").fill("secret-pass");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => serverPosition(page.request, other.id)).toBe(local);
  // The browser forgets its copy once the merge has answered (a moment after the server has it).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("earmark.positions"))).toBe("{}");

  await activate(page);
  await play(page, item, 7);
  await expectPlaying(page);
  // The whole second 10 is a multiple of 10: saved while playing.
  await expectElapsed(page, (s) => s >= 11, "past 10 s");
  expect(await serverPosition(page.request, item.id)).toBe(10);

  // The reload hides the page: the beacon saves the exact second.
  const beforeHide = await elapsed(page);
  await page.reload();
  await expect.poll(() => serverPosition(page.request, item.id)).toBeGreaterThanOrEqual(beforeHide);
  const saved = await serverPosition(page.request, item.id);
  expect(saved).toBeLessThanOrEqual(beforeHide + 2);
  await expect(miniPlayer(page)).toContainText(item.title);
  await expectElapsed(page, (s) => s === saved, "restored from the server");

  // Another browser of the same account starts there too.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await activate(page);
  await play(page, item);
  await expectElapsed(page, (s) => s >= saved && s <= saved + 3, "resumes on another device");
});

test("signed in: the queue and the speed are kept on the server", async ({ page }) => {
  await signUpViaApi(page, "Queue Keeper");
  const [a, b] = [episode(0), episode(2)];
  await openApp(page);
  await addToQueue(page, a);
  await addToQueue(page, b);
  await expect
    .poll(async () =>
      ((await (await page.request.get("/api/v1/me/queue")).json()) as { items: Playable[] }).items.map(
        (i) => i.id,
      ),
    )
    .toEqual([a.id, b.id]);

  await play(page, a, 0);
  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  await nowPlaying(page).getByRole("button", { name: "Playback speed 1×" }).click();
  await page.getByRole("menuitemradio", { name: "1.5×" }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/v1/me/player-settings")).json()) as { playbackRate: number })
          .playbackRate,
    )
    .toBe(1.5);

  // A fresh browser (nothing stored locally) gets both from the account.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.evaluate((item) => window.earmarkPlayer?.playEpisode(item), b);
  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  await expect(nowPlaying(page).getByRole("button", { name: "Playback speed 1.5×" })).toBeVisible();
  await nowPlaying(page).getByRole("button", { name: "Queue", exact: true }).click();
  await expect(nowPlaying(page).getByRole("heading", { name: "Queue (2)" })).toBeVisible();
  await nowPlaying(page).getByRole("button", { name: "Clear All" }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/v1/me/queue")).json()) as { items: Playable[] }).items,
    )
    .toEqual([]);
});

test("sleep timer: after the chosen minutes, playback pauses", async ({ page }) => {
  await page.clock.install();
  await openApp(page);
  await play(page, episode(2), 0);
  await expectPlaying(page);
  await miniPlayer(page).getByRole("button", { name: "Expand player" }).click();
  const dialog = nowPlaying(page);
  await dialog.getByRole("button", { name: "Sleep timer: off" }).click();
  await page.getByRole("menuitemradio", { name: "15 minutes" }).click();
  await expect(dialog.getByRole("button", { name: "Sleep timer: 15 minutes left" })).toBeVisible();
  await page.clock.fastForward("14:00");
  await expect(dialog.getByRole("button", { name: "Sleep timer: 1 minute left" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await page.clock.fastForward("01:01");
  await expect(dialog.getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Sleep timer: off" })).toBeVisible();
});

test("volume: 0–100 in steps of 1 (10 with Page keys or Shift+arrows), kept across reloads", async ({
  page,
}) => {
  await openApp(page);
  await play(page, episode(0), 0);
  await expectPlaying(page);
  const volume = miniPlayer(page).getByRole("slider", { name: "Volume" });
  await expect(volume).toHaveAttribute("aria-valuenow", "100");
  await volume.focus();
  await page.keyboard.press("Home");
  await expect(volume).toHaveAttribute("aria-valuenow", "0");
  await expect(miniPlayer(page).getByRole("button", { name: "Unmute", exact: true })).toBeVisible();
  for (let i = 0; i < 4; i++) await page.keyboard.press("PageUp");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(volume).toHaveAttribute("aria-valuenow", "51");
  await expect(volume).toHaveAttribute("aria-valuetext", "51%");
  expect(await page.evaluate(() => localStorage.getItem("player-volume"))).toBe("0.51");

  await page.reload();
  await expect(miniPlayer(page).getByRole("slider", { name: "Volume" })).toHaveAttribute(
    "aria-valuenow",
    "51",
  );
  await miniPlayer(page).getByRole("button", { name: "Mute", exact: true }).click();
  await expect(miniPlayer(page).getByRole("slider", { name: "Volume" })).toHaveAttribute(
    "aria-valuenow",
    "0",
  );
  await miniPlayer(page).getByRole("button", { name: "Unmute", exact: true }).click();
  await expect(miniPlayer(page).getByRole("slider", { name: "Volume" })).toHaveAttribute(
    "aria-valuenow",
    "51",
  );
});

test("keyboard shortcuts: Space toggles, arrows skip — but not while typing in a field", async ({ page }) => {
  await openApp(page, "/search");
  await play(page, episode(1), 60);
  await expectPlaying(page);
  await activate(page);
  await page.keyboard.press("Space");
  await expect(miniPlayer(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  const at = await elapsed(page);
  await page.keyboard.press("ArrowRight");
  await expectElapsed(page, (s) => s === at + 30, "→ skips forward 30 s");
  await page.keyboard.press("ArrowLeft");
  await expectElapsed(page, (s) => s === at + 15, "← skips back 15 s");

  const field = page
    .getByRole("main")
    .getByRole("searchbox")
    .or(page.getByRole("main").getByRole("textbox"))
    .first();
  await field.fill("attention");
  await field.press("Space");
  await field.press("ArrowLeft");
  await expect(field).toHaveValue("attention ");
  await expect(miniPlayer(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  expect(await elapsed(page)).toBe(at + 15);
});

test("Media Session: metadata with artwork, and the handlers lock screens and media keys use", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const registered: Record<string, boolean> = {};
    (window as unknown as { __mediaHandlers: typeof registered }).__mediaHandlers = registered;
    const original = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
    navigator.mediaSession.setActionHandler = (action, handler) => {
      registered[action] = handler !== null;
      (window as unknown as Record<string, unknown>)[`__media_${action}`] = handler;
      original(action, handler);
    };
  });
  const [a, b] = [episode(0), episode(1)];
  await openApp(page);
  await addToQueue(page, b);
  await play(page, a, 0);
  await expectPlaying(page);
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(a.title);
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.artist)).toBe(a.podcastName);
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.artwork[0]?.src)).toMatch(/^http/);
  const handlers = await page.evaluate(
    () => (window as unknown as { __mediaHandlers: Record<string, boolean> }).__mediaHandlers,
  );
  expect(handlers).toMatchObject({
    play: true,
    pause: true,
    seekbackward: true,
    seekforward: true,
    seekto: true,
    nexttrack: true,
    previoustrack: false,
  });
  // The lock screen's pause and "next track" act on the player.
  await page.evaluate(() => (window as unknown as { __media_pause: () => void }).__media_pause());
  await expect(miniPlayer(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { __media_seekto: (d: { seekTime: number }) => void }).__media_seekto({
      seekTime: 42,
    }),
  );
  await expectElapsed(page, (s) => s === 42, "seekto");
  await page.evaluate(() => (window as unknown as { __media_nexttrack: () => void }).__media_nexttrack());
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(b.title);
});

test.describe("playback errors", () => {
  test("no audio_url: 'No audio available'", async ({ page }) => {
    await openApp(page);
    await play(page, { ...episode(0), audioUrl: null });
    await expect(toast(page)).toContainText("No audio available");
    await expect(toast(page)).toContainText("This episode doesn't have an audio file.");
    await expect(miniPlayer(page)).toHaveCount(0);
  });

  test("an audio URL that answers 404: 'There was an error playing this episode.'", async ({ page }) => {
    await openApp(page);
    await play(page, {
      ...episode(0),
      id: "00000000-0000-4000-8000-000000000404",
      audioUrl: "/demo/audio/missing.mp3",
    });
    await expect(toast(page)).toContainText("Playback error");
    await expect(toast(page)).toContainText("There was an error playing this episode.");
    await expect(miniPlayer(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  });

  test("a rejected play: 'Could not play this episode. Please try again.'", async ({ page }) => {
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () =>
        Promise.reject(new DOMException("The play request was blocked.", "NotAllowedError"));
    });
    await openApp(page);
    await play(page, episode(0));
    await expect(toast(page)).toContainText("Playback error");
    await expect(toast(page)).toContainText("Could not play this episode. Please try again.");
    await expect(miniPlayer(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  });
});

test("mobile: the mini player sits above the tab bar and the page makes room for it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 780 });
  await signUpViaApi(page, "Mobile Listener");
  await openApp(page, "/");
  await play(page, episode(0), 0);
  const player = miniPlayer(page);
  await expect(player).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Tabs" });
  // Polled: the player's offset comes from a :has() rule that applies on the next style pass.
  await expect
    .poll(async () => {
      const [playerBox, tabsBox] = [await player.boundingBox(), await tabs.boundingBox()];
      return playerBox && tabsBox ? tabsBox.y + 1 - (playerBox.y + playerBox.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  const playerBox = await player.boundingBox();
  if (!playerBox) throw new Error("no player");
  // Play/pause and expand are there; previous, next and volume are for larger screens.
  await expect(player.getByRole("button", { name: /^(Play|Pause)$/ })).toBeVisible();
  await expect(player.getByRole("button", { name: "Expand player" })).toBeVisible();
  await expect(player.getByRole("button", { name: "Next episode" })).toBeHidden();
  await expect(player.getByRole("slider", { name: "Volume" })).toBeHidden();
  // The end of the page is not hidden behind the player.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = page.getByRole("contentinfo");
  const footerBox = await footer.boundingBox();
  if (!footerBox) throw new Error("no footer");
  expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(playerBox.y + 1);
});
