import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { errorResponses } from "../../src/server/lib/openapi.ts";
import { createResponseCheck } from "./response-contract.ts";

function createCheckedApp() {
  const app = new OpenAPIHono();
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/things/{id}",
      request: { params: z.object({ id: z.string() }) },
      responses: {
        200: {
          description: "A thing",
          content: {
            "application/json": {
              schema: z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) }),
            },
          },
        },
        ...errorResponses(404),
      },
    }),
    (c) => c.json({ id: c.req.valid("param").id, tags: [] }, 200),
  );
  app.openapi(
    createRoute({
      method: "delete",
      path: "/api/v1/things/{id}",
      request: { params: z.object({ id: z.string() }) },
      responses: { 204: { description: "Deleted" } },
    }),
    (c) => c.body(null, 204),
  );
  return createResponseCheck(app);
}

const check = createCheckedApp();
const json = "application/json";
const get = { method: "GET", pathname: "/api/v1/things/7" };

describe("response contract check", () => {
  it("passes a declared status with a body its schema declares", () => {
    expect(() =>
      check(get, { status: 200, contentType: json, data: { id: "7", tags: [{ name: "a" }] } }),
    ).not.toThrow();
    expect(() =>
      check({ method: "DELETE", pathname: "/api/v1/things/7" }, { status: 204, contentType: "", data: null }),
    ).not.toThrow();
  });

  it("fails a key the schema does not declare, however deep", () => {
    expect(() =>
      check(get, { status: 200, contentType: json, data: { id: "7", tags: [], secret: 1 } }),
    ).toThrow(/keys its schema does not declare: secret/);
    expect(() =>
      check(get, { status: 200, contentType: json, data: { id: "7", tags: [{ name: "a", token: "x" }] } }),
    ).toThrow(/tags\[0\]\.token/);
  });

  it("fails a body the schema refuses and a success status the route does not declare", () => {
    expect(() => check(get, { status: 200, contentType: json, data: { id: 7, tags: [] } })).toThrow(
      /refuses/,
    );
    expect(() => check(get, { status: 201, contentType: json, data: { id: "7", tags: [] } })).toThrow(
      /does not declare/,
    );
  });

  it("holds every error to the one error body", () => {
    const error = { error: { code: "NOT_FOUND", message: "No such thing." } };
    expect(() => check(get, { status: 404, contentType: json, data: error })).not.toThrow();
    expect(() => check(get, { status: 404, contentType: json, data: { message: "nope" } })).toThrow(
      /refuses/,
    );
    expect(() => check(get, { status: 409, contentType: json, data: error })).toThrow(/does not declare/);
  });

  it("leaves paths outside the contract alone", () => {
    expect(() =>
      check(
        { method: "GET", pathname: "/api/auth/session" },
        { status: 200, contentType: json, data: { x: 1 } },
      ),
    ).not.toThrow();
  });
});
