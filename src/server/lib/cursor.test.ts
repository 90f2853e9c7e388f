import { describe, expect, it } from "vitest";
import { decodePageCursor, encodePageCursor } from "./cursor.ts";

const cursor = { at: "2026-01-02T03:04:05.000Z", id: "0b0f7f4e-5a5e-4c1e-9d3b-2f1f0c9a8b7c" };

describe("page cursors", () => {
  it("decode to what was encoded", () => {
    expect(decodePageCursor(encodePageCursor(cursor))).toEqual(cursor);
  });

  it("are absent on the first page", () => {
    expect(decodePageCursor(undefined)).toBeNull();
    expect(decodePageCursor("")).toBeNull();
  });

  it.each([
    ["garbage", "garbage"],
    ["JSON that is not an object", Buffer.from("42").toString("base64url")],
    ["a time that is not a date", encodePageCursor({ ...cursor, at: "yesterday" })],
    ["an id that is not a uuid", encodePageCursor({ ...cursor, id: "1 or 1=1" })],
  ])("refuse %s with a 400 naming the cursor", (_, value) => {
    expect(() => decodePageCursor(value)).toThrow(
      expect.objectContaining({ status: 400, fields: { cursor: "Invalid cursor." } }),
    );
  });
});
