import { describe, expect, it } from "vitest";
import { isAppRoute, isSafeReturnPath } from "./routes.ts";

describe("isAppRoute", () => {
  it("knows every screen of the route table, with parameters", () => {
    for (const path of [
      "/",
      "/auth",
      "/episode/abc",
      "/feed/some-slug",
      "/invite/ab12",
      "/profile/edit",
      "/lists/1/",
      "/bookmarks",
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it("rejects unknown paths and extra segments", () => {
    for (const path of ["/nope", "/episode", "/episode/1/extra", "/admin/x", "/feeds"]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});

describe("isSafeReturnPath", () => {
  it("accepts same-origin paths only", () => {
    expect(isSafeReturnPath("/invite/abc")).toBe(true);
    expect(isSafeReturnPath("//evil.example")).toBe(false);
    expect(isSafeReturnPath("https://evil.example")).toBe(false);
    expect(isSafeReturnPath("/\\evil.example")).toBe(false);
    expect(isSafeReturnPath(undefined)).toBe(false);
  });
});
