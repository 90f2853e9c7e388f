import type { MindmapNode } from "~/domain/contract/learning";
import { layoutGraph } from "./layout";

/**
 * The graph view's force simulation for a big map, off the main thread (decision 025): the page
 * draws the seed at once and moves the nodes when this answers. Only positions travel back; the
 * nodes' texts stay where they are.
 */
export type GraphLayoutRequest = { requestId: number; nodes: MindmapNode[]; expanded: string[] };
export type GraphLayoutAnswer = { requestId: number; positions: [id: string, x: number, y: number][] };

export function answerGraphLayout({ requestId, nodes, expanded }: GraphLayoutRequest): GraphLayoutAnswer {
  const layout = layoutGraph(nodes, new Set(expanded));
  return { requestId, positions: layout.nodes.map((node) => [node.id, node.x, node.y]) };
}

// A dedicated worker's global scope (the DOM typings describe a window).
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<GraphLayoutRequest>) => void) | null;
  postMessage: (answer: GraphLayoutAnswer) => void;
};
if (typeof window === "undefined")
  scope.onmessage = (event) => scope.postMessage(answerGraphLayout(event.data));
