import { createHash } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context.ts";
import { matchesEtag } from "./prebuilt.ts";

/** Revalidate every time (a 304 costs no body): for answers a user's action can change at once. */
export const REVALIDATE = "public, no-cache";
/** Lists that change when the catalog does: browsers and proxies may keep them a minute. */
export const SHORT_LIST = "public, max-age=60, stale-while-revalidate=300";
/** A published episode's transcript or chapters: once there, they hardly ever change. */
export const LONG_LIVED = "public, max-age=86400, stale-while-revalidate=604800";
/** What a signed-in user's copy of a personalised answer gets: only their browser may keep it. */
export const PERSONAL = "private, no-cache";

type Policy = string | ((c: Context<AppEnv>) => string);

/** The weak ETag of a body (a hash of its bytes; a string is hashed as the UTF-8 it is sent as). */
export function bodyEtag(body: string | Uint8Array): string {
  // Weak: compression (outside this middleware) changes the bytes, not the meaning.
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * ETag, `If-None-Match` → 304 and Cache-Control for a public GET (decision 034). The tag is a hash
 * of the body the handler produced, so it needs no version column and cannot go stale; the hash of
 * a 5 KB body costs ~10 µs. A handler may set its own Cache-Control (it knows the body: a missing
 * transcript must not be kept a day). `isPersonal`: the body depends on who is signed in (a podcast's
 * "followed"), so a signed-in answer is `private` and every answer says `Vary: Cookie` — a shared
 * cache never hands one person's answer to another. A handler that holds its body as text may set
 * the ETag itself (`bodyEtag`, e.g. `cachedJson` in routes/catalog.ts); then the body is not read
 * back through web streams to hash it, which cost more than the hash (decision 040, second round).
 */
export function httpCache(policy: Policy, { isPersonal = false }: { isPersonal?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const res = c.res;
    if (res.status !== 200 || (c.req.method !== "GET" && c.req.method !== "HEAD")) return;
    // A tag the handler set is kept; otherwise the body is read back and hashed.
    let body: Uint8Array<ArrayBuffer> | null = null;
    let etag = res.headers.get("ETag");
    if (!etag) {
      body = new Uint8Array(await res.arrayBuffer());
      etag = bodyEtag(body);
    }
    const cacheControl =
      isPersonal && c.get("user")
        ? PERSONAL
        : (res.headers.get("Cache-Control") ?? (typeof policy === "string" ? policy : policy(c)));
    // Untouched body: set the headers in place (the response stays on @hono/node-server's fast path).
    const headers = body ? new Headers(res.headers) : res.headers;
    headers.set("Cache-Control", cacheControl);
    headers.set("ETag", etag);
    if (isPersonal) headers.set("Vary", headers.has("Vary") ? `${headers.get("Vary")}, Cookie` : "Cookie");
    const tag = etag.replace(/^W\//, "");
    if (matchesEtag(c.req.header("If-None-Match"), tag)) {
      const notModified = new Headers(headers);
      notModified.delete("Content-Type");
      notModified.delete("Content-Length");
      // Setting c.res merges the old response's headers into the new one: clear it first.
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers: notModified });
      return;
    }
    if (!body) return;
    c.res = undefined;
    c.res = new Response(body, { status: 200, headers });
  });
}
