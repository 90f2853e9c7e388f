import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { ensureWebBuild } from "../scripts/web-build.ts";
import type { MindmapViewType } from "../src/domain/contract/mindmap.ts";
import { loadConfig } from "../src/server/config.ts";
import { findDatabaseUrl } from "../src/server/db/connect.ts";
import { getFreePort } from "../src/server/db/embedded.ts";
import { startServer } from "../src/server/main.ts";
import { chromiumArgs, resolveChromiumPath } from "../tests/e2e/support/chromium.ts";
import { generateSampleMindmap } from "../tests/support/mindmap-sample.ts";

/**
 * `npm run bench:mindmap [-- --runs 7 --nodes 500]` (decision 025): starts the production server on a
 * fresh embedded database with the demo catalog (as the e2e tests do), stores a generated N-node map
 * (tests/support/mindmap-sample.ts) for one demo episode straight into episode_mindmaps, and opens
 * /mindmap/{id} in the e2e Chromium (1280 × 800) for each view. Per run it measures:
 * - layout + first paint: "Expand all" from the one-level default to all N nodes, read from the
 *   page's own performance measure (layout start → two animation frames after the commit), and the
 *   outline's catch-up (a deferred render): click → every row listed, with the longest frame meanwhile;
 * - zoom (after the drag): "Zoom in" three times and "Zoom out" three times, each click to two frames
 *   later, and at 173 % in the first run, the canvas against itself with its layer demoted (crispness);
 * - panning, once the page has answered "Expand all" (outline included): a 2 s mouse drag across the canvas while a requestAnimationFrame loop records frame
 *   intervals; an interval over 1.5 × 16.7 ms counts as a dropped frame, and those among the drag's
 *   first 5 frames (after the press) are counted apart, next to the reference's.
 * The reference, measured in the same browser in the same run: a blank page that draws N plain SVG
 * circles with a text label each (same timing: start → two frames after), and pans them with the
 * same drag by setting one transform per mousemove. Prints median and p95 of each figure and each
 * median's ratio to the reference's, and the renderer main thread's busy time per frame during the
 * drag (CDP TaskDuration), a figure the machine's other load moves less than dropped frames.
 * `--views tree,radial` measures some views only; `--trace DIR` records a Chromium trace of each
 * view's drag in the first run (open it in chrome://tracing or Perfetto; `TRACE_EXTRA=cat,cat` adds
 * categories, e.g. disabled-by-default-devtools.timeline.invalidationTracking). Asserts nothing.
 */
// The DB module and the schemas are imported after the server has started: they build zod schemas
// that must come after main.ts's modules have extended zod for OpenAPI.
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    nodes: { type: "string", default: "500" },
    views: { type: "string", default: "tree,radial,graph" },
    // A directory: each view's drag of the first run is recorded as a Chromium trace there.
    trace: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const NODES = Number(values.nodes);
const PAN_MS = 2000;
const FRAME_MS = 1000 / 60;
/** The drag's first frames, where a layer's promotion or raster would cost (decision 025, sixth round). */
const START_FRAMES = 5;
const views = values.views.split(",") as MindmapViewType[];
const log = (line: string) => process.stdout.write(`${line}\n`);
/** The 1-minute load average: the machine is shared, so every figure is read next to it. */
const loadAverage = () => os.loadavg()[0]?.toFixed(2) ?? "?";
const loadAtStart = loadAverage();

const dataDir = path.join(os.tmpdir(), `earmark-bench-mindmap-${process.pid}`);
rmSync(dataDir, { recursive: true, force: true });
ensureWebBuild();
const port = await getFreePort();
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: "warn",
  DATABASE_URL: undefined,
});
log("Starting the server with the demo catalog…");
const server = await startServer(config);
const base = `http://127.0.0.1:${port}`;
let browser: Browser | undefined;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

/** Records rAF intervals while `drive` runs; returns dropped frames and the mean interval. */
async function measureFrames(page: Page, drive: () => Promise<void>) {
  // A string, not a function: tsx would wrap the named arrow in a __name() helper the page lacks.
  await page.evaluate(`(() => {
    const state = { intervals: [], ends: [], last: 0, pressedAt: 0, isRunning: true };
    window.__frames = state;
    // The drag starts at the press: the frames after it are the drag's first frames.
    window.addEventListener("pointerdown", (event) => { state.pressedAt = event.timeStamp; }, { capture: true, once: true });
    function loop(time) {
      if (state.last) {
        state.intervals.push(time - state.last);
        state.ends.push(time);
      }
      state.last = time;
      if (state.isRunning) requestAnimationFrame(loop);
    }
    requestAnimationFrame(loop);
  })()`);
  // The renderer main thread's busy time (CDP TaskDuration) during the drag, per frame: less
  // sensitive to the other processes on the machine than dropped frames are.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const taskSeconds = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((metric) => metric.name === "TaskDuration")
      ?.value ?? Number.NaN;
  const busyBefore = await taskSeconds();
  await drive();
  const busyMs = ((await taskSeconds()) - busyBefore) * 1000;
  await cdp.detach();
  const { intervals, ends, pressedAt } = await page.evaluate(() => {
    const state = (
      window as unknown as {
        __frames: { intervals: number[]; ends: number[]; pressedAt: number; isRunning: boolean };
      }
    ).__frames;
    state.isRunning = false;
    return state;
  });
  const isLong = (interval: number) => interval > FRAME_MS * 1.5;
  const dropped = intervals.filter(isLong).length;
  // Long frames among the first START_FRAMES frames that end after the press (where promoting or
  // rastering a layer for the drag would show).
  const startIndex = ends.findIndex((end) => end > pressedAt);
  const startLong =
    startIndex < 0
      ? Number.NaN
      : intervals.slice(startIndex, startIndex + START_FRAMES).filter(isLong).length;
  const mean = intervals.reduce((sum, interval) => sum + interval, 0) / Math.max(1, intervals.length);
  return {
    dropped,
    startLong,
    frames: intervals.length,
    mean,
    intervals,
    busyPerFrame: busyMs / Math.max(1, intervals.length),
  };
}

/** A mouse drag over the element's box, back and forth, for PAN_MS. */
async function drag(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  const y = box.y + box.height / 2;
  const left = box.x + box.width * 0.3;
  const width = box.width * 0.4;
  await page.mouse.move(left, y);
  await page.mouse.down();
  const started = Date.now();
  let step = 0;
  while (Date.now() - started < PAN_MS) {
    step += 1;
    const phase = (step % 60) / 60;
    await page.mouse.move(left + width * Math.abs(1 - 2 * phase), y + 20 * Math.sin(step / 9));
  }
  await page.mouse.up();
}

/**
 * The canvas as drawn against the same canvas after its layer is demoted (will-change removed for
 * two frames, then restored): the share of pixels that differ, and the ratio of their sharpness
 * (the sum of neighbouring pixels' differences; a layer rastered at a stale scale is blurrier, < 1).
 */
async function compareDemoted(page: Page) {
  const canvas = page.locator("svg[role=img]");
  const twoFrames = "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))";
  await page.evaluate(twoFrames);
  const promoted = await canvas.screenshot();
  const layer = await canvas.evaluateHandle((svg) => svg.parentElement as HTMLElement);
  const before = await layer.evaluate((element) => {
    const value = element.style.willChange;
    element.style.willChange = "auto";
    return value;
  });
  await page.evaluate(twoFrames);
  const plain = await canvas.screenshot();
  await layer.evaluate((element, value) => {
    element.style.willChange = value;
  }, before);
  const [a, b] = await Promise.all(
    [promoted, plain].map((png) => sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!a || !b || a.data.length !== b.data.length) return { differing: Number.NaN, sharpness: Number.NaN };
  const { width } = a.info;
  const sharpnessOf = (data: Buffer) => {
    let sum = 0;
    for (let i = 0; i + width + 1 < data.length; i++)
      sum +=
        Math.abs((data[i + 1] as number) - (data[i] as number)) +
        Math.abs((data[i + width] as number) - (data[i] as number));
    return sum;
  };
  let differing = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) differing += 1;
  return { differing: differing / a.data.length, sharpness: sharpnessOf(a.data) / sharpnessOf(b.data) };
}

/** What a trace records: the main thread's tasks, frames, paint and raster, GC. */
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "toplevel",
  "blink",
  "cc",
  "v8",
  "disabled-by-default-v8.gc",
  "benchmark",
  ...(process.env.TRACE_EXTRA ? process.env.TRACE_EXTRA.split(",") : []),
];

const REFERENCE_HTML = `<!doctype html><html><body style="margin:0;background:#111">
<svg id="ref" viewBox="0 0 1200 800" style="display:block;width:900px;height:600px"><g id="scene"></g></svg>
<script>
  window.drawReference = (count) => new Promise((resolve) => {
    const scene = document.getElementById("scene");
    scene.textContent = "";
    const start = performance.now();
    const ns = "http://www.w3.org/2000/svg";
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < count; i++) {
      const g = document.createElementNS(ns, "g");
      g.setAttribute("transform", "translate(" + (random() * 1200) + "," + (random() * 800) + ")");
      const circle = document.createElementNS(ns, "circle");
      circle.setAttribute("r", "5");
      circle.setAttribute("fill", "#8b9cf7");
      const text = document.createElementNS(ns, "text");
      text.setAttribute("x", "9");
      text.setAttribute("font-size", "12");
      text.setAttribute("fill", "#eee");
      text.textContent = "Idea number " + i;
      g.append(circle, text);
      scene.append(g);
    }
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
  });
  let dragging = null;
  const svg = document.getElementById("ref");
  svg.addEventListener("mousedown", (e) => { dragging = { x: e.clientX, y: e.clientY }; });
  window.addEventListener("mouseup", () => { dragging = null; });
  window.addEventListener("mousemove", (e) => {
    if (!dragging) return;
    document.getElementById("scene").setAttribute("transform", "translate(" + (e.clientX - dragging.x) + "," + (e.clientY - dragging.y) + ")");
  });
</script></body></html>`;

try {
  // The demo catalog is in (startServer waited for it): pick its first episode and give it the big map.
  const search = (await (await fetch(`${base}/api/v1/catalog/search?limit=1&sort=oldest`)).json()) as {
    episodes: { id: string; title: string }[];
  };
  const episode = search.episodes[0];
  if (!episode) throw new Error("The demo catalog is empty.");
  const sample = generateSampleMindmap(NODES, episode.title);
  const url = await findDatabaseUrl(config);
  if (!url) throw new Error("No database URL.");
  const { createDatabase } = await import("../src/server/db/client.ts");
  const { episodeMindmaps } = await import("../src/server/db/schema/learning.ts");
  const db = createDatabase(url, { max: 1 });
  await db
    .insert(episodeMindmaps)
    .values({ episodeId: episode.id, mindmapData: sample })
    .onConflictDoUpdate({
      target: episodeMindmaps.episodeId,
      set: { mindmapData: sample, updatedAt: new Date() },
    });
  await db.$client.end();
  log(`Stored a ${NODES}-node map for “${episode.title}”.`);

  browser = await chromium.launch({ executablePath: await resolveChromiumPath(), args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

  const reference = {
    paint: [] as number[],
    dropped: [] as number[],
    startLong: [] as number[],
    mean: [] as number[],
    busy: [] as number[],
  };
  const results = new Map(
    views.map((view) => [
      view,
      {
        paint: [] as number[],
        layout: [] as number[],
        outline: [] as number[],
        expandLongest: [] as number[],
        dropped: [] as number[],
        startLong: [] as number[],
        mean: [] as number[],
        busy: [] as number[],
        drawn: [] as number[],
        settled: [] as number[],
        zoom: [] as number[],
        crisp: [] as { differing: number; sharpness: number }[],
      },
    ]),
  );
  for (let run = 0; run < RUNS; run++) {
    const blank = await context.newPage();
    await blank.setContent(REFERENCE_HTML);
    reference.paint.push(
      await blank.evaluate(
        (count) =>
          (window as unknown as { drawReference: (n: number) => Promise<number> }).drawReference(count),
        NODES,
      ),
    );
    const refFrames = await measureFrames(blank, () => drag(blank, "#ref"));
    reference.dropped.push(refFrames.dropped);
    reference.startLong.push(refFrames.startLong);
    reference.mean.push(refFrames.mean);
    reference.busy.push(refFrames.busyPerFrame);
    await blank.close();

    for (const view of views) {
      const page = await context.newPage();
      await page.goto(`${base}/mindmap/${episode.id}?view=${view}`);
      await page.getByRole("img", { name: /^Mind map of / }).waitFor();
      await page.evaluate(() => performance.clearMeasures("mindmap:layout-to-paint"));
      // The longest frame from the click until the outline (a deferred render) lists every node.
      await page.evaluate(`(() => {
        const state = { longest: 0, last: 0, clickedAt: 0, isRunning: true };
        window.__expand = state;
        window.addEventListener("click", (event) => { state.clickedAt = event.timeStamp; }, { capture: true, once: true });
        function loop(time) {
          if (state.last) state.longest = Math.max(state.longest, time - state.last);
          state.last = time;
          if (state.isRunning) requestAnimationFrame(loop);
        }
        requestAnimationFrame(loop);
      })()`);
      await page.getByRole("button", { name: "Expand all" }).click();
      await page.waitForFunction(() => performance.getEntriesByName("mindmap:layout-to-paint").length > 0);
      // The drag starts once the page has finished answering the click: the outline beside the
      // canvas follows the expanded set in a deferred render (decision 025, seventh round), and its
      // commit is the expand's cost, reported here, not the pan's.
      await page.waitForFunction(
        (count) => document.querySelectorAll("[role=tree] [role=treeitem]").length >= count,
        NODES,
      );
      const expand = (await page.evaluate(`new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => {
          const state = window.__expand;
          state.isRunning = false;
          resolve({ outline: performance.now() - state.clickedAt, longest: state.longest });
        })))`)) as { outline: number; longest: number };
      results.get(view)?.outline.push(expand.outline);
      results.get(view)?.expandLongest.push(expand.longest);
      const timing = (await page.evaluate(`(() => {
        const at = (name) => performance.getEntriesByName(name).at(-1)?.startTime ?? Number.NaN;
        return {
          paint: performance.getEntriesByName("mindmap:layout-to-paint").at(-1)?.duration ?? Number.NaN,
          layout: at("mindmap:layout:end") - at("mindmap:layout:start"),
        };
      })()`)) as { paint: number; layout: number };
      results.get(view)?.paint.push(timing.paint);
      results.get(view)?.layout.push(timing.layout);
      // Every node is laid out; a dense map draws those near the view (culling, decision 025).
      const laidOut = Number(await page.locator("svg[role=img]").getAttribute("data-node-count"));
      if (laidOut !== NODES) throw new Error(`${view}: ${laidOut} nodes laid out, expected ${NODES}`);
      results.get(view)?.drawn.push(await page.locator("svg[role=img] [data-node-id]").count());
      if (view === "graph") {
        // The force simulation runs in a worker: the seed is the first paint, this is the settled one.
        await page.waitForFunction(
          () => performance.getEntriesByName("mindmap:layout-to-settled").length > 0,
        );
        results
          .get(view)
          ?.settled.push(
            (await page.evaluate(
              () => performance.getEntriesByName("mindmap:layout-to-settled").at(-1)?.duration ?? Number.NaN,
            )) as number,
          );
      }
      const isTraced = values.trace !== undefined && run === 0;
      if (isTraced)
        await browser.startTracing(page, {
          path: path.join(values.trace as string, `mindmap-${view}.json`),
          categories: TRACE_CATEGORIES,
        });
      const frames = await measureFrames(page, () => drag(page, "svg[role=img]"));
      if (isTraced) await browser.stopTracing();
      if (isTraced)
        log(`  ${view}: frame intervals ${frames.intervals.map((ms) => ms.toFixed(0)).join(" ")}`);
      results.get(view)?.dropped.push(frames.dropped);
      results.get(view)?.startLong.push(frames.startLong);
      results.get(view)?.mean.push(frames.mean);
      results.get(view)?.busy.push(frames.busyPerFrame);
      // Zoom (after the drag, so the drag starts as a user's would, after "Expand all"): "Zoom in"
      // three times, then "Zoom out" three times (100 % → 173 % → 100 %, across the 150 % level-of-
      // detail step), each from the click to two frames later. At 173 % in the first run, the canvas
      // as drawn is compared with the same canvas after its layer is demoted (no will-change): a
      // promoted layer may keep its raster scale, which would show as blurrier text after a zoom.
      for (const [step, name] of [
        "Zoom in",
        "Zoom in",
        "Zoom in",
        "Zoom out",
        "Zoom out",
        "Zoom out",
      ].entries()) {
        if (run === 0 && step === 3) results.get(view)?.crisp.push(await compareDemoted(page));
        const ms = (await page.evaluate(`new Promise((resolve) => {
          const button = document.querySelector('button[aria-label="${name}"]');
          const start = performance.now();
          button.click();
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
        })`)) as number;
        results.get(view)?.zoom.push(ms);
      }
      await page.close();
    }
    log(`  run ${run + 1}/${RUNS} done (load average ${loadAverage()})`);
  }

  const refPaint = quantile(reference.paint, 0.5);
  const refDropped = quantile(reference.dropped, 0.5);
  const refMean = quantile(reference.mean, 0.5);
  log(`\nMind map, ${NODES} nodes, all expanded; ${RUNS} runs; Chromium headless, 1280 × 800`);
  log(`load average (1 min): ${loadAtStart} at the start, ${loadAverage()} at the end`);
  log("figure                         median     p95   ratio to reference (median)");
  log(
    `reference  paint ${NODES} circles  ${fixed(refPaint).padStart(7)} ms ${fixed(quantile(reference.paint, 0.95)).padStart(6)} ms`,
  );
  log(
    `reference  pan dropped frames  ${fixed(refDropped, 0).padStart(7)}    ${fixed(quantile(reference.dropped, 0.95), 0).padStart(6)}     (mean frame ${fixed(refMean)} ms)`,
  );
  const startFigure = (counts: number[]) =>
    `${String(counts.reduce((sum, count) => sum + count, 0)).padStart(7)} of ${counts.length * START_FRAMES} (per run: ${counts.join(" ")})`;
  log(`reference  pan long in first ${START_FRAMES} ${startFigure(reference.startLong)}`);
  const refBusy = quantile(reference.busy, 0.5);
  log(
    `reference  pan main thread     ${fixed(refBusy, 2).padStart(7)} ms ${fixed(quantile(reference.busy, 0.95), 2).padStart(6)} ms per frame`,
  );
  for (const view of views) {
    const result = results.get(view);
    if (!result) continue;
    const paint = quantile(result.paint, 0.5);
    const dropped = quantile(result.dropped, 0.5);
    const mean = quantile(result.mean, 0.5);
    log(
      `${view.padEnd(7)} layout + paint       ${fixed(paint).padStart(7)} ms ${fixed(quantile(result.paint, 0.95)).padStart(6)} ms  ×${fixed(paint / refPaint, 2)}`,
    );
    log(
      `${view.padEnd(7)}   of which layout    ${fixed(quantile(result.layout, 0.5)).padStart(7)} ms ${fixed(quantile(result.layout, 0.95)).padStart(6)} ms`,
    );
    log(
      `${view.padEnd(7)}   outline ready      ${fixed(quantile(result.outline, 0.5)).padStart(7)} ms ${fixed(quantile(result.outline, 0.95)).padStart(6)} ms  (click → every row listed; longest frame ${fixed(quantile(result.expandLongest, 0.5))} ms, p95 ${fixed(quantile(result.expandLongest, 0.95))} ms)`,
    );
    log(
      `${view.padEnd(7)} zoom button → paint ${fixed(quantile(result.zoom, 0.5)).padStart(7)} ms ${fixed(quantile(result.zoom, 0.95)).padStart(6)} ms`,
    );
    for (const crisp of result.crisp)
      log(
        `${view.padEnd(7)}   at 173 % against the demoted layer: sharpness ×${fixed(crisp.sharpness, 3)}, ${fixed(crisp.differing * 100, 2)} % of pixels differ`,
      );
    log(`${view.padEnd(7)}   nodes drawn        ${fixed(quantile(result.drawn, 0.5), 0).padStart(7)}`);
    if (result.settled.length)
      log(
        `${view.padEnd(7)}   settled (worker)   ${fixed(quantile(result.settled, 0.5)).padStart(7)} ms ${fixed(quantile(result.settled, 0.95)).padStart(6)} ms`,
      );
    log(
      `${view.padEnd(7)} pan dropped frames   ${fixed(dropped, 0).padStart(7)}    ${fixed(quantile(result.dropped, 0.95), 0).padStart(6)}     ${refDropped ? `×${fixed(dropped / refDropped, 2)}` : `+${fixed(dropped - refDropped, 0)}`} (mean frame ${fixed(mean)} ms, ×${fixed(mean / refMean, 2)})`,
    );
    log(
      `${view.padEnd(7)}   long in first ${START_FRAMES}  ${startFigure(result.startLong)}; reference ${reference.startLong.reduce((sum, count) => sum + count, 0)}`,
    );
    const busy = quantile(result.busy, 0.5);
    log(
      `${view.padEnd(7)}   main thread        ${fixed(busy, 2).padStart(7)} ms ${fixed(quantile(result.busy, 0.95), 2).padStart(6)} ms per frame  ×${fixed(busy / refBusy, 2)}`,
    );
  }
  log("Targets (decision 025): layout + paint ≤ 100 ms; panning at 60 fps (no dropped frames).");
} finally {
  await browser?.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
