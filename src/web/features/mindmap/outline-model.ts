import type { MindmapNode } from "~/domain/contract/learning";

/** One row of the outline (role="tree"): a visible node with what its treeitem announces. */
export type OutlineRow = {
  node: MindmapNode;
  /** aria-level: 1 for a root. */
  level: number;
  parentId: string | null;
  /** aria-posinset / aria-setsize among its siblings. */
  position: number;
  setSize: number;
  hasChildren: boolean;
  isExpanded: boolean;
};

/** The visible rows in reading order (pre-order), children only under expanded nodes. */
export function listOutlineRows(nodes: MindmapNode[], expanded: ReadonlySet<string>): OutlineRow[] {
  const rows: OutlineRow[] = [];
  const visit = (list: MindmapNode[], level: number, parentId: string | null) => {
    list.forEach((node, index) => {
      const hasChildren = node.children.length > 0;
      const isExpanded = hasChildren && expanded.has(node.id);
      rows.push({
        node,
        level,
        parentId,
        position: index + 1,
        setSize: list.length,
        hasChildren,
        isExpanded,
      });
      if (isExpanded) visit(node.children, level + 1, node.id);
    });
  };
  visit(nodes, 1, null);
  return rows;
}

export type OutlineKeyResult =
  | { kind: "focus"; id: string }
  | { kind: "expand"; id: string }
  | { kind: "collapse"; id: string }
  | { kind: "play"; id: string }
  | { kind: "open"; id: string }
  | { kind: "none" };

/**
 * What a key does on the focused row (WAI-ARIA tree pattern): ↑/↓ move, → expands or enters the
 * first child, ← collapses or goes to the parent, Home/End, + / - expand / collapse, Enter plays the
 * moment and Space opens the node's panel.
 */
export function resolveOutlineKey(rows: OutlineRow[], focusedId: string, key: string): OutlineKeyResult {
  const index = rows.findIndex((row) => row.node.id === focusedId);
  const row = rows[index];
  if (!row) return rows[0] ? { kind: "focus", id: rows[0].node.id } : { kind: "none" };
  const focus = (target: OutlineRow | undefined): OutlineKeyResult =>
    target ? { kind: "focus", id: target.node.id } : { kind: "none" };
  switch (key) {
    case "ArrowDown":
      return focus(rows[index + 1]);
    case "ArrowUp":
      return focus(rows[index - 1]);
    case "Home":
      return focus(rows[0]);
    case "End":
      return focus(rows[rows.length - 1]);
    case "ArrowRight":
      if (!row.hasChildren) return { kind: "none" };
      return row.isExpanded ? focus(rows[index + 1]) : { kind: "expand", id: row.node.id };
    case "ArrowLeft":
      if (row.isExpanded) return { kind: "collapse", id: row.node.id };
      return row.parentId ? { kind: "focus", id: row.parentId } : { kind: "none" };
    case "+":
      return row.hasChildren && !row.isExpanded ? { kind: "expand", id: row.node.id } : { kind: "none" };
    case "-":
      return row.isExpanded ? { kind: "collapse", id: row.node.id } : { kind: "none" };
    case "Enter":
      return { kind: "play", id: row.node.id };
    case " ":
      return { kind: "open", id: row.node.id };
    default:
      return { kind: "none" };
  }
}
