import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { respondJsonText, toJsonText } from "./json-text.ts";

describe("respondJsonText", () => {
  it("answers the kept JSON text as a JSON response with the status given", async () => {
    const text = toJsonText({ episodes: [{ id: "e1", title: "Ep" }], hasMore: false });
    const app = new Hono().get("/", (c) => respondJsonText(c, text, 200));
    const response = await app.request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ episodes: [{ id: "e1", title: "Ep" }], hasMore: false });
  });
});
