import { describe, expect, it } from "vitest";
import type { MindmapNode } from "~/domain/contract/learning";
import { listOutlineRows, resolveOutlineKey } from "./outline-model";

const node = (id: string, children: MindmapNode[] = []): MindmapNode => ({ id, title: id, children });
const map = [node("root", [node("a", [node("a1"), node("a2")]), node("b")])];

describe("listOutlineRows", () => {
  it("lists visible rows in pre-order with level, position and set size", () => {
    const rows = listOutlineRows(map, new Set(["root", "a"]));
    expect(rows.map((row) => [row.node.id, row.level, row.position, row.setSize])).toEqual([
      ["root", 1, 1, 1],
      ["a", 2, 1, 2],
      ["a1", 3, 1, 2],
      ["a2", 3, 2, 2],
      ["b", 2, 2, 2],
    ]);
    expect(rows[1]).toMatchObject({ parentId: "root", hasChildren: true, isExpanded: true });
    expect(rows[4]).toMatchObject({ hasChildren: false, isExpanded: false });
  });

  it("hides the children of collapsed nodes", () => {
    expect(listOutlineRows(map, new Set(["root"])).map((row) => row.node.id)).toEqual(["root", "a", "b"]);
  });
});

describe("resolveOutlineKey", () => {
  const rows = listOutlineRows(map, new Set(["root"]));

  it("moves with the arrows, Home and End", () => {
    expect(resolveOutlineKey(rows, "a", "ArrowDown")).toEqual({ kind: "focus", id: "b" });
    expect(resolveOutlineKey(rows, "a", "ArrowUp")).toEqual({ kind: "focus", id: "root" });
    expect(resolveOutlineKey(rows, "b", "ArrowDown")).toEqual({ kind: "none" });
    expect(resolveOutlineKey(rows, "b", "Home")).toEqual({ kind: "focus", id: "root" });
    expect(resolveOutlineKey(rows, "root", "End")).toEqual({ kind: "focus", id: "b" });
  });

  it("→ expands a closed node, then enters its first child", () => {
    expect(resolveOutlineKey(rows, "a", "ArrowRight")).toEqual({ kind: "expand", id: "a" });
    const open = listOutlineRows(map, new Set(["root", "a"]));
    expect(resolveOutlineKey(open, "a", "ArrowRight")).toEqual({ kind: "focus", id: "a1" });
    expect(resolveOutlineKey(open, "a1", "ArrowRight")).toEqual({ kind: "none" });
  });

  it("← collapses an open node, else goes to the parent", () => {
    const open = listOutlineRows(map, new Set(["root", "a"]));
    expect(resolveOutlineKey(open, "a", "ArrowLeft")).toEqual({ kind: "collapse", id: "a" });
    expect(resolveOutlineKey(open, "a1", "ArrowLeft")).toEqual({ kind: "focus", id: "a" });
    expect(resolveOutlineKey(open, "root", "ArrowLeft")).toEqual({ kind: "collapse", id: "root" });
  });

  it("+ and - expand and collapse; Enter plays; Space opens", () => {
    expect(resolveOutlineKey(rows, "a", "+")).toEqual({ kind: "expand", id: "a" });
    expect(resolveOutlineKey(rows, "root", "-")).toEqual({ kind: "collapse", id: "root" });
    expect(resolveOutlineKey(rows, "b", "+")).toEqual({ kind: "none" });
    expect(resolveOutlineKey(rows, "b", "Enter")).toEqual({ kind: "play", id: "b" });
    expect(resolveOutlineKey(rows, "b", " ")).toEqual({ kind: "open", id: "b" });
    expect(resolveOutlineKey(rows, "b", "x")).toEqual({ kind: "none" });
  });

  it("falls back to the first row when the focused one is hidden", () => {
    expect(resolveOutlineKey(rows, "a1", "ArrowDown")).toEqual({ kind: "focus", id: "root" });
  });
});
