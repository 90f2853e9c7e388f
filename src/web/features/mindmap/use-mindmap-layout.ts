import { useEffect, useMemo, useRef, useState } from "react";
import type { MindmapNode } from "~/domain/contract/learning";
import type { MindmapViewType } from "~/domain/contract/mindmap";
import type { GraphLayoutAnswer, GraphLayoutRequest } from "./graph-layout.worker";
import { GRAPH_DENSE_NODES, layoutGraph, layoutMindmap, type MindmapLayout, placeLayout } from "./layout";

/** Performance marks the bench reads (decision 025): layout, then the first paint after the commit. */
export const PERF_MARKS = {
  layoutStart: "mindmap:layout:start",
  layoutEnd: "mindmap:layout:end",
  painted: "mindmap:painted",
  measure: "mindmap:layout-to-paint",
  /** A big graph: from the layout's start to the paint of the settled positions from the worker. */
  settledMeasure: "mindmap:layout-to-settled",
} as const;

type Computed = { layout: MindmapLayout; isSeed: boolean };

/**
 * The layout of the visible part of a map, memoised on (map, expanded, view): zoom and pan never lay
 * out again. A big graph (more than GRAPH_DENSE_NODES visible) is drawn first as its seed — the radial
 * figure with the concept edges — while the force simulation runs in a worker; its positions replace
 * the seed's when they arrive. If the worker fails, the simulation runs here instead.
 */
export function useMindmapLayout(nodes: MindmapNode[], expanded: ReadonlySet<string>, view: MindmapViewType) {
  const computed = useMemo(() => {
    performance.mark(PERF_MARKS.layoutStart);
    const result = computeLayout(nodes, expanded, view);
    performance.mark(PERF_MARKS.layoutEnd);
    return result;
  }, [nodes, expanded, view]);

  // The settled layout remembers which seed it belongs to: an answer for an older seed is never shown.
  const [settled, setSettled] = useState<{ seed: MindmapLayout; layout: MindmapLayout } | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const requestRef = useRef(0);

  useEffect(() => {
    if (!computed.isSeed) return;
    const seed = computed.layout;
    const requestId = ++requestRef.current;
    const settleHere = () => setSettled({ seed, layout: layoutGraph(nodes, expanded) });
    const onMessage = (event: MessageEvent<GraphLayoutAnswer>) => {
      if (event.data.requestId !== requestId) return;
      const positions = new Map(event.data.positions.map(([id, x, y]) => [id, { x, y }]));
      setSettled({ seed, layout: placeLayout(seed, positions) });
    };
    let worker: Worker | null = null;
    // The worker starts after the seed's first paint: on two cores, loading it would slow that paint.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        try {
          worker = workerRef.current ??= new Worker(new URL("./graph-layout.worker.ts", import.meta.url), {
            type: "module",
          });
        } catch {
          settleHere();
          return;
        }
        worker.addEventListener("message", onMessage);
        worker.addEventListener("error", settleHere);
        worker.postMessage({ requestId, nodes, expanded: [...expanded] } satisfies GraphLayoutRequest);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      worker?.removeEventListener("message", onMessage);
      worker?.removeEventListener("error", settleHere);
    };
  }, [computed, nodes, expanded]);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );

  const isSettled = computed.isSeed && settled?.seed === computed.layout;
  return {
    layout: isSettled && settled ? settled.layout : computed.layout,
    /** True while a big graph shows its seed and the worker is still working. */
    isSettling: computed.isSeed && !isSettled,
    isSettled,
  };
}

function computeLayout(nodes: MindmapNode[], expanded: ReadonlySet<string>, view: MindmapViewType): Computed {
  if (view !== "graph") return { layout: layoutMindmap(nodes, expanded, view), isSeed: false };
  if (typeof Worker !== "undefined") {
    const seed = layoutGraph(nodes, expanded, { ticks: 0 });
    if (seed.nodes.length > GRAPH_DENSE_NODES) return { layout: seed, isSeed: true };
  }
  return { layout: layoutGraph(nodes, expanded), isSeed: false };
}
