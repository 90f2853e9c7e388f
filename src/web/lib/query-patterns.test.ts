import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { cursorPages, pagePath, rollback, showOptimistic } from "./query-patterns";

describe("query patterns", () => {
  it("builds a page's address with an encoded cursor, and none for the first page", () => {
    expect(pagePath("/api/v1/me/bookmarks", 24, undefined)).toBe("/api/v1/me/bookmarks?limit=24");
    expect(pagePath("/api/v1/x?show=all", 5, "a+b/c")).toBe("/api/v1/x?show=all&limit=5&cursor=a%2Bb%2Fc");
  });

  it("pages until the server's cursor is null", () => {
    expect(cursorPages.initialPageParam).toBeUndefined();
    expect(cursorPages.getNextPageParam({ nextCursor: "next" })).toBe("next");
    expect(cursorPages.getNextPageParam({ nextCursor: null })).toBeUndefined();
  });

  it("shows a mutation's outcome at once and puts the previous value back on rollback", async () => {
    const client = new QueryClient();
    const key = ["podcast", "p1"];
    client.setQueryData(key, { following: false });
    const context = await showOptimistic<{ following: boolean }>(client, key, (previous) =>
      previous ? { ...previous, following: true } : undefined,
    );
    expect(client.getQueryData(key)).toEqual({ following: true });
    rollback(client, key, context);
    expect(client.getQueryData(key)).toEqual({ following: false });

    // Nothing cached and nothing to show: the cache stays empty.
    const empty = await showOptimistic(client, ["none"], () => undefined);
    expect(empty.previous).toBeUndefined();
    expect(client.getQueryData(["none"])).toBeUndefined();
  });
});
