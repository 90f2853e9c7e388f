import { copyFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";

/** Installability as the server sends it (decision 036): the manifest, its icons, the worker, the offline page. */
const publicDir = path.resolve(import.meta.dirname, "../web/public");
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  for (const file of ["manifest.webmanifest", "offline.html", "icon-192.png"]) {
    await copyFile(path.join(publicDir, file), path.join(server.webDir, file));
  }
  await writeFile(path.join(server.webDir, "sw.js"), "self.addEventListener('fetch', () => {});");
});
afterAll(() => server.stop());

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

describe("the web app manifest", () => {
  it("is served as application/manifest+json with what installation needs", async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: "Earmark",
      short_name: "Earmark",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("names icons that exist at their stated sizes: 192 and 512 for any use, and a maskable one", async () => {
    const manifest = JSON.parse(
      await import("node:fs/promises").then((fs) =>
        fs.readFile(path.join(publicDir, "manifest.webmanifest"), "utf8"),
      ),
    ) as Manifest;
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(purposes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) {
      const { width, height, format } = await sharp(path.join(publicDir, icon.src)).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format, icon.src).toBe("png");
    }
    const icon = await fetch(`${server.url}/icon-192.png`);
    expect(icon.headers.get("content-type")).toBe("image/png");
  });
});

describe("the service worker and its offline page", () => {
  it("serves /sw.js as JavaScript that is revalidated on every update check", async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves the offline page itself, while other HTML files stay behind the history fallback", async () => {
    const offline = await fetch(`${server.url}/offline.html`);
    expect(offline.status).toBe(200);
    expect(offline.headers.get("cache-control")).toBe("no-cache");
    expect(await offline.text()).toContain("You're offline");
    const index = await fetch(`${server.url}/index.landing.html`);
    expect(await index.text()).not.toContain("data-prerendered");
  });
});
