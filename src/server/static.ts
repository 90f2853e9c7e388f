import { existsSync, readFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import { isAppRoute } from "../domain/routes.ts";
import { SESSION_COOKIE_PREFIX } from "./auth/auth.ts";
import type { AppEnv } from "./context.ts";

export const webDistDir = path.resolve(import.meta.dirname, "../../dist/web");
/** Demo catalog media (cover art; later feeds and audio), served under /demo/. */
export const demoFixturesDir = path.resolve(import.meta.dirname, "../../fixtures/demo");

/** Tags for a page's HTML head (Open Graph and Twitter card) so a pasted link previews. */
export type PageHead = {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** og:type; "website" unless given. */
  type?: "website" | "article";
  /** When set, replaces the document <title> and the default meta description (a post's meta_title). */
  documentTitle?: string;
};
/** Answers the head of a page path, or null to keep index.html's default head. */
export type PageHeadResolver = (pathname: string) => Promise<PageHead | null>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * index.html with the page's canonical URL and og:/twitter: tags (title, description, image), all
 * escaped. The document title is left to the SPA, which reads index.html's own as the site default,
 * unless the head names one (`documentTitle`): then the title and the meta description are replaced.
 */
export function renderPageHead(source: string, head: PageHead): string {
  let html = source;
  if (head.documentTitle !== undefined) {
    const title = escapeHtml(head.documentTitle);
    const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
    html = html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`);
    html = /<meta\s+name="description"[^>]*>/i.test(html)
      ? html.replace(/<meta\s+name="description"[^>]*>/i, () => description)
      : html.replace(/<\/title>/i, () => `</title>${description}`);
  }
  const attr = (name: string, key: string, value: string) =>
    `<meta ${name}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    attr("property", "og:type", head.type ?? "website"),
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

/** The prerendered signed-out landing page, written by the build next to index.html (decision 012). */
export const LANDING_HTML = "index.landing.html";
/** better-auth's session cookie (`earmark.session_token`, `__Secure-earmark.session_token` over HTTPS). */
const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;
/** Built text files; the build writes `.br` and `.gz` beside them (scripts/vite-landing.ts). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type EncodingName = (typeof ENCODINGS)[number]["name"];

/**
 * The precompressed encodings a request accepts, best first: `br` before `gzip` unless the client
 * ranks them otherwise; `q=0` refuses one, `*` accepts any not named.
 */
export function acceptedEncodings(header: string | undefined): EncodingName[] {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  return ENCODINGS.map(({ name }) => ({ name, weight: weights.get(name) ?? weights.get("*") ?? 0 }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .map(({ name }) => name);
}

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((cookie) => {
    const name = cookie.split("=")[0]?.trim() ?? "";
    return name === SESSION_COOKIE || name === `__Secure-${SESSION_COOKIE}`;
  });
}

type BuiltFile = { body: Buffer; encoding: EncodingName | null; modified: Date };

/**
 * A file of the build, in the best precompressed form the request accepts (else as it is), or null
 * when there is no such file. The Vary header is the caller's: it knows what else the answer depends on.
 */
async function readBuiltFile(file: string, acceptEncoding: string | undefined): Promise<BuiltFile | null> {
  if (COMPRESSIBLE.test(file)) {
    for (const name of acceptedEncodings(acceptEncoding)) {
      const encoded = ENCODINGS.find((encoding) => encoding.name === name);
      const found = encoded && (await readIfFile(file + encoded.suffix));
      if (found) return { ...found, encoding: name };
    }
  }
  const found = await readIfFile(file);
  return found && { ...found, encoding: null };
}

async function readIfFile(file: string): Promise<{ body: Buffer; modified: Date } | null> {
  try {
    const stats = await stat(file);
    if (!stats.isFile()) return null;
    return { body: await readFile(file), modified: stats.mtime };
  } catch {
    return null;
  }
}

function sendBuiltFile(c: Context<AppEnv>, file: string, found: BuiltFile, status: 200 | 404 = 200) {
  c.header("Content-Type", getMimeType(file) ?? "application/octet-stream");
  if (found.encoding) c.header("Content-Encoding", found.encoding);
  c.header("Last-Modified", found.modified.toUTCString());
  return c.body(new Uint8Array(found.body), status);
}

/** Pages the service worker keeps (decision 036): it fetches them again whenever it updates. */
const OFFLINE_PAGE = "/offline.html";
const ALWAYS_REVALIDATED = new Set(["/sw.js", OFFLINE_PAGE, "/manifest.webmanifest"]);

/**
 * Hashed assets never change; the service worker must be revalidated on every check (else a fix
 * would wait for the HTTP cache), as must what it precaches and the manifest; other files an hour.
 */
function cacheControlOf(requestPath: string): string {
  if (requestPath.startsWith("/assets/")) return "public, max-age=31536000, immutable";
  if (ALWAYS_REVALIDATED.has(requestPath)) return "no-cache";
  return "public, max-age=3600";
}

/** A request path as a file inside `distDir`, or null when it could leave it or names no servable file. */
function builtFilePath(distDir: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (/(^|[/\\])\.\.?($|[/\\])|\\|\0/.test(decoded)) return null;
  // HTML documents are answered by the history fallback (except the service worker's offline page);
  // compressed copies only through Accept-Encoding.
  if (/\.(html|br|gz)$/.test(decoded) && decoded !== OFFLINE_PAGE) return null;
  const file = path.join(distDir, decoded);
  return file.startsWith(distDir + path.sep) ? file : null;
}

/**
 * Serves the built SPA: hashed assets cached forever, other files for an hour, each precompressed
 * (br, else gzip) when the request accepts it; every other GET is answered with index.html (history
 * fallback) — with status 404 when the path is no screen of the product, so the SPA shows its 404
 * page and crawlers see the truth. "/" without a session cookie gets the prerendered landing page
 * instead (decision 012).
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  distDir = webDistDir,
  options: { pageHead?: PageHeadResolver } = {},
): void {
  const indexFile = path.join(distDir, "index.html");
  const landingFile = path.join(distDir, LANDING_HTML);

  app.use(
    "/demo/*",
    serveStatic({
      root: path.relative(process.cwd(), demoFixturesDir) || ".",
      rewriteRequestPath: (requestPath) => requestPath.replace(/^\/demo/, ""),
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=86400"),
    }),
  );

  app.get("*", async (c, next) => {
    const file = c.req.path === "/" ? null : builtFilePath(distDir, c.req.path);
    const found = file && (await readBuiltFile(file, c.req.header("accept-encoding")));
    if (!file || !found) return next();
    if (COMPRESSIBLE.test(file)) c.header("Vary", "Accept-Encoding");
    c.header("Cache-Control", cacheControlOf(c.req.path));
    return sendBuiltFile(c, file, found);
  });
  // An asset that is not there is a 404, never the SPA (a stale page asking for an old chunk).
  app.get("/assets/*", (c) => c.text("Not found", 404));

  let indexHtml: string | undefined;
  app.get("*", async (c) => {
    if (!existsSync(indexFile)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", "no-cache");
    const pathname = c.req.path;
    if (pathname === "/") {
      // Signed-out visitors get the prerendered landing; the answer depends on the cookie.
      c.header("Vary", "Cookie, Accept-Encoding");
      if (!hasSessionCookie(c.req.header("cookie"))) {
        const landing = await readBuiltFile(landingFile, c.req.header("accept-encoding"));
        if (landing) return sendBuiltFile(c, landingFile, landing);
      }
    }
    indexHtml ??= readFileSync(indexFile, "utf8");
    // The access log records the 404; one line per request is enough.
    if (!isAppRoute(pathname)) return c.html(indexHtml, 404);
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
