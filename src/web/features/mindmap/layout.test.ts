import { describe, expect, it } from "vitest";
import type { MindmapNode } from "~/domain/contract/learning";
import { MINDMAP_CANVAS } from "~/domain/mindmap";
import { answerGraphLayout } from "./graph-layout.worker";
import {
  CULL_MARGIN,
  canvasLabel,
  cullLayout,
  expandableIds,
  FIT_MAX_SCALE,
  fitToCanvas,
  fitView,
  graphTicks,
  growRect,
  isLabelledView,
  LABEL_NODES,
  LABEL_ZOOM,
  type LaidOutNode,
  layoutGraph,
  layoutMindmap,
  layoutRadial,
  layoutTree,
  nearestDot,
  needsRecull,
  placeLayout,
  pruneMindmap,
  TREE_COLUMN,
  viewRect,
} from "./layout";

const leaf = (id: string, concepts: string[] = []): MindmapNode => ({
  id,
  title: `Node ${id}`,
  time: 10,
  relatedConcepts: concepts,
  children: [],
});
const branch = (id: string, children: MindmapNode[], concepts: string[] = []): MindmapNode => ({
  ...leaf(id, concepts),
  children,
});

const map: MindmapNode[] = [
  branch("root", [
    branch("a", [leaf("a1", ["memory"]), leaf("a2")], ["sleep"]),
    branch("b", [leaf("b1", ["memory"])], ["sleep"]),
    leaf("c"),
  ]),
];

/** A full tree: `branching` children per node, `depth` levels under the root. */
function fullTree(branching: number, depth: number, id = "r"): MindmapNode {
  return branch(
    id,
    depth === 0
      ? []
      : Array.from({ length: branching }, (_, i) => fullTree(branching, depth - 1, `${id}.${i}`)),
    [`concept ${id.length}-${id.at(-1)}`],
  );
}

const inside = ({ x, y }: { x: number; y: number }) =>
  x >= 0 && x <= MINDMAP_CANVAS.width && y >= 0 && y <= MINDMAP_CANVAS.height;

describe("pruneMindmap", () => {
  it("keeps children only under expanded nodes", () => {
    const pruned = pruneMindmap(map, new Set(["root", "b"]));
    const root = pruned[0] as MindmapNode;
    expect(root.children.map((node) => node.id)).toEqual(["a", "b", "c"]);
    expect(root.children[0]?.children).toEqual([]);
    expect(root.children[1]?.children.map((node) => node.id)).toEqual(["b1"]);
  });

  it("shows only the roots when nothing is expanded", () => {
    expect(pruneMindmap(map, new Set())[0]?.children).toEqual([]);
  });

  it("does not touch the map it prunes", () => {
    pruneMindmap(map, new Set());
    expect(map[0]?.children).toHaveLength(3);
  });
});

describe("expandableIds", () => {
  it("lists every node with children, in pre-order", () => {
    expect(expandableIds(map)).toEqual(["root", "a", "b"]);
  });
});

describe("layoutTree", () => {
  it("lays the visible nodes out left to right, one column per level", () => {
    const layout = layoutTree(map, new Set(["root"]));
    expect(layout.nodes.map((node) => node.id)).toEqual(["root", "a", "b", "c"]);
    const root = layout.nodes[0];
    const a = layout.nodes[1];
    expect(a && root && a.x - root.x).toBe(TREE_COLUMN);
    expect(layout.links.map((link) => link.id)).toEqual(["root→a", "root→b", "root→c"]);
    expect(layout.nodes.find((node) => node.id === "a")).toMatchObject({
      hasChildren: true,
      isExpanded: false,
      depth: 1,
    });
  });

  it("centres the rows on the canvas's middle", () => {
    const layout = layoutTree(map, new Set(["root"]));
    const ys = layout.nodes.filter((node) => node.depth === 1).map((node) => node.y);
    expect((Math.min(...ys) + Math.max(...ys)) / 2).toBeCloseTo(MINDMAP_CANVAS.height / 2);
  });

  it("puts several roots side by side at depth 0", () => {
    const layout = layoutTree([leaf("x"), leaf("y")], new Set());
    expect(layout.nodes.map((node) => [node.id, node.depth])).toEqual([
      ["x", 0],
      ["y", 0],
    ]);
    expect(layout.links).toEqual([]);
  });
});

describe("layoutRadial", () => {
  it("puts a single root at the centre", () => {
    const root = layoutRadial(map, new Set(["root"])).nodes[0];
    expect(root).toMatchObject({ x: MINDMAP_CANVAS.width / 2, y: MINDMAP_CANVAS.height / 2, angle: null });
  });

  it("keeps every node of a 585-node map inside the canvas", () => {
    const big = [fullTree(8, 3)];
    const layout = layoutRadial(big, new Set(expandableIds(big)));
    expect(layout.nodes).toHaveLength(585);
    expect(layout.nodes.every(inside)).toBe(true);
  });
});

describe("layoutGraph", () => {
  it("adds dashed edges between nodes that share a concept, and stays inside the canvas", () => {
    const layout = layoutGraph(map, new Set(["root", "a", "b"]));
    expect(layout.nodes.every(inside)).toBe(true);
    const concept = layout.links.filter((link) => link.kind === "concept").map((link) => link.id);
    expect(concept).toContain("a~b");
    expect(concept).toContain("a1~b1");
  });

  it("is deterministic", () => {
    const expanded = new Set(["root", "a", "b"]);
    expect(layoutGraph(map, expanded)).toEqual(layoutGraph(map, expanded));
  });

  it("lays out a 585-node map inside the canvas", () => {
    const big = [fullTree(8, 3)];
    const layout = layoutMindmap(big, new Set(expandableIds(big)), "graph");
    expect(layout.nodes).toHaveLength(585);
    expect(layout.nodes.every(inside)).toBe(true);
  });
});

describe("the graph seed and the worker's answer", () => {
  const big = [fullTree(8, 3)];
  const expanded = new Set(expandableIds(big));

  it("draws the seed with the same nodes and edges as the settled graph, at other positions", () => {
    const seed = layoutGraph(big, expanded, { ticks: 0 });
    const settled = layoutGraph(big, expanded);
    expect(seed.nodes.map((node) => node.id)).toEqual(settled.nodes.map((node) => node.id));
    expect(seed.links.map((link) => link.id)).toEqual(settled.links.map((link) => link.id));
    expect(seed.nodes.every(inside)).toBe(true);
    expect(seed.nodes.some((node, index) => node.x !== settled.nodes[index]?.x)).toBe(true);
  });

  it("placing the seed at the worker's positions gives exactly the settled layout", () => {
    const seed = layoutGraph(big, expanded, { ticks: 0 });
    const { positions } = answerGraphLayout({ requestId: 7, nodes: big, expanded: [...expanded] });
    const placed = placeLayout(seed, new Map(positions.map(([id, x, y]) => [id, { x, y }])));
    expect(placed).toEqual(layoutGraph(big, expanded));
  });

  it("moves every edge with its ends and leaves a node without a position where it was", () => {
    const seed = layoutGraph(map, new Set(["root", "a", "b"]), { ticks: 0 });
    const placed = placeLayout(seed, new Map([["a", { x: 1, y: 2 }]]));
    expect(placed.nodes.find((node) => node.id === "a")).toMatchObject({ x: 1, y: 2 });
    expect(placed.nodes.find((node) => node.id === "b")).toEqual(seed.nodes.find((node) => node.id === "b"));
    for (const link of placed.links.filter((link) => link.source === "a"))
      expect(link).toMatchObject({ x1: 1, y1: 2 });
    for (const link of placed.links.filter((link) => link.target === "a"))
      expect(link).toMatchObject({ x2: 1, y2: 2 });
  });
});

describe("graphTicks", () => {
  it("runs 60 ticks for small maps, fewer for big ones, never under 12", () => {
    expect(graphTicks(17)).toBe(60);
    expect(graphTicks(500)).toBe(16);
    expect(graphTicks(5000)).toBe(12);
  });
});

describe("fitToCanvas", () => {
  it("scales a large spread down into the canvas and centres it", () => {
    const place = fitToCanvas(
      [
        { x: -1000, y: -1000 },
        { x: 3000, y: 3000 },
      ],
      40,
    );
    expect(inside(place({ x: -1000, y: -1000 }))).toBe(true);
    expect(inside(place({ x: 3000, y: 3000 }))).toBe(true);
    expect(place({ x: 1000, y: 1000 })).toEqual({ x: 600, y: 400 });
  });

  it("spreads a small cluster up to the limit it is given", () => {
    const place = fitToCanvas(
      [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
      40,
      2,
    );
    expect(place({ x: 10, y: 10 })).toEqual({ x: 610, y: 410 });
  });

  it("never scales a small spread up by default", () => {
    const place = fitToCanvas(
      [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
      40,
    );
    expect(place({ x: 10, y: 10 })).toEqual({ x: 605, y: 405 });
  });
});

describe("canvasLabel", () => {
  it("shortens long titles with an ellipsis", () => {
    expect(canvasLabel("Short")).toBe("Short");
    expect(canvasLabel("A very long title that goes on and on", 12)).toBe("A very long…");
  });
});

describe("fitView", () => {
  const node = (id: string, x: number, y: number): LaidOutNode => ({
    id,
    node: { id, title: id, children: [] },
    x,
    y,
    depth: 0,
    hasChildren: false,
    isExpanded: false,
    angle: null,
  });

  it("enlarges a small map up to 180% and centres it with its labels", () => {
    const fit = fitView([node("a", 100, 400), node("b", 330, 380), node("c", 330, 420)], "tree");
    expect(fit.k).toBe(FIT_MAX_SCALE);
    // The box from x 80 to 560 (labels) and y 350 to 450 is centred on the canvas.
    expect(fit.x + fit.k * 320).toBeCloseTo(600, 5);
    expect(fit.y + fit.k * 400).toBeCloseTo(400, 5);
  });

  it("keeps 100% for a map that fills the canvas, and for no map", () => {
    expect(fitView([node("a", 0, 0), node("b", 1200, 800)], "radial")).toEqual({ x: 0, y: 0, k: 1 });
    expect(fitView([], "graph")).toEqual({ x: 0, y: 0, k: 1 });
  });
});

describe("viewport culling", () => {
  const view = viewRect({ x: 0, y: 0, k: 1 });

  it("reads the view's rect from a zoom transform, in scene units", () => {
    expect(view).toEqual({ x0: 0, y0: 0, x1: MINDMAP_CANVAS.width, y1: MINDMAP_CANVAS.height });
    expect(viewRect({ x: -1200, y: -800, k: 2 })).toEqual({
      x0: 600,
      y0: 400,
      x1: 1200,
      y1: 800,
    });
  });

  it("draws only what is near the view of a tall tree, plus the kept nodes", () => {
    const big = [fullTree(8, 3)];
    const layout = layoutTree(big, new Set(expandableIds(big)));
    const drawn = growRect(view, CULL_MARGIN);
    const far = layout.nodes.find((node) => node.y > drawn.y1 + 100);
    expect(far, "a node far below the drawn area").toBeDefined();
    const culled = cullLayout(layout, drawn, (id) => id === far?.id);
    expect(culled.nodes.length).toBeLessThan(layout.nodes.length / 2);
    expect(culled.nodes.map((node) => node.id)).toContain(far?.id);
    const near = layout.nodes.filter((node) => node.y >= 0 && node.y <= MINDMAP_CANVAS.height);
    for (const node of near) expect(culled.nodes).toContain(node);
    // An edge is kept when it crosses the drawn area, even with both ends outside it.
    const crossing = {
      ...layout.links[0],
      x1: -5000,
      y1: 100,
      x2: 5000,
      y2: 100,
    } as (typeof layout.links)[0];
    expect(cullLayout({ nodes: [], links: [crossing] }, drawn, () => false).links).toHaveLength(1);
  });

  it("moves the drawn area only when the view nears its edge or is far smaller", () => {
    const drawn = growRect(view, CULL_MARGIN);
    expect(needsRecull(drawn, view)).toBe(false);
    expect(needsRecull(drawn, viewRect({ x: -600, y: 0, k: 1 }))).toBe(false);
    expect(needsRecull(drawn, viewRect({ x: -1100, y: 0, k: 1 }))).toBe(true);
    expect(needsRecull(drawn, viewRect({ x: 0, y: 0, k: 0.5 }))).toBe(true);
    expect(needsRecull(drawn, viewRect({ x: -3000, y: -2000, k: 6 }))).toBe(true);
  });
});

describe("bare dots of a big map", () => {
  const dot = (id: string, x: number, y: number, isCollapsed = false): LaidOutNode => ({
    id,
    node: leaf(id),
    x,
    y,
    depth: 3,
    hasChildren: isCollapsed,
    isExpanded: false,
    angle: null,
  });
  const dots = [dot("a", 100, 100), dot("b", 120, 100, true), dot("c", 400, 300)];

  it("finds the dot under a point, the nearest when two are close, and none in between", () => {
    expect(nearestDot(dots, 101, 99)?.id).toBe("a");
    expect(nearestDot(dots, 117, 101)?.id).toBe("b");
    expect(nearestDot(dots, 400, 306)?.id).toBe("c");
    expect(nearestDot(dots, 250, 200)).toBeNull();
  });
});

describe("level of detail", () => {
  // A 20 × 20 grid of points 10 units apart, around (100, 100).
  const grid = Array.from({ length: 400 }, (_, i) => ({ x: (i % 20) * 10, y: Math.floor(i / 20) * 10 }));

  it("labels only when zoomed in to LABEL_ZOOM with at most LABEL_NODES nodes in view", () => {
    // All 400 points in view at a high zoom: too many to read.
    expect(isLabelledView(grid, { x: 0, y: 0, k: LABEL_ZOOM * 2 })).toBe(false);
    // Zoomed in to 1200 %: the 100 × 67-unit view and its margin hold nearly all of them.
    expect(isLabelledView(grid, { x: -600, y: -600, k: 12 })).toBe(false);
    // At 2400 %: a 50 × 33-unit view, with its margin about 160 of them.
    expect(isLabelledView(grid, { x: -1200, y: -1200, k: 24 })).toBe(true);
    // Few nodes, but zoomed out below LABEL_ZOOM.
    expect(isLabelledView(grid.slice(0, 10), { x: 0, y: 0, k: LABEL_ZOOM - 0.1 })).toBe(false);
    const line = (count: number) => Array.from({ length: count }, (_, i) => ({ x: i / count, y: 1 }));
    expect(isLabelledView(line(LABEL_NODES), { x: 0, y: 0, k: LABEL_ZOOM })).toBe(true);
    expect(isLabelledView(line(LABEL_NODES + 1), { x: 0, y: 0, k: LABEL_ZOOM })).toBe(false);
  });
});
