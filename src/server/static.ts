import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { isAppRoute } from "../domain/routes.ts";
import type { AppEnv } from "./context.ts";

export const webDistDir = path.resolve(import.meta.dirname, "../../dist/web");
/** Demo catalog media (cover art; later feeds and audio), served under /demo/. */
export const demoFixturesDir = path.resolve(import.meta.dirname, "../../fixtures/demo");

/**
 * Serves the built SPA: hashed assets cached forever, index.html revalidated, and every other
 * GET answered with index.html (history fallback) — with status 404 when the path is no screen
 * of the product, so the SPA shows its 404 page and crawlers see the truth.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir = webDistDir): void {
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
  app.get("*", (c) => {
    if (!existsSync(indexFile)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    indexHtml ??= readFileSync(indexFile, "utf8");
    c.header("Cache-Control", "no-cache");
    const pathname = c.req.path;
    if (isAppRoute(pathname)) return c.html(indexHtml, 200);
    c.get("logger").warn({ path: pathname }, "404: no such page");
    return c.html(indexHtml, 404);
  });
}
