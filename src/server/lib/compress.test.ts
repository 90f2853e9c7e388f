import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compress } from "./compress.ts";

const big = { text: "earmark ".repeat(500) };

function app() {
  const hono = new Hono();
  hono.use(compress());
  hono.get("/big", (c) => c.json(big));
  hono.get("/small", (c) => c.json({ ok: true }));
  hono.get("/etag", (c) => c.json(big, 200, { ETag: '"abc"' }));
  hono.get("/no-transform", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }));
  hono.get("/png", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));
  return hono;
}

describe("compress", () => {
  it("gzips a text body over 1 KB for a client that accepts it, with Vary and a weak ETag", async () => {
    const res = await app().request("/etag", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("etag")).toBe('W/"abc"');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(big);
  });

  it("sends small bodies, non-text types, no-transform and clients without gzip as they are", async () => {
    const hono = app();
    for (const path of ["/small", "/png", "/no-transform"]) {
      const res = await hono.request(path, { headers: { "accept-encoding": "gzip" } });
      expect(res.headers.get("content-encoding"), path).toBeNull();
    }
    const plain = await hono.request("/big");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.json()).toEqual(big);
    const small = await hono.request("/small", { headers: { "accept-encoding": "gzip" } });
    expect(await small.json()).toEqual({ ok: true });
  });

  it("chooses gzip, then deflate, by the client's q-values", () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding("br")).toBeNull();
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("deflate");
    expect(chooseEncoding("gzip;q=0, deflate")).toBe("deflate");
    expect(chooseEncoding("gzip;q=0.5, deflate;q=0.8")).toBe("deflate");
    expect(chooseEncoding("*")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
  });
});
