import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import type { EpisodeMindmap, MindmapNode } from "../../src/domain/contract/learning.ts";
import { ancestorIds, conceptKey, searchMindmap, walkMindmap } from "../../src/domain/mindmap.ts";
import { miniPlayer, spokenSeconds } from "./support/player.ts";
import {
  chooseTheme,
  expectAccessible,
  expectNoHorizontalOverflow,
  findEpisode,
  signUpViaApi,
  waitForCatalog,
} from "./support/shell.ts";

const MAPS = "How Maps Shaped Empires";
let episodeId: string;
let map: EpisodeMindmap["mindmap"];

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  await waitForCatalog(request);
  episodeId = (await findEpisode(request, MAPS)).id;
  const response = await request.get(`/api/v1/episodes/${episodeId}/mindmap`);
  expect(response.status()).toBe(200);
  map = ((await response.json()) as EpisodeMindmap).mindmap;
});

const canvas = (page: Page) => page.getByRole("img", { name: /^Mind map of / });
const scene = (page: Page) => page.getByTestId("mindmap-scene");
const outline = (page: Page) => page.getByRole("tree", { name: /^Ideas of / });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Mind map tools" });
const toast = (page: Page) =>
  page.locator('[data-sonner-toast][data-front="true"]:not([data-removed="true"])');
const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** The zoom transform d3-zoom wrote on the scene: translate(x,y) scale(k). */
async function sceneTransform(page: Page) {
  const value = (await scene(page).getAttribute("transform")) ?? "";
  const numbers = value.match(/-?\d+(\.\d+)?(e-?\d+)?/g)?.map(Number) ?? [];
  return { x: numbers[0] ?? 0, y: numbers[1] ?? 0, k: numbers[2] ?? 1, raw: value };
}

/** Where a canvas node sits on the 1200 × 800 canvas after the zoom transform. */
async function nodeOnCanvas(page: Page, nodeId: string) {
  const node = canvas(page).locator(`[data-node-id="${nodeId}"]`);
  const own = ((await node.getAttribute("transform")) ?? "").match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [0, 0];
  const { x, y, k } = await sceneTransform(page);
  return { x: x + k * (own[0] ?? 0), y: y + k * (own[1] ?? 0) };
}

async function openMap(page: Page, search = "") {
  await page.goto(`/mindmap/${episodeId}${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Mind map" })).toBeVisible();
  await expect(canvas(page)).toBeVisible();
}

function timedNodes(): MindmapNode[] {
  return walkMindmap(map.nodes)
    .map((walked) => walked.node)
    .filter((node) => (node.time ?? 0) > 0);
}

test("signed out: the three views, the URL follows, zoom stays within 0.3–3", async ({ page }) => {
  await openMap(page);
  await expect(page).toHaveTitle(`Mind map: ${MAPS} — Earmark`);
  const root = map.nodes[0] as MindmapNode;
  // Tree by default, expanded one level: the root and its children.
  await expect(canvas(page)).toHaveAttribute("data-view", "tree");
  await expect(canvas(page).locator("[data-node-id]")).toHaveCount(1 + root.children.length);
  await expect(outline(page).getByRole("treeitem")).toHaveCount(1 + root.children.length);

  for (const [label, view] of [
    ["Radial", "radial"],
    ["Graph", "graph"],
    ["Tree", "tree"],
  ] as const) {
    await toolbar(page).getByRole("button", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]view=${view}`));
    await expect(canvas(page)).toHaveAttribute("data-view", view);
    await expect(toolbar(page).getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
  }
  await page.goBack();
  await expect(canvas(page)).toHaveAttribute("data-view", "graph");
  // With a mouse, the layer a drag moves is promoted before any pointer comes near, so a drag's first
  // frames raster nothing new (decision 025, sixth round).
  await expect(canvas(page).locator("xpath=..")).toHaveCSS("will-change", "transform");

  // A small map opens enlarged to fill the canvas (at most 180%), centred: that is where Reset returns.
  await expect.poll(async () => (await sceneTransform(page)).raw).toMatch(/^translate\(/);
  const home = await sceneTransform(page);
  expect(home.k).toBeGreaterThanOrEqual(1);
  expect(home.k).toBeLessThanOrEqual(1.8);
  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  const zoomOut = page.getByRole("button", { name: "Zoom out" });
  await zoomIn.click();
  await expect.poll(async () => (await sceneTransform(page)).k).toBeCloseTo(home.k * 1.2, 5);
  await expect(page.getByRole("status", { name: "Zoom level" }).or(page.locator("output"))).toHaveText(
    `${Math.round(home.k * 120)}%`,
  );
  for (let i = 0; i < 12; i++) await zoomIn.click();
  await expect.poll(async () => (await sceneTransform(page)).k).toBe(3);
  for (let i = 0; i < 12; i++) await zoomOut.click();
  await expect.poll(async () => (await sceneTransform(page)).k).toBeCloseTo(0.3, 5);
  await page.getByRole("button", { name: "Reset view" }).click();
  await expect.poll(async () => (await sceneTransform(page)).raw).toBe(home.raw);

  // Arrow keys pan while the canvas has focus, a screen step at a time.
  await canvas(page).focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => (await sceneTransform(page)).x).toBeCloseTo(home.x + 60, 3);
  await page.keyboard.press("ArrowUp");
  await expect.poll(async () => (await sceneTransform(page)).y).toBeCloseTo(home.y + 60, 3);

  // A mouse drag moves the map by the pointer's travel, even one that starts on a node, and on
  // release is not a click on that node (no panel opens).
  const beforeDrag = await sceneTransform(page);
  const box = await canvas(page).boundingBox();
  const rootBox = await canvas(page).locator(`[data-node-id="${root.id}"] text`).boundingBox();
  if (!box || !rootBox) throw new Error("the canvas is not on screen");
  const unitsPerPixel = 1200 / box.width;
  await page.mouse.move(rootBox.x + rootBox.width / 2, rootBox.y + rootBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(rootBox.x + rootBox.width / 2 + 50, rootBox.y + rootBox.height / 2 + 20, {
    steps: 5,
  });
  await page.mouse.move(rootBox.x + rootBox.width / 2 + 100, rootBox.y + rootBox.height / 2 + 40, {
    steps: 5,
  });
  await page.mouse.up();
  await expect
    .poll(async () => (await sceneTransform(page)).x)
    .toBeCloseTo(beforeDrag.x + 100 * unitsPerPixel, 0);
  expect((await sceneTransform(page)).y).toBeCloseTo(beforeDrag.y + 40 * unitsPerPixel, 0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The same press without travel is a click: the panel opens.
  await canvas(page).locator(`[data-node-id="${root.id}"] text`).click();
  await expect(page.getByRole("dialog", { name: root.title })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Expand all, collapse all.
  await toolbar(page).getByRole("button", { name: "Expand all" }).click();
  await expect(outline(page).getByRole("treeitem")).toHaveCount(walkMindmap(map.nodes).length);
  await toolbar(page).getByRole("button", { name: "Collapse all" }).click();
  await expect(outline(page).getByRole("treeitem")).toHaveCount(map.nodes.length);
});

test("search highlights the matches, opens their branches and centres the first", async ({ page }) => {
  // A concept of a node two levels down, so that its branch has to open.
  const deep = walkMindmap(map.nodes).find(
    (walked) => walked.depth >= 2 && walked.node.relatedConcepts?.length,
  );
  expect(deep, "a node two levels down with a concept").toBeDefined();
  const concept = deep?.node.relatedConcepts?.[0] ?? "";
  const expected = searchMindmap(map.nodes, concept);
  await openMap(page);
  await toolbar(page).getByRole("searchbox", { name: "Search the map" }).fill(concept);
  await expect(toolbar(page).getByRole("status")).toHaveText(
    `${expected.length} ${expected.length === 1 ? "match" : "matches"}`,
  );
  await expect(canvas(page).locator("[data-match]")).toHaveCount(expected.length);
  await expect(outline(page).locator("[data-match]")).toHaveCount(expected.length);
  for (const id of ancestorIds(map.nodes, expected[0] as string))
    await expect(outline(page).locator(`[data-node-id="${id}"]`)).toHaveAttribute("aria-expanded", "true");
  const first = expected[0] as string;
  await expect.poll(async () => Math.round((await nodeOnCanvas(page, first)).x)).toBe(600);
  await expect.poll(async () => Math.round((await nodeOnCanvas(page, first)).y)).toBe(400);

  await toolbar(page).getByRole("searchbox", { name: "Search the map" }).fill("zzzz no such idea");
  await expect(toolbar(page).getByRole("status")).toHaveText("No matches");
  await expect(canvas(page).locator("[data-match]")).toHaveCount(0);
});

test("a node's panel plays its moment in the global player", async ({ page }) => {
  const node = map.nodes[0]?.children.find((child) => (child.time ?? 0) > 0) ?? timedNodes()[0];
  expect(node, "a timed node").toBeDefined();
  if (!node?.time) return;
  await openMap(page);
  await outline(page).locator(`[data-node-id="${node.id}"]`).click();
  const panel = page.getByRole("dialog", { name: node.title });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`At ${mmss(node.time)} in the episode`);
  if (node.summary) await expect(panel).toContainText(node.summary.slice(0, 40));
  await expect(panel.getByRole("heading", { name: "Related concepts" })).toBeVisible();
  await expectAccessible(page, "mind-map node panel");
  await panel.getByRole("button", { name: `Play from ${mmss(node.time)}` }).click();
  await expect(panel).toHaveCount(0);
  await expect(miniPlayer(page)).toContainText(MAPS);
  await expect
    .poll(async () =>
      spokenSeconds(await page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")),
    )
    .toBeGreaterThanOrEqual(node.time);
});

test("the outline works with the keyboard: arrows move and open, Enter plays", async ({ page }) => {
  await openMap(page);
  const root = map.nodes[0] as MindmapNode;
  const items = outline(page).getByRole("treeitem");
  const item = (id: string) => outline(page).locator(`[data-node-id="${id}"]`);
  await expect(items.first()).toHaveAttribute("tabindex", "0");
  await items.first().focus();
  await expect(item(root.id)).toHaveAttribute("aria-level", "1");
  await expect(item(root.id)).toHaveAttribute("aria-expanded", "true");
  // ← collapses the root, → opens it again, → again enters its first child.
  await page.keyboard.press("ArrowLeft");
  await expect(item(root.id)).toHaveAttribute("aria-expanded", "false");
  await expect(items).toHaveCount(1);
  await page.keyboard.press("ArrowRight");
  await expect(items).toHaveCount(1 + root.children.length);
  await page.keyboard.press("ArrowRight");
  const section = root.children.find((child) => child.children.length) ?? (root.children[0] as MindmapNode);
  const firstChild = root.children[0] as MindmapNode;
  await expect(item(firstChild.id)).toBeFocused();
  await expect(item(firstChild.id)).toHaveAttribute("aria-level", "2");
  await page.keyboard.press("End");
  await expect(item((root.children.at(-1) as MindmapNode).id)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(item(root.id)).toBeFocused();
  await item(section.id).focus();
  await page.keyboard.press("+");
  await expect(item(section.id)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  const leaf = section.children[0] as MindmapNode;
  await expect(item(leaf.id)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(item(section.id)).toBeFocused();
  await page.keyboard.press("-");
  await expect(item(section.id)).toHaveAttribute("aria-expanded", "false");
  // Space shows the details; Escape closes them.
  await page.keyboard.press(" ");
  await expect(page.getByRole("dialog", { name: section.title })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Focus comes back to the item the details were opened from. (It comes after the dialog has gone:
  // waiting for it keeps it from taking the focus back from the item focused next.)
  await expect(item(section.id)).toBeFocused();
  // Enter plays the moment.
  const timed = root.children.find((child) => (child.time ?? 0) > 0);
  expect(timed, "a timed section").toBeDefined();
  if (!timed?.time) return;
  await item(timed.id).focus();
  await expect(item(timed.id)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(miniPlayer(page)).toContainText(MAPS);
  await expect
    .poll(async () =>
      spokenSeconds(await page.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")),
    )
    .toBeGreaterThanOrEqual(timed.time);
});

async function download(page: Page, label: string) {
  await toolbar(page).getByRole("button", { name: "Export" }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: label }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), content: await readFile(path) };
}

test("exports: JSON, Markdown, text and a PNG of the current view", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await openMap(page);
  const json = await download(page, "JSON");
  expect(json.name).toMatch(/\.json$/);
  const parsed = JSON.parse(json.content.toString("utf8")) as EpisodeMindmap["mindmap"];
  expect(parsed.episodeTitle).toBe(MAPS);
  expect(parsed.nodes.length).toBeGreaterThan(0);

  const markdown = await download(page, "Markdown");
  expect(markdown.name).toMatch(/\.md$/);
  expect(markdown.content.toString("utf8").startsWith(`# ${MAPS}`)).toBe(true);

  const text = await download(page, "Text");
  expect(text.name).toMatch(/\.txt$/);
  const lines = text.content.toString("utf8").split("\n");
  expect(lines.length).toBeGreaterThan(2);
  expect(lines.some((line) => /^\s+\S/.test(line))).toBe(true);

  await toolbar(page).getByRole("button", { name: "Radial" }).click();
  await expect(canvas(page)).toHaveAttribute("data-view", "radial");
  const png = await download(page, "PNG image");
  expect(png.name).toMatch(/\.png$/);
  expect([...png.content.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // 2400 × 1600: the canvas at twice its size (IHDR width and height, big-endian).
  expect(png.content.readUInt32BE(16)).toBe(2400);
  expect(png.content.readUInt32BE(20)).toBe(1600);
  await expect(toast(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("a failing export says 'Export failed'", async ({ page }) => {
  await openMap(page);
  await page.evaluate(() => {
    HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
      callback(null);
    };
  });
  await toolbar(page).getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "PNG image" }).click();
  await expect(toast(page)).toContainText("Export failed");
});

test("a related concept leads to the node in another episode's map, or says it is nowhere else", async ({
  page,
  request,
}) => {
  test.slow();
  // Every demo map, to find a concept two episodes share (keyed as the server keys it).
  const search = await request.get("/api/v1/catalog/search?limit=24&sort=oldest");
  const { episodes } = (await search.json()) as { episodes: { id: string }[] };
  const holders = new Map<string, { episodeId: string; node: MindmapNode; concept: string }[]>();
  for (const { id } of episodes) {
    const response = await request.get(`/api/v1/episodes/${id}/mindmap`);
    if (response.status() !== 200) continue;
    const { mindmap } = (await response.json()) as EpisodeMindmap;
    for (const { node } of walkMindmap(mindmap.nodes)) {
      for (const concept of node.relatedConcepts ?? []) {
        const key = conceptKey(concept);
        holders.set(key, [...(holders.get(key) ?? []), { episodeId: id, node, concept }]);
      }
    }
  }
  const shared = [...holders.values()].find(
    (list) => new Set(list.map((holder) => holder.episodeId)).size > 1,
  );
  const lonely = walkMindmap(map.nodes)
    .flatMap(({ node }) => (node.relatedConcepts ?? []).map((concept) => ({ node, concept })))
    .find(({ concept }) => (holders.get(conceptKey(concept)) ?? []).every((h) => h.episodeId === episodeId));
  test.info().annotations.push({
    type: "concepts",
    description: `shared by two episodes: ${shared ? `“${shared[0]?.concept}”` : "none"}; only in ${MAPS}: ${lonely ? `“${lonely.concept}”` : "none"}`,
  });

  if (lonely) {
    await page.goto(`/mindmap/${episodeId}?node=${encodeURIComponent(lonely.node.id)}`);
    const panel = page.getByRole("dialog", { name: lonely.node.title });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("listitem").filter({ hasText: lonely.concept }).first()).toContainText(
      "Not in other episodes' maps yet.",
    );
    await page.keyboard.press("Escape");
  }
  const from = shared?.[0];
  const to = shared?.find((holder) => holder.episodeId !== from?.episodeId);
  if (!from || !to) return;
  await page.goto(`/mindmap/${from.episodeId}?node=${encodeURIComponent(from.node.id)}`);
  const panel = page.getByRole("dialog", { name: from.node.title });
  await expect(panel).toBeVisible();
  const link = panel
    .getByRole("list", { name: `Other episodes about ${from.concept}` })
    .getByRole("link", { name: to.node.title, exact: true })
    .first();
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(
      `/mindmap/${to.episodeId}\\?node=${encodeURIComponent(to.node.id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
    ),
  );
  await expect(page.getByRole("dialog", { name: to.node.title })).toBeVisible();
  await page.keyboard.press("Escape");
  // The linked node is selected in the outline and centred on the canvas.
  await expect(outline(page).locator(`[data-node-id="${to.node.id}"]`)).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect.poll(async () => Math.round((await nodeOnCanvas(page, to.node.id)).x)).toBe(600);
});

test("at 360 px: the outline first, a toggle to the canvas, no overflow, light and dark without errors", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, "Mind Mapper");
  await page.goto(`/mindmap/${episodeId}`);
  await expect(outline(page)).toBeVisible();
  await expect(canvas(page)).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Canvas", exact: true }).click();
  await expect(canvas(page)).toBeVisible();
  await expect(outline(page)).toBeHidden();
  await expectNoHorizontalOverflow(page);
  for (const theme of ["Light", "Dark"] as const) {
    await chooseTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme.toLowerCase()));
    await page.getByRole("button", { name: "Outline", exact: true }).click();
    await expect(outline(page)).toBeVisible();
    await expectAccessible(page, `mind map at 360 px, ${theme}`);
    await page.getByRole("button", { name: "Canvas", exact: true }).click();
    await expect(canvas(page)).toBeVisible();
  }
  expect(problems).toEqual([]);
});

/** Waits for the session event the page sends (a beacon) and returns its body. */
function sessionEvent(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/v1/mindmaps/events") && response.request().method() === "POST",
  );
}

/** Keeps a copy of every beacon's body (Playwright does not expose a beacon's Blob body). */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { __beacons: string[] }).__beacons = sent;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => sent.push(text));
      return original(url, data);
    };
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { __beacons: string[] }).__beacons.map((text) => JSON.parse(text) as unknown),
    );
}

test("one analytics event per session: on a view switch and on leaving the page", async ({ page }) => {
  const beacons = await recordBeacons(page);
  await openMap(page);
  const timed = map.nodes[0]?.children.find((child) => (child.time ?? 0) > 0) as MindmapNode;
  await outline(page).locator(`[data-node-id="${timed.id}"]`).click();
  await page
    .getByRole("dialog", { name: timed.title })
    .getByRole("button", { name: /^Play from / })
    .click();
  const first = sessionEvent(page);
  await toolbar(page).getByRole("button", { name: "Radial" }).click();
  expect((await first).status()).toBe(204);
  await expect
    .poll(beacons)
    .toEqual([
      expect.objectContaining({ episodeId, viewType: "tree", nodesExplored: 1, timestampsClicked: 1 }),
    ]);
  const second = sessionEvent(page);
  await page.getByRole("link", { name: "Episode", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/episode/${episodeId}$`));
  expect((await second).status()).toBe(204);
  await expect
    .poll(beacons)
    .toEqual([
      expect.objectContaining({ viewType: "tree" }),
      expect.objectContaining({ episodeId, viewType: "radial", nodesExplored: 0, timestampsClicked: 0 }),
    ]);
});

test("an anonymous session is sent when the tab is hidden, once", async ({ page }) => {
  const beacons = await recordBeacons(page);
  await openMap(page, "?view=graph");
  const sent = sessionEvent(page);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new PageTransitionEvent("pagehide"));
  });
  expect((await sent).status()).toBe(204);
  await expect.poll(beacons).toEqual([expect.objectContaining({ episodeId, viewType: "graph" })]);
});

/** The map answers 404 "no mind map yet" (as for an episode whose map was never generated). */
async function withoutMap(page: Page) {
  let isMissing = true;
  await page.route(`**/api/v1/episodes/${episodeId}/mindmap`, async (route) => {
    if (route.request().method() === "GET" && isMissing) {
      await route.fulfill({
        status: 404,
        json: { error: { code: "NOT_FOUND", message: "This episode has no mind map yet." } },
      });
      return;
    }
    isMissing = false;
    await route.fallback();
  });
}

test("no map yet: signed out gets a sign-in link; signed in generates one, with progress", async ({
  page,
}) => {
  await withoutMap(page);
  await page.goto(`/mindmap/${episodeId}`);
  const empty = page.getByRole("region", { name: "No mind map yet" });
  await expect(empty).toBeVisible();
  await expect(empty.getByRole("link", { name: "Sign in to generate a mind map" })).toHaveAttribute(
    "href",
    `/auth?redirect=${encodeURIComponent(`/mindmap/${episodeId}`)}`,
  );
  await signUpViaApi(page, "Map Maker");
  await page.reload();
  const generate = empty.getByRole("button", { name: "Generate mind map" });
  await generate.click();
  await expect(canvas(page).or(empty.getByRole("button", { name: "Generating mind map…" }))).toBeVisible();
  await expect(canvas(page)).toBeVisible({ timeout: 60_000 });
});

test("no map yet: a failed generation says 'Failed to generate mind map'", async ({ page }) => {
  await withoutMap(page);
  await page.route(`**/api/v1/episodes/${episodeId}/mindmap`, async (route) => {
    if (route.request().method() === "POST") {
      await route.fulfill({
        status: 502,
        json: { error: { code: "AI_UNAVAILABLE", message: "The AI is down." } },
      });
      return;
    }
    await route.fallback();
  });
  await signUpViaApi(page, "Map Maker");
  await page.goto(`/mindmap/${episodeId}`);
  await page.getByRole("button", { name: "Generate mind map" }).click();
  await expect(toast(page)).toContainText("Failed to generate mind map");
  await expect(page.getByRole("button", { name: "Generate mind map" })).toBeEnabled();
});

test("an unknown episode says so", async ({ page }) => {
  await page.goto("/mindmap/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Episode not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
});
