import { promisify } from "node:util";
import zlib from "node:zlib";
import { createMiddleware } from "hono/factory";

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);

/** Below this many bytes a body is sent as it is: compression would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Bodies up to this size are compressed synchronously (a 14 KB JSON answer takes ~0.25 ms); larger
 * ones in zlib's thread pool, so a big asset does not hold up the other requests.
 */
const SYNC_LIMIT_BYTES = 64 * 1024;

/** Text types worth compressing (Hono's list, shortened to what a web app sends; not event streams). */
const COMPRESSIBLE_TYPE =
  /^\s*(?:text\/(?!event-stream(?:[;\s]|$))[^;\s]+|application\/(?:json|javascript|ecmascript|xml|x-javascript|[^;\s]+\+(?:json|xml))|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon)|font\/(?:otf|ttf))(?:[;\s]|$)/i;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** gzip when the client accepts it (any q > 0), else deflate, else nothing. */
export function chooseEncoding(acceptEncoding: string | undefined): "gzip" | "deflate" | null {
  if (!acceptEncoding) return null;
  let wildcard: number | null = null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(value) ? value : 0;
    if (name === "*") wildcard = weight;
    else q.set(name, weight);
  }
  const weightOf = (encoding: string) => q.get(encoding) ?? wildcard ?? 0;
  const gzipWeight = weightOf("gzip");
  const deflateWeight = weightOf("deflate");
  if (gzipWeight > 0 && gzipWeight >= deflateWeight) return "gzip";
  if (deflateWeight > 0) return "deflate";
  return null;
}

/**
 * Compresses text responses (JSON, HTML, JS, CSS, SVG…) with gzip or deflate, by the same rules as
 * Hono's compress middleware (which it replaces: decision 021, "The request pipeline"): not for 206,
 * HEAD, `Cache-Control: no-transform`, a body already encoded, or under 1 KB; `Vary:
 * Accept-Encoding` on every compressible response. Hono's version pipes every body through a web
 * CompressionStream — ~1.8 ms for the 14 KB leaderboard answer, and it compressed even tiny JSON
 * answers (they carry no Content-Length) — where node:zlib on the whole body takes ~0.25 ms. Every
 * body this server sends is already complete in memory (strings and files read whole), so reading
 * it whole costs nothing extra.
 */
export const compress = () =>
  createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    if (
      res.status === 206 ||
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 304 ||
      res.headers.has("Content-Encoding") ||
      res.headers.has("Transfer-Encoding") ||
      !COMPRESSIBLE_TYPE.test(res.headers.get("Content-Type") ?? "") ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const length = res.headers.get("Content-Length");
    if (length && Number(length) < COMPRESS_THRESHOLD_BYTES) return;
    const vary = res.headers.get("Vary");
    if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    // Only now is the body read (reading it makes @hono/node-server build a full Response).
    const body = Buffer.from(await res.arrayBuffer());
    let out: Uint8Array<ArrayBuffer> = body as Uint8Array<ArrayBuffer>;
    if (body.byteLength >= COMPRESS_THRESHOLD_BYTES) {
      if (body.byteLength <= SYNC_LIMIT_BYTES)
        out = (encoding === "gzip" ? zlib.gzipSync(body) : zlib.deflateSync(body)) as Uint8Array<ArrayBuffer>;
      else out = (encoding === "gzip" ? await gzip(body) : await deflate(body)) as Uint8Array<ArrayBuffer>;
    }
    const headers = new Headers(res.headers);
    headers.delete("Content-Length");
    if (out !== body) {
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    // Assigning c.res over a response makes Hono copy the old headers back and re-wrap the body as a
    // stream (losing @hono/node-server's direct write of a buffer): clear it first.
    c.res = undefined as unknown as Response;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  });
