import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../tests/support/test-server.ts";
import { textNotices } from "../domain/text.ts";

/**
 * Contract tests over every operation of the OpenAPI document: one role matrix and the same bad
 * inputs for each, so a new route is covered the moment it is declared.
 */
type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Operation = {
  "x-access"?: "public" | "user" | "admin";
  parameters?: { name: string; in: "query" | "path" | "header" | "cookie" }[];
  requestBody?: {
    content: Record<
      string,
      { schema: { properties?: Record<string, { type?: string | string[] }>; required?: string[] } }
    >;
  };
};

let server: TestServer;
let user: SignedInClient;
let admin: SignedInClient;
let operations: { method: string; path: string; operation: Operation }[];
let componentSchemas: Record<string, JsonSchema>;

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const toUrl = (path: string) => `/api${path}`.replace(/\{[^}]+\}/g, SAMPLE_ID);

beforeAll(async () => {
  server = await startTestServer({ BODY_LIMIT_BYTES: "4096" });
  user = await server.signUp();
  admin = await server.signUp({ role: "admin" });
  const document = (await server.client().get("/api/openapi.json")).data;
  componentSchemas = document.components?.schemas ?? {};
  operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api/, ""),
        operation,
      })),
  );
});
afterAll(() => server.stop());

describe("the OpenAPI document", () => {
  it("declares an access level for every operation", () => {
    expect(operations.length).toBeGreaterThan(5);
    for (const { method, path, operation } of operations) {
      expect(["public", "user", "admin"], `${method} ${path}`).toContain(operation["x-access"]);
    }
  });

  it("is served with a readable reference page", async () => {
    const page = await server.client().get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).toContain("/v1/auth/sign-in");
  });

  it("is built once and revalidated with its ETag (304), compressed when the client accepts it", async () => {
    const first = await server.client().get("/api/openapi.json");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toContain("max-age=");
    const again = await server.client().get("/api/openapi.json");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.text).toBe(first.text);
    const revalidated = await server.client().request("GET", "/api/openapi.json", {
      headers: { "if-none-match": `W/"other", ${etag}` },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");
    const stale = await server
      .client()
      .request("GET", "/api/openapi.json", { headers: { "if-none-match": '"other"' } });
    expect(stale.status).toBe(200);
    // fetch asks for gzip and inflates it; the header says it travelled compressed.
    expect(first.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(first.text).openapi).toBe("3.1.0");
  });
});

describe("role matrix", () => {
  it("answers 401 to anonymous callers of user and admin operations", async () => {
    for (const { method, path, operation } of operations.filter(
      (o) => o.operation["x-access"] !== "public",
    )) {
      const response = await server
        .client()
        .request(method, toUrl(path), operation.requestBody ? { json: {} } : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.data.error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("answers 403 to signed-in users without the admin role", async () => {
    for (const { method, path, operation } of operations.filter((o) => o.operation["x-access"] === "admin")) {
      const response = await user.request(method, toUrl(path), operation.requestBody ? { json: {} } : {});
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.data.error.code).toBe("FORBIDDEN");
    }
  });

  it("lets admins past the role check", async () => {
    for (const { method, path, operation } of operations.filter((o) => o.operation["x-access"] === "admin")) {
      const response = await admin.request(method, toUrl(path), operation.requestBody ? { json: {} } : {});
      expect([401, 403], `${method} ${path}`).not.toContain(response.status);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});

describe("bad input never causes a 500", () => {
  // JSON bodies; the avatar upload (raw image bytes) has its own tests in routes/avatar.api.test.ts.
  const withBody = () => operations.filter((o) => o.operation.requestBody?.content["application/json"]);
  const callerFor = (operation: Operation) => (operation["x-access"] === "public" ? server.client() : admin);

  it("rejects malformed JSON with 400", async () => {
    for (const { method, path, operation } of withBody()) {
      const response = await callerFor(operation).request(method, toUrl(path), {
        body: '{"email": "a@b.co",',
        headers: { "content-type": "application/json" },
      });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.data.error.message).toMatch(/not valid JSON/);
    }
  });

  it("rejects missing required fields with 400 naming them", async () => {
    for (const { method, path, operation } of withBody()) {
      const required = operation.requestBody?.content["application/json"]?.schema.required ?? [];
      if (!required.length) continue;
      const response = await callerFor(operation).request(method, toUrl(path), { json: {} });
      expect(response.status, `${method} ${path}`).toBe(400);
      for (const field of required) expect(Object.keys(response.data.error.fields)).toContain(field);
    }
  });

  it("rejects wrong types with 400", async () => {
    for (const { method, path, operation } of withBody()) {
      const properties = operation.requestBody?.content["application/json"]?.schema.properties ?? {};
      const wrong = Object.fromEntries(
        Object.entries(properties).map(([key, schema]) => [key, schema.type === "number" ? "x" : 12345]),
      );
      const response = await callerFor(operation).request(method, toUrl(path), { json: wrong });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.data.error.code).toBe("VALIDATION");
      const asArray = await callerFor(operation).request(method, toUrl(path), { json: [1, 2] });
      expect(asArray.status, `${method} ${path} (array)`).toBe(400);
    }
  });

  it("rejects an oversized body with 413", async () => {
    for (const { method, path, operation } of withBody()) {
      const response = await callerFor(operation).request(method, toUrl(path), {
        json: { padding: "x".repeat(10_000) },
      });
      expect(response.status, `${method} ${path}`).toBe(413);
      expect(response.data.error.code).toBe("PAYLOAD_TOO_LARGE");
    }
  });

  it("rejects a body that is not JSON with 415", async () => {
    for (const { method, path, operation } of withBody()) {
      const response = await callerFor(operation).request(method, toUrl(path), {
        body: "email=a@b.co",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(response.status, `${method} ${path}`).toBe(415);
    }
  });
});

describe("HTTP surface", () => {
  it("checks the database in /api/health", async () => {
    const response = await server.client().get("/api/health");
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ status: "ok", database: "ok", catalog: "ready" });
  });

  it("says the catalog is being prepared while a first start loads the demo catalog", async () => {
    server.deps.startup = { isPreparingCatalog: true };
    try {
      const response = await server.client().get("/api/health");
      expect(response.status).toBe(200);
      expect(response.data).toMatchObject({ status: "ok", catalog: "preparing" });
    } finally {
      server.deps.startup = { isPreparingCatalog: false };
    }
    expect((await server.client().get("/api/health")).data).toMatchObject({ catalog: "ready" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await server.client().get("/api/v1/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.data.error.code).toBe("NOT_FOUND");
  });

  it("tags every response with a request id", async () => {
    const response = await server.client().get("/api/health");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves the SPA for product routes and a 404 status for unknown paths", async () => {
    const known = await server.client().get("/episode/123");
    expect(known.status).toBe(200);
    expect(known.text).toContain("<div id=app>");
    const unknown = await server.client().get("/this/does/not/exist");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toMatch(/text\/html/);
    expect(unknown.text).toContain("<div id=app>");
  });

  it("caches hashed assets forever, revalidates the shell and compresses text", async () => {
    const asset = await server
      .client()
      .request("GET", "/assets/app-3f2a1b.js", { headers: { "accept-encoding": "gzip" } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-encoding")).toBe("gzip");
    expect(asset.text).toContain("earmark earmark");
    const shell = await server.client().get("/auth");
    expect(shell.headers.get("cache-control")).toBe("no-cache");
    expect((await server.client().get("/assets/missing-123.js")).status).toBe(404);
  });

  it("serves demo audio with Range requests so players can seek", async () => {
    const whole = await server.client().request("HEAD", "/demo/audio/sn-101.mp3");
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    const size = Number(whole.headers.get("content-length"));
    expect(size).toBeGreaterThan(100_000);
    const part = await server
      .client()
      .request("GET", "/demo/audio/sn-101.mp3", { headers: { range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect(part.headers.get("content-length")).toBe("1000");
    const tail = await server
      .client()
      .request("GET", "/demo/audio/sn-101.mp3", { headers: { range: `bytes=${size - 10}-` } });
    expect(tail.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  });

  it("serves the demo catalog media under /demo", async () => {
    const cover = await server.client().get("/demo/covers/signal-and-noise.svg");
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toMatch(/image\/svg\+xml/);
  });
});

/** The key paths of every string field in a JSON body schema (array items as index 0). */
function listStringFields(schema: JsonSchema | undefined, path: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 8) return [];
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    return listStringFields(componentSchemas[name], path, depth + 1);
  }
  const types = [schema.type ?? []].flat();
  const fields: string[][] = types.includes("string") && path.length ? [path] : [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    fields.push(...listStringFields(property, [...path, key], depth + 1));
  }
  if (schema.items) fields.push(...listStringFields(schema.items, [...path, "0"], depth + 1));
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    fields.push(...listStringFields(option, path, depth + 1));
  }
  return fields;
}

/** A body holding `value` at `path` ("0" makes an array), nothing else. */
function buildBody(path: string[], value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  return head === "0" ? [buildBody(rest, value)] : { [head]: buildBody(rest, value) };
}

describe("malformed text never reaches a handler", () => {
  const callerFor = (operation: Operation) => (operation["x-access"] === "public" ? server.client() : admin);
  const badStrings = [
    { value: "a\u0000b", message: textNotices.nul },
    { value: "a\uD800b", message: textNotices.loneSurrogate },
    { value: "\uDE00", message: textNotices.loneSurrogate },
  ];

  it("rejects NUL and lone surrogates in every string field of every JSON body with 400 naming it", async () => {
    let checked = 0;
    for (const { method, path, operation } of operations) {
      const schema = operation.requestBody?.content["application/json"]?.schema as JsonSchema | undefined;
      for (const field of listStringFields(schema)) {
        for (const { value, message } of badStrings) {
          const response = await callerFor(operation).request(method, toUrl(path), {
            json: buildBody(field, value),
          });
          const where = `${method} ${path} ${field.join(".")} ${JSON.stringify(value)}`;
          expect(response.status, where).toBe(400);
          expect(response.data.error.code, where).toBe("VALIDATION");
          expect(response.data.error.fields, where).toEqual({ [field.join(".")]: message });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("rejects NUL and undecodable text in every query parameter with 400 naming it", async () => {
    let checked = 0;
    for (const { method, path, operation } of operations) {
      for (const { name } of (operation.parameters ?? []).filter((p) => p.in === "query")) {
        for (const encoded of ["a%00b", "%00", "%ED%A0%80"]) {
          const response = await callerFor(operation).request(method, `${toUrl(path)}?${name}=${encoded}`);
          const where = `${method} ${path}?${name}=${encoded}`;
          expect(response.status, where).toBe(400);
          expect(response.data.error.code, where).toBe("VALIDATION");
          expect(Object.keys(response.data.error.fields), where).toEqual([name]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("rejects a NUL in every path parameter with 400", async () => {
    for (const { method, path, operation } of operations) {
      for (const { name } of (operation.parameters ?? []).filter((p) => p.in === "path")) {
        const url = toUrl(path.replace(`{${name}}`, "a%00b"));
        const response = await callerFor(operation).request(
          method,
          url,
          operation.requestBody ? { json: {} } : {},
        );
        expect(response.status, `${method} ${url}`).toBe(400);
        expect(response.data.error.fields, `${method} ${url}`).toEqual({ path: textNotices.nul });
      }
    }
  });

  it("answers search and suggest with ?q=a%00b with a 400 a person can read", async () => {
    for (const path of ["/api/v1/catalog/search", "/api/v1/catalog/suggest"]) {
      const response = await server.client().get(`${path}?q=a%00b`);
      expect(response.status, path).toBe(400);
      expect(response.data.error).toEqual({
        code: "VALIDATION",
        message: `q: ${textNotices.nul}`,
        fields: { q: textNotices.nul },
      });
    }
  });

  it("still accepts emoji and other well-formed text", async () => {
    const response = await user.request("POST", "/api/v1/me/lists", {
      json: { name: "Road trip 🚗 𝄞", description: "Straße" },
    });
    expect(response.status).toBe(201);
    expect(response.data.name).toBe("Road trip 🚗 𝄞");
    expect((await server.client().get("/api/v1/catalog/search?q=%F0%9F%9A%97")).status).toBe(200);
  });
});
