import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { isAppRoute } from "../domain/routes.ts";
import type { AppEnv } from "./context.ts";

export const webDistDir = path.resolve(import.meta.dirname, "../../dist/web");
/** Demo catalog media (cover art; later feeds and audio), served under /demo/. */
export const demoFixturesDir = path.resolve(import.meta.dirname, "../../fixtures/demo");

/** Tags for a page's HTML head (Open Graph and Twitter card) so a pasted link previews. */
export type PageHead = { title: string; description: string; image: string | null; url: string };
/** Answers the head of a page path, or null to keep index.html's default head. */
export type PageHeadResolver = (pathname: string) => Promise<PageHead | null>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * index.html with the page's canonical URL and og:/twitter: tags (title, description, image), all
 * escaped. The document title is left to the SPA, which reads index.html's own as the site default.
 */
export function renderPageHead(html: string, head: PageHead): string {
  const attr = (name: string, key: string, value: string) =>
    `<meta ${name}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    attr("property", "og:type", "website"),
    attr("property", "og:site_name", "Earmark"),
    attr("property", "og:title", head.title),
    attr("property", "og:description", head.description),
    attr("property", "og:url", head.url),
    ...(head.image ? [attr("property", "og:image", head.image)] : []),
    attr("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    attr("name", "twitter:title", head.title),
    attr("name", "twitter:description", head.description),
    ...(head.image ? [attr("name", "twitter:image", head.image)] : []),
  ].join("");
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `${tags}</head>`);
  // A document without an explicit head: its implied head ends where the title does.
  if (/<\/title>/i.test(html)) return html.replace(/<\/title>/i, () => `</title>${tags}`);
  return `${tags}${html}`;
}

/**
 * Serves the built SPA: hashed assets cached forever, index.html revalidated, and every other
 * GET answered with index.html (history fallback) — with status 404 when the path is no screen
 * of the product, so the SPA shows its 404 page and crawlers see the truth.
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  distDir = webDistDir,
  options: { pageHead?: PageHeadResolver } = {},
): void {
  const indexFile = path.join(distDir, "index.html");
  const root = path.relative(process.cwd(), distDir) || ".";

  app.use(
    "/demo/*",
    serveStatic({
      root: path.relative(process.cwd(), demoFixturesDir) || ".",
      rewriteRequestPath: (requestPath) => requestPath.replace(/^\/demo/, ""),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=86400"),
    }),
  );
  app.use(
    "/assets/*",
    serveStatic({
      root,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  app.use(
    "*",
    serveStatic({
      root,
      rewriteRequestPath: (requestPath) => (requestPath === "/" ? "/__no_index__" : requestPath),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    }),
  );

  let indexHtml: string | undefined;
  app.get("*", async (c) => {
    if (!existsSync(indexFile)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    indexHtml ??= readFileSync(indexFile, "utf8");
    c.header("Cache-Control", "no-cache");
    const pathname = c.req.path;
    if (!isAppRoute(pathname)) {
      c.get("logger").warn({ path: pathname }, "404: no such page");
      return c.html(indexHtml, 404);
    }
    let head: PageHead | null = null;
    try {
      head = (await options.pageHead?.(pathname)) ?? null;
    } catch (error) {
      // A preview is a nicety: the page itself must still load.
      c.get("logger").error({ err: error, path: pathname }, "page head lookup failed");
    }
    return c.html(head ? renderPageHead(indexHtml, head) : indexHtml, 200);
  });
}
