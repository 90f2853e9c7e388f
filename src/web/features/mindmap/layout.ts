import { forceCenter, forceLink, forceManyBody, forceSimulation, hierarchy, tree } from "d3";
import type { MindmapNode } from "~/domain/contract/learning";
import type { MindmapViewType } from "~/domain/contract/mindmap";
import { MINDMAP_CANVAS, sharedConceptEdges } from "~/domain/mindmap";

/**
 * Pure layout of the visible part of a map (the nodes whose ancestors are all expanded) on the
 * 1200 × 800 canvas, for each of the three views. Memoised by the caller on (map, expanded, view):
 * zoom and pan never lay out again.
 */

export type LaidOutNode = {
  id: string;
  node: MindmapNode;
  x: number;
  y: number;
  /** 0 for a root. */
  depth: number;
  hasChildren: boolean;
  isExpanded: boolean;
  /** Radial view: the angle (radians, 0 = up, clockwise), to put labels outside the circle. */
  angle: number | null;
};

export type LaidOutLink = {
  id: string;
  kind: "tree" | "concept";
  /** The node ids at its ends (parent → child for a tree edge). */
  source: string;
  target: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Concept edges: the concepts both ends share. */
  concepts: string[];
};

export type MindmapLayout = { nodes: LaidOutNode[]; links: LaidOutLink[] };

const { width: WIDTH, height: HEIGHT } = MINDMAP_CANVAS;
/** Tree view: distance between columns (levels) and rows (siblings). */
export const TREE_COLUMN = 230;
export const TREE_ROW = 30;
const TREE_LEFT = 70;
/** Radial view: room left around the outer ring for labels. */
const RADIAL_MARGIN = 90;
/**
 * Graph view: a fixed number of ticks, so the layout settles once and is never animated. Small maps
 * get 60; big ones fewer (500 nodes: 16), as each tick costs O(n log n) and the radial seed is
 * already close.
 */
export function graphTicks(nodeCount: number): number {
  return Math.max(12, Math.min(60, Math.round(8_000 / Math.max(1, nodeCount))));
}
const GRAPH_MARGIN = 40;
/** How far a small settled graph may be spread to fill the canvas. */
const GRAPH_MAX_SPREAD = 1.8;
/** Shared-concept edges per node in the graph view: enough to see clusters, few enough to read and paint. */
const GRAPH_CONCEPT_EDGES_PER_NODE = 2;
/**
 * Above this many nodes, one shared-concept edge per node (more is a tangle nobody reads, and slow
 * to paint), and the force simulation runs in a worker while the seed is on screen.
 */
export const GRAPH_DENSE_NODES = 150;
const CANVAS_LABEL_LENGTH = 28;

/** The map pruned to what is visible: a node's children only when it is expanded. */
export function pruneMindmap(nodes: MindmapNode[], expanded: ReadonlySet<string>): MindmapNode[] {
  return nodes.map((node) => ({
    ...node,
    children: expanded.has(node.id) ? pruneMindmap(node.children, expanded) : [],
  }));
}

/** The ids of every node that has children: "expand all". */
export function expandableIds(nodes: MindmapNode[]): string[] {
  const ids: string[] = [];
  const visit = (list: MindmapNode[]) => {
    for (const node of list) {
      if (node.children.length) {
        ids.push(node.id);
        visit(node.children);
      }
    }
  };
  visit(nodes);
  return ids;
}

/** A title short enough for the canvas; the full title stays in the outline, the panel and a tooltip. */
export function canvasLabel(title: string, max = CANVAS_LABEL_LENGTH): string {
  const text = title.trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

type Forest = { id: string; title: string; children: MindmapNode[]; source: MindmapNode | null };

/** One hierarchy for any number of roots: a single root is the hierarchy's root, several hang off a virtual one. */
function toHierarchy(visible: MindmapNode[], original: Map<string, MindmapNode>) {
  const isVirtual = visible.length !== 1;
  const top: Forest = isVirtual
    ? { id: "", title: "", children: visible, source: null }
    : { ...(visible[0] as MindmapNode), source: null };
  const root = hierarchy<Forest | MindmapNode>(top, (item) => item.children);
  const offset = isVirtual ? 1 : 0;
  const describe = (id: string, depth: number, prunedChildren: number) => {
    const node = original.get(id) as MindmapNode;
    return {
      id,
      node,
      depth: depth - offset,
      hasChildren: node.children.length > 0,
      isExpanded: prunedChildren > 0,
    };
  };
  return { root, isVirtual, describe };
}

function indexNodes(nodes: MindmapNode[]): Map<string, MindmapNode> {
  const index = new Map<string, MindmapNode>();
  const visit = (list: MindmapNode[]) => {
    for (const node of list) {
      index.set(node.id, node);
      visit(node.children);
    }
  };
  visit(nodes);
  return index;
}

function hierarchyLayout(
  nodes: MindmapNode[],
  expanded: ReadonlySet<string>,
  place: (root: ReturnType<typeof toHierarchy>["root"]) => (point: { x: number; y: number }) => {
    x: number;
    y: number;
    angle: number | null;
  },
): MindmapLayout {
  const original = indexNodes(nodes);
  const { root, isVirtual, describe } = toHierarchy(pruneMindmap(nodes, expanded), original);
  const project = place(root);
  const laidOut: LaidOutNode[] = [];
  const positions = new Map<string, { x: number; y: number }>();
  for (const item of root.descendants()) {
    if (isVirtual && item.depth === 0) continue;
    const point = project(item as unknown as { x: number; y: number });
    const id = item.data.id;
    positions.set(id, point);
    laidOut.push({ ...describe(id, item.depth, item.children?.length ?? 0), ...point });
  }
  const links: LaidOutLink[] = [];
  for (const item of root.descendants()) {
    if (!item.parent || (isVirtual && item.parent.depth === 0)) continue;
    const from = positions.get(item.parent.data.id);
    const to = positions.get(item.data.id);
    if (!from || !to) continue;
    links.push({
      id: `${item.parent.data.id}→${item.data.id}`,
      kind: "tree",
      source: item.parent.data.id,
      target: item.data.id,
      x1: from.x,
      y1: from.y,
      x2: to.x,
      y2: to.y,
      concepts: [],
    });
  }
  return { nodes: laidOut, links };
}

/** Left to right: one column per level, rows centred on the canvas's middle. */
export function layoutTree(nodes: MindmapNode[], expanded: ReadonlySet<string>): MindmapLayout {
  return hierarchyLayout(nodes, expanded, (root) => {
    tree<Forest | MindmapNode>().nodeSize([TREE_ROW, TREE_COLUMN])(root);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const item of root.descendants()) {
      const breadth = (item as unknown as { x: number }).x;
      min = Math.min(min, breadth);
      max = Math.max(max, breadth);
    }
    const middle = (min + max) / 2;
    const depthOffset = root.data.id === "" ? 1 : 0;
    return (point) => {
      const item = point as unknown as { x: number; depth: number };
      return {
        x: TREE_LEFT + (item.depth - depthOffset) * TREE_COLUMN,
        y: HEIGHT / 2 + item.x - middle,
        angle: null,
      };
    };
  });
}

/** The same hierarchy around the centre: one ring per level, inside the canvas. */
export function layoutRadial(nodes: MindmapNode[], expanded: ReadonlySet<string>): MindmapLayout {
  return hierarchyLayout(nodes, expanded, (root) => {
    const radius = Math.min(WIDTH, HEIGHT) / 2 - RADIAL_MARGIN;
    tree<Forest | MindmapNode>()
      .size([2 * Math.PI, radius])
      .separation((a, b) => (a.parent === b.parent ? 1 : 2) / Math.max(1, a.depth))(root);
    return (point) => {
      const { x: angle, y: distance } = point;
      return {
        x: WIDTH / 2 + distance * Math.sin(angle),
        y: HEIGHT / 2 - distance * Math.cos(angle),
        angle: distance === 0 ? null : angle,
      };
    };
  });
}

type SimNode = { id: string; x: number; y: number; vx?: number; vy?: number };

/**
 * A force layout of the visible nodes, tree edges pulling hard and shared-concept edges lightly. It
 * starts from the radial positions (so it settles in a few dozen ticks), runs a fixed number of ticks and is
 * then scaled into the canvas. d3-force's random source is seeded, so the same map lays out the same.
 * `ticks: 0` is the seed itself (the radial figure with the concept edges), drawn at once while a big
 * map's simulation runs in a worker (`graph-layout.worker.ts`).
 */
export function layoutGraph(
  nodes: MindmapNode[],
  expanded: ReadonlySet<string>,
  options: { ticks?: number } = {},
): MindmapLayout {
  const radial = layoutRadial(nodes, expanded);
  const simNodes: SimNode[] = radial.nodes.map((node) => ({ id: node.id, x: node.x, y: node.y }));
  const conceptEdges = sharedConceptEdges(pruneMindmap(nodes, expanded), {
    maxPerNode: radial.nodes.length > GRAPH_DENSE_NODES ? 1 : GRAPH_CONCEPT_EDGES_PER_NODE,
  });
  type SimLink = { source: string | SimNode; target: string | SimNode; isTree: boolean };
  const simLinks: SimLink[] = [
    ...radial.links.map((link) => ({ source: link.source, target: link.target, isTree: true })),
    ...conceptEdges.map((edge) => ({ source: edge.source, target: edge.target, isTree: false })),
  ];
  const alphaMin = 0.001;
  const ticks = options.ticks ?? graphTicks(simNodes.length);
  if (ticks > 0)
    forceSimulation<SimNode>(simNodes)
      .alphaMin(alphaMin)
      .alphaDecay(1 - alphaMin ** (1 / ticks))
      .force(
        "link",
        forceLink<SimNode, SimLink>(simLinks)
          .id((node) => node.id)
          .distance((link) => (link.isTree ? 70 : 140))
          .strength((link) => (link.isTree ? 0.7 : 0.05)),
      )
      // No collision force: it doubled the cost per tick, and the charge keeps the nodes apart enough.
      .force("charge", forceManyBody<SimNode>().strength(-160).distanceMax(300).theta(1.2))
      .force("center", forceCenter(WIDTH / 2, HEIGHT / 2))
      .stop()
      .tick(ticks);

  const intoCanvas = fitToCanvas(simNodes, GRAPH_MARGIN, GRAPH_MAX_SPREAD);
  const seed: MindmapLayout = {
    nodes: radial.nodes.map((node) => ({ ...node, angle: null })),
    links: [
      ...radial.links,
      ...conceptEdges.map((edge) => ({
        id: `${edge.source}~${edge.target}`,
        kind: "concept" as const,
        source: edge.source,
        target: edge.target,
        x1: 0,
        y1: 0,
        x2: 0,
        y2: 0,
        concepts: edge.concepts,
      })),
    ],
  };
  return placeLayout(seed, new Map(simNodes.map((node) => [node.id, intoCanvas(node)])));
}

/** A layout's nodes moved to new positions (a node without one stays put), its edges following them. */
export function placeLayout(
  layout: MindmapLayout,
  positions: ReadonlyMap<string, { x: number; y: number }>,
): MindmapLayout {
  const nodes = layout.nodes.map((node) => {
    const point = positions.get(node.id);
    return point ? { ...node, x: point.x, y: point.y } : node;
  });
  const placed = new Map(nodes.map((node) => [node.id, node]));
  const links = layout.links.map((link) => {
    const from = placed.get(link.source);
    const to = placed.get(link.target);
    return from && to ? { ...link, x1: from.x, y1: from.y, x2: to.x, y2: to.y } : link;
  });
  return { nodes, links };
}

/** The smallest box around the points (infinite when there are none). */
function boundsOf(points: { x: number; y: number }[]) {
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    minX = Math.min(minX, point.x);
    maxX = Math.max(maxX, point.x);
    minY = Math.min(minY, point.y);
    maxY = Math.max(maxY, point.y);
  }
  return { minX, maxX, minY, maxY };
}

/**
 * Scales and centres a set of points into the canvas minus a margin: down as far as needed, up at
 * most `maxScale` (a small graph settles into a tight cluster; spreading it makes labels readable).
 */
export function fitToCanvas(points: { x: number; y: number }[], margin: number, maxScale = 1) {
  const { minX, maxX, minY, maxY } = boundsOf(points);
  if (!points.length) return (point: { x: number; y: number }) => ({ x: point.x, y: point.y });
  const scale = Math.min(
    maxScale,
    (WIDTH - 2 * margin) / Math.max(1, maxX - minX),
    (HEIGHT - 2 * margin) / Math.max(1, maxY - minY),
  );
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  return (point: { x: number; y: number }) => ({
    x: WIDTH / 2 + (point.x - centreX) * scale,
    y: HEIGHT / 2 + (point.y - centreY) * scale,
  });
}

/**
 * Viewport culling: on a big map (the canvas decides how big) only what lies within a margin of one
 * screen around the view is drawn (selected and matching nodes always are). The drawn area follows the
 * view when a pan or zoom comes within CULL_SLACK screens of its edge, so a drag re-renders a few
 * times, not every frame. Labels reach this far to the right of a node (tree view).
 */
export const CULL_MARGIN = 1;
const CULL_SLACK = 0.35;
const LABEL_REACH = 240;

export type Rect = { x0: number; y0: number; x1: number; y1: number };

/** The part of the scene the view shows under a zoom transform, in scene units. */
export function viewRect(transform: { x: number; y: number; k: number }): Rect {
  return {
    x0: (0 - transform.x) / transform.k,
    y0: (0 - transform.y) / transform.k,
    x1: (WIDTH - transform.x) / transform.k,
    y1: (HEIGHT - transform.y) / transform.k,
  };
}

/** The rectangle grown (or, with a negative factor, shrunk) by a factor of its size on every side. */
export function growRect(rect: Rect, factor: number): Rect {
  const dx = (rect.x1 - rect.x0) * factor;
  const dy = (rect.y1 - rect.y0) * factor;
  return { x0: rect.x0 - dx, y0: rect.y0 - dy, x1: rect.x1 + dx, y1: rect.y1 + dy };
}

export function isRectInside(inner: Rect, outer: Rect) {
  return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

/**
 * Level of detail of a big map: its deeper nodes get labels only when the view is zoomed to at
 * least LABEL_ZOOM and the drawn area (the view and its culling margin) holds at most LABEL_NODES
 * nodes. Below that the labels would overlap into an unreadable mass (a 500-node graph fitted at
 * 180 %), and painting them is what makes a big map slow to open and to move.
 */
export const LABEL_ZOOM = 1.5;
export const LABEL_NODES = 200;

export function isLabelledView(
  nodes: readonly { x: number; y: number }[],
  transform: { x: number; y: number; k: number },
): boolean {
  if (transform.k < LABEL_ZOOM) return false;
  const view = growRect(viewRect(transform), CULL_MARGIN);
  let inView = 0;
  for (const node of nodes) {
    if (node.x >= view.x0 && node.x <= view.x1 && node.y >= view.y0 && node.y <= view.y1) inView += 1;
    if (inView > LABEL_NODES) return false;
  }
  return true;
}

/** Whether the drawn area must move: the view nears its edge, or it is far bigger than the view. */
export function needsRecull(drawn: Rect, view: Rect) {
  const area = (rect: Rect) => (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
  return (
    !isRectInside(view, growRect(drawn, -CULL_SLACK / (1 + 2 * CULL_MARGIN))) || area(drawn) > 25 * area(view)
  );
}

function boxMeets(x0: number, y0: number, x1: number, y1: number, rect: Rect) {
  return x1 >= rect.x0 && x0 <= rect.x1 && y1 >= rect.y0 && y0 <= rect.y1;
}

/** What of a layout to draw: nodes (with their label's reach) and edges that meet the rect, and the kept nodes. */
export function cullLayout(
  layout: MindmapLayout,
  rect: Rect,
  isKept: (id: string) => boolean,
): MindmapLayout {
  return {
    nodes: layout.nodes.filter(
      (node) =>
        isKept(node.id) ||
        boxMeets(node.x - LABEL_REACH, node.y - 20, node.x + LABEL_REACH, node.y + 20, rect),
    ),
    links: layout.links.filter((link) =>
      boxMeets(
        Math.min(link.x1, link.x2),
        Math.min(link.y1, link.y2),
        Math.max(link.x1, link.x2),
        Math.max(link.y1, link.y2),
        rect,
      ),
    ),
  };
}

/** Radius of a node below the second level (the bare dots share it). */
export const DOT_RADIUS = 5;

/** The dot under a point of the scene (within its radius and the stroke), if any. */
export function nearestDot(dots: LaidOutNode[], x: number, y: number) {
  let best: LaidOutNode | null = null;
  let bestDistance = (DOT_RADIUS + 2) ** 2;
  for (const dot of dots) {
    const distance = (dot.x - x) ** 2 + (dot.y - y) ** 2;
    if (distance <= bestDistance) {
      best = dot;
      bestDistance = distance;
    }
  }
  return best;
}

export function layoutMindmap(
  nodes: MindmapNode[],
  expanded: ReadonlySet<string>,
  view: MindmapViewType,
): MindmapLayout {
  if (view === "radial") return layoutRadial(nodes, expanded);
  if (view === "graph") return layoutGraph(nodes, expanded);
  return layoutTree(nodes, expanded);
}

/** The most a small map is enlarged to fill the canvas when it opens. */
export const FIT_MAX_SCALE = 1.8;

/**
 * The zoom that makes a small map fill the canvas (its nodes and the room their labels take),
 * centred; a map that already fills the canvas keeps 100% — it is panned, never shrunk to fit.
 */
export function fitView(nodes: LaidOutNode[], view: MindmapViewType): { x: number; y: number; k: number } {
  if (!nodes.length) return { x: 0, y: 0, k: 1 };
  const { minX, maxX, minY, maxY } = boundsOf(nodes);
  // Labels run to the right of tree nodes and outwards in the other views.
  const [left, right] = view === "tree" ? [20, 230] : [130, 130];
  const [top, bottom] = [minY - 30, maxY + 30];
  const width = maxX + right - (minX - left);
  const height = bottom - top;
  const k = Math.min(FIT_MAX_SCALE, (WIDTH * 0.92) / width, (HEIGHT * 0.92) / height);
  if (k <= 1) return { x: 0, y: 0, k: 1 };
  const centreX = (minX - left + maxX + right) / 2;
  const centreY = (top + bottom) / 2;
  return { x: WIDTH / 2 - k * centreX, y: HEIGHT / 2 - k * centreY, k };
}
