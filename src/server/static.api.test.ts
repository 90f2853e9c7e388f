import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { acceptedEncodings, hasSessionCookie } from "./static.ts";

/**
 * The built web app as the server sends it (decision 012): the prerendered landing for signed-out
 * visits to "/", precompressed files chosen by Accept-Encoding, cache headers, the history fallback.
 */
let server: TestServer;

const LANDING =
  '<!doctype html><title>Earmark</title><div id="root" data-prerendered="landing"><h1>Learn</h1></div>';
const SCRIPT = `console.log(${JSON.stringify("landing ".repeat(500))});`;

/** Raw bytes and headers, without the automatic decompression of fetch. */
function rawGet(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(new URL(pathname, server.url), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
    },
  );
}

beforeAll(async () => {
  server = await startTestServer();
  const { webDir } = server;
  await writeFile(path.join(webDir, "index.landing.html"), LANDING);
  await writeFile(path.join(webDir, "index.landing.html.br"), brotliCompressSync(LANDING));
  await writeFile(path.join(webDir, "index.landing.html.gz"), gzipSync(LANDING));
  await mkdir(path.join(webDir, "assets"), { recursive: true });
  await writeFile(path.join(webDir, "assets", "index-abc123.js"), SCRIPT);
  await writeFile(path.join(webDir, "assets", "index-abc123.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(path.join(webDir, "assets", "index-abc123.js.gz"), gzipSync(SCRIPT));
  await writeFile(path.join(webDir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => server.stop());

describe("the landing page", () => {
  it("is the prerendered page for a visit to / without a session cookie", async () => {
    const response = await server.client().get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.text).toBe(LANDING);
    expect(response.headers.get("vary")).toMatch(/\bCookie\b/);
    expect(response.headers.get("vary")).toMatch(/\bAccept-Encoding\b/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("is the app shell (index.html) with a session cookie, also over HTTPS's cookie name", async () => {
    const user = await server.signUp();
    const signedIn = await user.get("/");
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toContain("<div id=app>");
    expect(signedIn.text).not.toContain("data-prerendered");
    expect(signedIn.headers.get("vary")).toMatch(/\bCookie\b/);

    const secure = await rawGet("/", { cookie: "theme=dark; __Secure-earmark.session_token=abc.def" });
    expect(secure.body.toString()).toContain("<div id=app>");
    // Another cookie that merely contains the name is no session.
    const other = await rawGet("/", { cookie: "not-earmark.session_token_x=1" });
    expect(other.body.toString()).toBe(LANDING);
  });

  it("is sent precompressed: br, else gzip, else as it is", async () => {
    const br = await rawGet("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(LANDING);
    const gzip = await rawGet("/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(LANDING);
    const identity = await rawGet("/", { "accept-encoding": "zstd" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(LANDING);
  });

  it("is never the answer for another path", async () => {
    const search = await server.client().get("/search");
    expect(search.status).toBe(200);
    expect(search.text).toContain("<div id=app>");
  });
});

describe("built files", () => {
  it("are negotiated by Accept-Encoding with the right headers; hashed assets are immutable", async () => {
    const br = await rawGet("/assets/index-abc123.js", { "accept-encoding": "br;q=1.0, gzip;q=0.8" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const preferGzip = await rawGet("/assets/index-abc123.js", { "accept-encoding": "br;q=0.5, gzip" });
    expect(preferGzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(preferGzip.body).toString()).toBe(SCRIPT);

    const refused = await rawGet("/assets/index-abc123.js", { "accept-encoding": "br;q=0, zstd" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.headers.vary).toBe("Accept-Encoding");
    expect(refused.body.toString()).toBe(SCRIPT);
  });

  it("answer HEAD with the headers of the same GET", async () => {
    const head = await server
      .client()
      .request("HEAD", "/assets/index-abc123.js", { headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-encoding")).toBe("br");
    expect(head.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(head.text).toBe("");
  });

  it("outside /assets are cached for an hour", async () => {
    const icon = await rawGet("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("that do not exist are a 404, and compressed copies or paths outside the build are not served", async () => {
    expect((await rawGet("/assets/index-missing.js")).status).toBe(404);
    expect((await rawGet("/assets/index-abc123.js.br")).status).toBe(404);
    const traversal = await rawGet("/assets/..%2f..%2fpackage.json");
    expect(traversal.status).toBe(404);
    expect(traversal.body.toString()).not.toContain('"name"');
  });

  it("leave the history fallback as it was: screens get index.html, unknown paths a 404 with it", async () => {
    const screen = await server.client().get("/about");
    expect(screen.status).toBe(200);
    expect(screen.text).toContain("<div id=app>");
    expect(screen.headers.get("cache-control")).toBe("no-cache");
    const unknown = await server.client().get("/no/such/page");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("<div id=app>");
  });
});

describe("helpers", () => {
  it("rank the accepted encodings", () => {
    expect(acceptedEncodings("gzip, deflate, br")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip;q=1, br;q=0.5")).toEqual(["gzip", "br"]);
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("*;q=0.1, gzip;q=0")).toEqual(["br"]);
    expect(acceptedEncodings("identity")).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });

  it("find the session cookie by its exact name", () => {
    expect(hasSessionCookie("earmark.session_token=x")).toBe(true);
    expect(hasSessionCookie("a=1; __Secure-earmark.session_token=x")).toBe(true);
    expect(hasSessionCookie("earmark.session_data=x")).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
