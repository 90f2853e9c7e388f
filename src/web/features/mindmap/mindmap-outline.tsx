import { ChevronRight } from "lucide-react";
import { memo, useRef, useState } from "react";
import { formatTime } from "~/domain/time";
import { cn } from "~/web/lib/cn";
import { type OutlineRow, resolveOutlineKey } from "./outline-model";

/**
 * The map as an outline (WAI-ARIA tree): the way into the map for keyboards and screen readers,
 * and the first view on narrow screens. One treeitem holds the focus (roving tabindex).
 */
export function MindmapOutline({
  rows,
  matches,
  selectedId,
  label,
  onExpand,
  onCollapse,
  onPlay,
  onOpen,
}: {
  rows: OutlineRow[];
  matches: ReadonlySet<string>;
  selectedId: string | null;
  label: string;
  onExpand: (nodeId: string) => void;
  onCollapse: (nodeId: string) => void;
  onPlay: (nodeId: string) => void;
  onOpen: (nodeId: string) => void;
}) {
  const [focusedId, setFocusedId] = useState<string | null>(selectedId);
  const items = useRef(new Map<string, HTMLDivElement>());
  // A focused row hidden by a collapse elsewhere hands the tab stop to the first row.
  const activeId = rows.some((row) => row.node.id === focusedId) ? focusedId : (rows[0]?.node.id ?? null);

  const moveFocus = (id: string) => {
    setFocusedId(id);
    items.current.get(id)?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (!activeId) return;
    const result = resolveOutlineKey(rows, activeId, event.key);
    if (result.kind === "none") return;
    event.preventDefault();
    if (result.kind === "focus") moveFocus(result.id);
    else if (result.kind === "expand") onExpand(result.id);
    else if (result.kind === "collapse") onCollapse(result.id);
    else if (result.kind === "play") onPlay(result.id);
    else onOpen(result.id);
  };

  return (
    <div role="tree" aria-label={label} onKeyDown={onKeyDown} className="flex flex-col gap-px text-sm">
      {rows.map((row) => (
        <OutlineItem
          key={row.node.id}
          row={row}
          isActive={row.node.id === activeId}
          isMatch={matches.has(row.node.id)}
          isSelected={row.node.id === selectedId}
          register={items.current}
          onFocus={setFocusedId}
          onToggle={row.isExpanded ? onCollapse : onExpand}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}

const OutlineItem = memo(function OutlineItem({
  row,
  isActive,
  isMatch,
  isSelected,
  register,
  onFocus,
  onToggle,
  onOpen,
}: {
  row: OutlineRow;
  isActive: boolean;
  isMatch: boolean;
  isSelected: boolean;
  register: Map<string, HTMLDivElement>;
  onFocus: (nodeId: string) => void;
  onToggle: (nodeId: string) => void;
  onOpen: (nodeId: string) => void;
}) {
  const { node } = row;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's keydown handler (on the tree) covers the keyboard.
    <div
      ref={(element) => {
        if (element) register.set(node.id, element);
        else register.delete(node.id);
      }}
      role="treeitem"
      aria-level={row.level}
      aria-posinset={row.position}
      aria-setsize={row.setSize}
      aria-expanded={row.hasChildren ? row.isExpanded : undefined}
      aria-selected={isSelected}
      data-node-id={node.id}
      data-match={isMatch || undefined}
      tabIndex={isActive ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus(node.id);
      }}
      onClick={() => onOpen(node.id)}
      style={{ paddingLeft: `${(row.level - 1) * 1.1 + 0.25}rem` }}
      className={cn(
        // Rows out of the outline's view are skipped in rendering (content-visibility): without it,
        // every frame of a canvas drag walked all 500 rows of a big map (decision 025, fifth round).
        // Paint containment clips an outer ring, hence the inset focus ring.
        "flex min-w-0 cursor-pointer items-start gap-1 rounded-md py-1 pr-2 outline-none [contain-intrinsic-size:auto_28px] [content-visibility:auto] hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        isSelected && "bg-secondary text-secondary-foreground",
        isMatch && "bg-accent/20 font-medium",
      )}
    >
      {/* Mouse affordance only: the keyboard expands with → / ← / + / -. */}
      <span
        aria-hidden="true"
        onClick={(event) => {
          event.stopPropagation();
          if (row.hasChildren) onToggle(node.id);
        }}
        className={cn(
          "mt-0.5 flex size-4 shrink-0 items-center justify-center rounded text-muted-foreground",
          row.hasChildren ? "hover:bg-border" : "invisible",
        )}
      >
        <ChevronRight className={cn("size-3.5 transition-transform", row.isExpanded && "rotate-90")} />
      </span>
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{node.title}</span>
      {node.time !== undefined && (
        <span className="shrink-0 font-mono text-xs text-muted-foreground tabular-nums">
          {formatTime(node.time)}
        </span>
      )}
    </div>
  );
});
