import { describe, expect, it } from "vitest";
import { mindmapViewTypes } from "~/domain/contract/mindmap";
import { parseMindmapView } from "~/domain/mindmap";
import { parseMindmapSearch } from "./mindmap-search";

describe("parseMindmapSearch", () => {
  it("keeps a known view and a node id", () => {
    expect(parseMindmapSearch({ view: "radial", node: "s1-k2" })).toEqual({ view: "radial", node: "s1-k2" });
    expect(parseMindmapSearch({})).toEqual({});
  });

  it("reads any other view as the tree and drops an empty node", () => {
    expect(parseMindmapSearch({ view: "sideways", node: "" })).toEqual({ view: "tree" });
    expect(parseMindmapSearch({ view: 3 })).toEqual({ view: "tree" });
  });

  it("agrees with the domain's parseMindmapView on every view and on junk", () => {
    for (const value of [...mindmapViewTypes, "x", null, 1])
      expect(parseMindmapSearch({ view: value }).view).toBe(parseMindmapView(value));
  });
});
