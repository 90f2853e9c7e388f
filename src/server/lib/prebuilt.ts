import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Context } from "hono";
import { chooseEncoding } from "./compress.ts";

type Built = { text: Buffer; gzip: Buffer; deflate: Buffer; etag: string };

/**
 * A response body that is the same for every request until the process restarts (the OpenAPI
 * document, the API reference page): built on first use, compressed once, sent with a strong ETag so a
 * client that has it gets a 304. Building it per request cost ~12 ms (85 req/s).
 */
export function prebuilt(contentType: string, build: () => string, cacheControl = "public, max-age=300") {
  let built: Built | null = null;
  const get = () => {
    if (built) return built;
    const text = Buffer.from(build());
    built = {
      text,
      gzip: zlib.gzipSync(text),
      deflate: zlib.deflateSync(text),
      etag: `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`,
    };
    return built;
  };
  return (c: Context) => {
    const { text, gzip, deflate, etag } = get();
    const headers: Record<string, string> = {
      "Content-Type": contentType,
      "Cache-Control": cacheControl,
      ETag: etag,
      Vary: "Accept-Encoding",
    };
    if (matchesEtag(c.req.header("If-None-Match"), etag)) return c.body(null, 304, headers);
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    const body = encoding === "gzip" ? gzip : encoding === "deflate" ? deflate : text;
    if (encoding) headers["Content-Encoding"] = encoding;
    return c.body(new Uint8Array(body), 200, headers);
  };
}

/** If-None-Match holds the tag (weak or strong, in a list) or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
