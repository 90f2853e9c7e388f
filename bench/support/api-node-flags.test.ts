import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_NODE_FLAGS } from "./api-node-flags.ts";

describe("API_NODE_FLAGS", () => {
  it("are the flags npm start runs the server with, so benchmarks measure what production runs", () => {
    const scripts = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).scripts;
    const start = String(scripts.start).split(/\s+/);
    expect(start[0]).toBe("node");
    expect(start.slice(1, 1 + API_NODE_FLAGS.length)).toEqual(API_NODE_FLAGS);
  });
});
