import type { MindmapViewType } from "~/domain/contract/mindmap";

/**
 * The route's search params. Route validation runs in the entry chunk, so this file imports no
 * runtime code from ~/domain (its contract pulls in zod, which the landing's first load must not
 * carry: decision 012). The list is checked against the contract's type.
 */
export type MindmapSearch = { view?: MindmapViewType; node?: string };

const views = ["tree", "radial", "graph"] as const satisfies readonly MindmapViewType[];

/** ?view=tree|radial|graph (anything else is the tree, like parseMindmapView) and ?node=. */
export function parseMindmapSearch(search: Record<string, unknown>): MindmapSearch {
  const result: MindmapSearch = {};
  if (search.view !== undefined)
    result.view = (views as readonly unknown[]).includes(search.view)
      ? (search.view as MindmapViewType)
      : "tree";
  if (typeof search.node === "string" && search.node.length > 0) result.node = search.node;
  return result;
}
