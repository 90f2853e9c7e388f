import {
  pointer,
  select,
  type ZoomBehavior,
  type ZoomTransform,
  zoom,
  zoomIdentity,
  zoomTransform,
} from "d3";
import { Maximize2, ZoomIn, ZoomOut } from "lucide-react";
import {
  memo,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { MindmapNode } from "~/domain/contract/learning";
import type { MindmapViewType } from "~/domain/contract/mindmap";
import { MINDMAP_CANVAS, MINDMAP_ZOOM } from "~/domain/mindmap";
import { iconButtonClass } from "~/web/components/ui/button-variants";
import { cn } from "~/web/lib/cn";
import {
  CULL_MARGIN,
  canvasLabel,
  cullLayout,
  DOT_RADIUS,
  fitView,
  growRect,
  isLabelledView,
  isRectInside,
  type LaidOutLink,
  type LaidOutNode,
  nearestDot,
  needsRecull,
  viewRect,
} from "./layout";
import { PERF_MARKS, useMindmapLayout } from "./use-mindmap-layout";

const { width: WIDTH, height: HEIGHT } = MINDMAP_CANVAS;
/** Keyboard pan step, in screen (viewBox) units. */
const PAN_STEP = 60;
/** Pointer travel (CSS px) before a press on the canvas becomes a drag instead of a click. */
const DRAG_THRESHOLD = 3;
/** A map with more nodes than this is culled to the view and drawn with a level of detail. */
const LOD_NODES = 150;

export type MindmapCanvasHandle = {
  zoomBy: (factor: number) => void;
  reset: () => void;
  centreOn: (nodeId: string) => void;
  svg: () => SVGSVGElement | null;
};

/**
 * The map drawn in SVG on a 1200 × 800 viewBox. Zoom and pan are d3-zoom writing one transform on
 * the inner <g> (a mouse drag moves the svg's layer until release): React never re-renders on a zoom
 * event, only when a big map's drawn area has to move. The wheel zooms in fixed steps (×1.1 / ×0.9
 * per notch), the arrow keys pan while the canvas has focus. The layout is memoised on
 * (map, expanded, view); nodes are keyed by id and memoised, so a selection repaints two nodes.
 */
export function MindmapCanvas({
  nodes,
  expanded,
  view,
  selectedId,
  matches,
  focusRequest,
  label,
  onSelect,
  onToggle,
  handleRef,
}: {
  nodes: MindmapNode[];
  expanded: ReadonlySet<string>;
  view: MindmapViewType;
  selectedId: string | null;
  matches: ReadonlySet<string>;
  /** Centre this node once it is laid out (search, ?node=); a new object each time it is asked. */
  focusRequest: { id: string } | null;
  label: string;
  onSelect: (nodeId: string) => void;
  onToggle: (nodeId: string) => void;
  handleRef: RefObject<MindmapCanvasHandle | null>;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const shieldRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<SVGGElement>(null);
  const zoomLabelRef = useRef<HTMLOutputElement>(null);
  const behaviourRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);

  const { layout, isSettling, isSettled } = useMindmapLayout(nodes, expanded, view);
  const positions = useMemo(() => new Map(layout.nodes.map((node) => [node.id, node])), [layout]);
  // Where "Reset view" (and 0) returns: a small map enlarged to fill the canvas, else 100%.
  const home = useMemo(() => {
    const fit = fitView(layout.nodes, view);
    return zoomIdentity.translate(fit.x, fit.y).scale(fit.k);
  }, [layout, view]);
  // The zoom behaviour's handlers are set up once; they read the current home through this ref.
  const homeRef = useRef(home);
  homeRef.current = home;

  const isDense = layout.nodes.length > LOD_NODES;
  // Level of detail (isLabelledView): derived from the layout and d3's current zoom, which lives on
  // the svg, not in React; a zoom event bumps lodVersion only when the decision flips, so zooming
  // renders nothing in between. Derived in render, so an "Expand all" paints its first frame at the
  // right level of detail.
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const [lodVersion, setLodVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: lodVersion stands for d3's zoom state.
  const isLabelled = useMemo(
    () => isLabelledView(layout.nodes, svgRef.current ? zoomTransform(svgRef.current) : home),
    [layout, home, lodVersion],
  );
  const isLabelledRef = useRef(isLabelled);
  isLabelledRef.current = isLabelled;
  // The drawn area (scene units) of a dense map; it starts as the home view and its margin.
  const [drawn, setDrawn] = useState(() => growRect(viewRect(home), CULL_MARGIN));
  const drawnRef = useRef(drawn);
  const shown = useMemo(() => {
    if (!isDense) return layout;
    return cullLayout(layout, drawn, (id) => id === selectedId || matches.has(id));
  }, [isDense, layout, drawn, selectedId, matches]);
  // A big map seen from afar: nodes under the second level (most of them) are bare dots, one plain
  // circle each (no group, label or tooltip); a click on one finds its node.
  const { shapes, dots } = useMemo(() => {
    if (!isDense || isLabelled) return { shapes: shown.nodes, dots: [] as LaidOutNode[] };
    const isBare = (node: LaidOutNode) => node.depth >= 3 && node.id !== selectedId && !matches.has(node.id);
    return { shapes: shown.nodes.filter((node) => !isBare(node)), dots: shown.nodes.filter(isBare) };
  }, [isDense, isLabelled, shown, selectedId, matches]);
  const onDotClick = (event: React.MouseEvent<SVGPathElement>) => {
    const scene = sceneRef.current;
    if (!scene) return;
    const [x, y] = pointer(event.nativeEvent, scene);
    const hit = nearestDot(dots, x, y);
    if (!hit) return;
    event.stopPropagation();
    if (hit.hasChildren) onToggle(hit.id);
    else onSelect(hit.id);
  };

  // First paint after each new layout: two frames after the commit (the bench reads the measure; a
  // big graph's settled positions get a measure of their own).
  useLayoutEffect(() => {
    void layout;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => {
        performance.mark(PERF_MARKS.painted);
        try {
          performance.measure(
            isSettled ? PERF_MARKS.settledMeasure : PERF_MARKS.measure,
            PERF_MARKS.layoutStart,
            PERF_MARKS.painted,
          );
        } catch {
          // The start mark was cleared by someone else; nothing to measure.
        }
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [layout, isSettled]);

  /** Moves a dense map's drawn area when the view under this transform nears its edge. */
  const recullFor = (transform: { x: number; y: number; k: number }, isDragging = false) => {
    const view = viewRect(transform);
    // Mid-drag the margin is already painted: redraw (and repaint the layer) only once the view
    // would run past it; the release recentres it.
    if (isDragging ? isRectInside(view, drawnRef.current) : !needsRecull(drawnRef.current, view)) return;
    drawnRef.current = growRect(view, CULL_MARGIN);
    setDrawn(drawnRef.current);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once; recullFor uses refs and a state setter only.
  useEffect(() => {
    const svg = svgRef.current;
    const scene = sceneRef.current;
    const layer = layerRef.current;
    const shield = shieldRef.current;
    if (!svg || !scene || !layer || !shield) return;
    const selection = select(svg);
    const behaviour = zoom<SVGSVGElement, unknown>()
      .scaleExtent([MINDMAP_ZOOM.min, MINDMAP_ZOOM.max])
      .extent([
        [0, 0],
        [WIDTH, HEIGHT],
      ])
      // The wheel is handled below in fixed steps; double-click stays a click on a node; mouse and pen
      // drags are handled below as a moved layer (d3 keeps touch, pinch and programmatic moves).
      .filter((event: Event) => {
        if (event.type === "wheel" || event.type === "dblclick" || event.type === "mousedown") return false;
        const mouse = event as MouseEvent;
        return !mouse.ctrlKey && !mouse.button;
      })
      .on("zoom", (event: { transform: ZoomTransform; sourceEvent: Event | null }) => {
        scene.setAttribute("transform", event.transform.toString());
        recullFor(event.transform);
        if (isLabelledView(layoutRef.current.nodes, event.transform) !== isLabelledRef.current)
          setLodVersion((version) => version + 1);
        // While a touch drag or pinch moves the map, the deeper labels are hidden (one attribute, no
        // React render): repainting hundreds of labels each frame is what drops frames on slow machines.
        if (event.sourceEvent && !svg.hasAttribute("data-moving")) svg.setAttribute("data-moving", "");
        if (zoomLabelRef.current)
          zoomLabelRef.current.textContent = `${Math.round(event.transform.k * 100)}%`;
      });
    behaviour.on("end", () => svg.removeAttribute("data-moving"));
    behaviourRef.current = behaviour;
    selection.call(behaviour);
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      behaviour.scaleBy(
        selection,
        event.deltaY < 0 ? MINDMAP_ZOOM.wheelIn : MINDMAP_ZOOM.wheelOut,
        pointer(event, svg) as [number, number],
      );
    };
    svg.addEventListener("wheel", onWheel, { passive: false });

    // A mouse or pen drag moves the layer around the <svg> with a CSS transform: the browser moves
    // a composited layer without layout or paint, where moving the scene's SVG transform (or the
    // svg's own CSS transform) lays out and repaints every edge and label on each mousemove (what
    // dropped frames on a 500-node map). The scene overflows the svg box (the container clips it),
    // so the culled margin is already painted when it slides into view. On release the move
    // becomes the zoom transform, in one repaint.
    let drag: {
      pointerId: number;
      x: number;
      y: number;
      start: ZoomTransform;
      pixelsPerUnit: number;
      dx: number;
      dy: number;
      isMoving: boolean;
    } | null = null;
    const dragTransform = (current: NonNullable<typeof drag>) =>
      zoomIdentity
        .translate(
          current.start.x + current.dx / current.pixelsPerUnit,
          current.start.y + current.dy / current.pixelsPerUnit,
        )
        .scale(current.start.k);
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType === "touch" || event.button !== 0 || event.ctrlKey || drag) return;
      drag = {
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        start: zoomTransform(svg),
        pixelsPerUnit: svg.getBoundingClientRect().width / WIDTH || 1,
        dx: 0,
        dy: 0,
        isMoving: false,
      };
    };
    // Where a mouse or pen exists, the layer stays promoted (will-change) for good. Promoting it when
    // a drag starts, or when the pointer enters just before the press, made the browser raster the
    // whole new layer in the drag's first frames: one or two dropped frames (decision 025, sixth
    // round). Zooming repaints the scene inside the layer (an SVG transform; the layer's own
    // transform is only ever a translation), so it is re-rastered at each zoom and stays crisp;
    // a dense map's scene is culled to the drawn area, which bounds the layer's paint. Touch-only
    // screens pan through d3-zoom and keep no layer; a pen or mouse that appears there later gets
    // one while it is over the canvas.
    const isAlwaysPromoted = window.matchMedia("(any-pointer: fine)").matches;
    if (isAlwaysPromoted) layer.style.willChange = "transform";
    let isHovered = false;
    const onPointerEnter = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      isHovered = true;
      layer.style.willChange = "transform";
    };
    const onPointerLeave = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      isHovered = false;
      if (!drag && !isAlwaysPromoted) layer.style.willChange = "";
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      drag.dx = event.clientX - drag.x;
      drag.dy = event.clientY - drag.y;
      if (!drag.isMoving) {
        // A few pixels of jitter is still a click on a node.
        if (Math.hypot(drag.dx, drag.dy) < DRAG_THRESHOLD) return;
        drag.isMoving = true;
        svg.setPointerCapture(event.pointerId);
        // The shield covers the scene: no hit testing of hundreds of shapes on each move, and the
        // grabbing cursor, without changing an inherited property (pointer-events, cursor) on the
        // scene, which restyled all its elements at the start and the end of every drag.
        shield.hidden = false;
        layer.style.willChange = "transform";
      }
      layer.style.transform = `translate3d(${drag.dx}px, ${drag.dy}px, 0)`;
      recullFor(dragTransform(drag), true);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      const ended = drag;
      drag = null;
      if (!ended.isMoving) return;
      layer.style.transform = "";
      if (!isHovered && !isAlwaysPromoted) layer.style.willChange = "";
      shield.hidden = true;
      behaviour.transform(selection, dragTransform(ended));
      // A drag that ends on a node is not a click on it.
      const swallow = (click: MouseEvent) => click.stopPropagation();
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }));
    };
    svg.addEventListener("pointerenter", onPointerEnter);
    svg.addEventListener("pointerleave", onPointerLeave);
    svg.addEventListener("pointerdown", onPointerDown);
    svg.addEventListener("pointermove", onPointerMove);
    svg.addEventListener("pointerup", onPointerUp);
    svg.addEventListener("pointercancel", onPointerUp);
    // The canvas mounts once per view: each view opens fitted to its map.
    behaviour.transform(selection, homeRef.current);
    return () => {
      svg.removeEventListener("wheel", onWheel);
      svg.removeEventListener("pointerenter", onPointerEnter);
      svg.removeEventListener("pointerleave", onPointerLeave);
      svg.removeEventListener("pointerdown", onPointerDown);
      svg.removeEventListener("pointermove", onPointerMove);
      svg.removeEventListener("pointerup", onPointerUp);
      svg.removeEventListener("pointercancel", onPointerUp);
      selection.on(".zoom", null);
    };
  }, []);

  const centreOn = (nodeId: string) => {
    const svg = svgRef.current;
    const behaviour = behaviourRef.current;
    const node = positions.get(nodeId);
    if (!svg || !behaviour || !node) return;
    const { k } = zoomTransform(svg);
    behaviour.transform(
      select(svg),
      zoomIdentity.translate(WIDTH / 2 - k * node.x, HEIGHT / 2 - k * node.y).scale(k),
    );
  };

  useImperativeHandle(handleRef, () => ({
    zoomBy: (factor) => {
      const svg = svgRef.current;
      if (svg && behaviourRef.current)
        behaviourRef.current.scaleBy(select(svg), factor, [WIDTH / 2, HEIGHT / 2]);
    },
    reset: () => {
      const svg = svgRef.current;
      if (svg && behaviourRef.current) behaviourRef.current.transform(select(svg), homeRef.current);
    },
    centreOn,
    svg: () => svgRef.current,
  }));

  // Centring is a side effect on d3's zoom state, run once per request when its node is laid out
  // (a later expand or collapse must not pull the view back to it).
  const handledRequest = useRef<{ id: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: centreOn reads the current positions.
  useEffect(() => {
    if (!focusRequest || handledRequest.current === focusRequest || !positions.has(focusRequest.id)) return;
    handledRequest.current = focusRequest;
    centreOn(focusRequest.id);
  }, [focusRequest, positions]);

  const onKeyDown = (event: React.KeyboardEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    const behaviour = behaviourRef.current;
    if (!svg || !behaviour) return;
    const { k } = zoomTransform(svg);
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const step = steps[event.key];
    if (step) behaviour.translateBy(select(svg), step[0] / k, step[1] / k);
    else if (event.key === "+" || event.key === "=")
      behaviour.scaleBy(select(svg), MINDMAP_ZOOM.buttonIn, [WIDTH / 2, HEIGHT / 2]);
    else if (event.key === "-")
      behaviour.scaleBy(select(svg), MINDMAP_ZOOM.buttonOut, [WIDTH / 2, HEIGHT / 2]);
    else if (event.key === "0") behaviour.transform(select(svg), homeRef.current);
    else return;
    event.preventDefault();
  };

  return (
    <div className="relative overflow-hidden border border-border bg-card">
      <div ref={layerRef}>
        <svg
          ref={svgRef}
          role="img"
          aria-label={label}
          aria-describedby="mindmap-canvas-help"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas takes focus so the arrow keys pan it; the outline is the way to its nodes.
          tabIndex={0}
          onKeyDown={onKeyDown}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="group/canvas block h-auto w-full overflow-visible cursor-grab touch-none bg-card outline-none select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          data-view={view}
          data-dense={isDense || undefined}
          data-node-count={layout.nodes.length}
          data-settling={isSettling || undefined}
          aria-busy={isSettling || undefined}
        >
          <g ref={sceneRef} data-testid="mindmap-scene">
            <g className="fill-none">
              {isDense ? (
                // A big map's edges are two paths, not hundreds of elements (paint time), without tooltips
                // and out of hit testing (a long path's stroke is slow to hit-test on every mouse move).
                <>
                  <path
                    d={linksPath(shown.links, view, "tree")}
                    className={cn(LINK_CLASS.tree, "pointer-events-none")}
                  />
                  <path
                    d={linksPath(shown.links, view, "concept")}
                    className={cn(LINK_CLASS.concept, "pointer-events-none")}
                  />
                </>
              ) : (
                shown.links.map((link) => <LinkPath key={link.id} link={link} view={view} />)
              )}
            </g>
            {dots.length > 0 && (
              // biome-ignore lint/a11y/noStaticElementInteractions: mouse and touch only; the outline is the keyboard way in
              <g
                data-testid="mindmap-dots"
                onClick={onDotClick}
                className="cursor-pointer stroke-2 stroke-primary/70"
              >
                {/* Plain circles: the browser paints them on its fast path, which a path of arcs is not. */}
                {dots.map((dot) => (
                  <circle
                    key={dot.id}
                    cx={dot.x}
                    cy={dot.y}
                    r={DOT_RADIUS}
                    className={dot.hasChildren && !dot.isExpanded ? "fill-primary" : "fill-card"}
                  />
                ))}
              </g>
            )}
            <g>
              {shapes.map((node) => (
                <NodeShape
                  key={node.id}
                  item={node}
                  view={view}
                  isSelected={node.id === selectedId}
                  isMatch={matches.has(node.id)}
                  onSelect={onSelect}
                  onToggle={onToggle}
                />
              ))}
            </g>
          </g>
        </svg>
      </div>
      {/* Over the scene while a mouse drag pans it (see the drag handlers). */}
      <div ref={shieldRef} hidden className="absolute inset-0 cursor-grabbing" />
      <p id="mindmap-canvas-help" className="sr-only">
        Drag or use the arrow keys to pan, plus and minus to zoom, 0 to reset. Use the outline to move between
        ideas.
      </p>
      <div className="absolute right-2 bottom-2 flex items-center gap-1 rounded-lg border border-border bg-background/90 p-1 shadow-sm">
        <ZoomButton label="Zoom out" onClick={() => handleRef.current?.zoomBy(MINDMAP_ZOOM.buttonOut)}>
          <ZoomOut aria-hidden="true" />
        </ZoomButton>
        <output
          ref={zoomLabelRef}
          aria-label="Zoom level"
          className="min-w-12 text-center font-mono text-xs text-muted-foreground tabular-nums"
        >
          100%
        </output>
        <ZoomButton label="Zoom in" onClick={() => handleRef.current?.zoomBy(MINDMAP_ZOOM.buttonIn)}>
          <ZoomIn aria-hidden="true" />
        </ZoomButton>
        <ZoomButton label="Reset view" onClick={() => handleRef.current?.reset()}>
          <Maximize2 aria-hidden="true" />
        </ZoomButton>
      </div>
    </div>
  );
}

function ZoomButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn(iconButtonClass, "size-8 text-foreground [&_svg]:size-4")}
    >
      {children}
    </button>
  );
}

const LINK_CLASS = {
  // Solid, with colour alpha: dashes and element opacity both cost paint time on hundreds of links.
  concept: "stroke-accent/45 stroke-1",
  tree: "stroke-border stroke-[1.5]",
} as const;

function linkSegment(link: LaidOutLink, view: MindmapViewType) {
  const { x1, y1, x2, y2 } = link;
  const middle = (x1 + x2) / 2;
  return view === "tree" && link.kind === "tree"
    ? `M${x1},${y1}C${middle},${y1} ${middle},${y2} ${x2},${y2}`
    : `M${x1},${y1}L${x2},${y2}`;
}

/** All edges of one kind as a single path's data. */
function linksPath(links: LaidOutLink[], view: MindmapViewType, kind: LaidOutLink["kind"]) {
  let d = "";
  for (const link of links) if (link.kind === kind) d += linkSegment(link, view);
  return d;
}

const LinkPath = memo(function LinkPath({ link, view }: { link: LaidOutLink; view: MindmapViewType }) {
  return (
    <path d={linkSegment(link, view)} className={LINK_CLASS[link.kind]}>
      {link.kind === "concept" && <title>{`Shared: ${link.concepts.join(", ")}`}</title>}
    </path>
  );
});

const NodeShape = memo(function NodeShape({
  item,
  view,
  isSelected,
  isMatch,
  onSelect,
  onToggle,
}: {
  item: LaidOutNode;
  view: MindmapViewType;
  isSelected: boolean;
  isMatch: boolean;
  onSelect: (nodeId: string) => void;
  onToggle: (nodeId: string) => void;
}) {
  const radius = item.depth === 0 ? 9 : item.depth === 1 ? 7 : DOT_RADIUS;
  const label = labelPlacement(item, view, radius);
  const isCollapsed = item.hasChildren && !item.isExpanded;
  return (
    <g
      transform={`translate(${item.x},${item.y})`}
      data-node-id={item.id}
      data-match={isMatch || undefined}
      data-selected={isSelected || undefined}
      className="cursor-pointer"
    >
      <title>{item.node.title}</title>
      {(isMatch || isSelected) && (
        <circle r={radius + 6} className={isSelected ? "fill-primary/25" : "fill-accent/40"} />
      )}
      {/* The dot toggles the node's children (filled: some are hidden); the label opens the panel.
          Mouse and touch only: the keyboard and screen readers use the outline (decision 025). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <circle
        r={radius}
        onClick={(event) => {
          event.stopPropagation();
          if (item.hasChildren) onToggle(item.id);
          else onSelect(item.id);
        }}
        className={cn(
          "stroke-2",
          isSelected ? "stroke-primary" : isMatch ? "stroke-accent" : "stroke-primary/70",
          isCollapsed ? "fill-primary" : "fill-card",
        )}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the outline is the keyboard way in */}
      <text
        x={label.x}
        y={label.y}
        textAnchor={label.anchor}
        dominantBaseline="middle"
        onClick={() => onSelect(item.id)}
        className={cn(
          "fill-foreground text-[14px]",
          // A halo keeps the upper levels' labels readable over the links; below them it costs more
          // paint time than it gives (hundreds of leaves).
          item.depth <= 1
            ? "stroke-card stroke-[3px] [paint-order:stroke]"
            : "group-data-[moving]/canvas:hidden",
          item.depth === 0 && "text-[16px] font-semibold",
          isMatch && "font-semibold",
        )}
      >
        {canvasLabel(item.node.title)}
      </text>
    </g>
  );
});

function labelPlacement(item: LaidOutNode, view: MindmapViewType, radius: number) {
  const gap = radius + 5;
  if (view === "radial" && item.angle !== null) {
    const isRight = Math.sin(item.angle) >= 0;
    return {
      x: Math.sin(item.angle) * gap + (isRight ? 2 : -2),
      y: -Math.cos(item.angle) * gap,
      anchor: isRight ? ("start" as const) : ("end" as const),
    };
  }
  if (view === "radial" || (view === "graph" && item.depth === 0))
    return { x: 0, y: radius + 12, anchor: "middle" as const };
  return { x: gap, y: 0, anchor: "start" as const };
}
