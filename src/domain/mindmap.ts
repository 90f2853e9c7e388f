import type { MindmapData, MindmapNode } from "./contract/learning.ts";
import { type MindmapAbWinner, type MindmapViewType, mindmapViewTypes } from "./contract/mindmap.ts";
import { formatTime } from "./time.ts";

/**
 * The mind map's rules (spec 2 §2 Mind map, §9; spec 3 §4 A/B winner), shared by the screen and the
 * server: view names, the walk over nested nodes, search, the concept key the server's concept index
 * uses, the "shared concept" edges of the graph view, the exports and the A/B rule. Pure: no I/O.
 */

export const MINDMAP_CANVAS = { width: 1200, height: 800 } as const;
export const MINDMAP_ZOOM = {
  min: 0.3,
  max: 3,
  wheelIn: 1.1,
  wheelOut: 0.9,
  buttonIn: 1.2,
  buttonOut: 0.8,
} as const;
export const MINDMAP_SEARCH_DEBOUNCE_MS = 300;

/** The view kept in the query (`?view=`); anything unknown shows the tree. */
export function parseMindmapView(value: unknown): MindmapViewType {
  return mindmapViewTypes.find((view) => view === value) ?? "tree";
}

export type WalkedNode = { node: MindmapNode; depth: number; parentId: string | null };

/** Every node in pre-order (a node before its children); top-level nodes have depth 0. */
export function walkMindmap(nodes: MindmapNode[]): WalkedNode[] {
  const walked: WalkedNode[] = [];
  // An explicit stack: a deeply nested map from the engine cannot overflow the call stack.
  const stack: WalkedNode[] = nodes.map((node) => ({ node, depth: 0, parentId: null })).reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    walked.push(next);
    const { node, depth } = next;
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push({ node: child, depth: depth + 1, parentId: node.id });
    }
  }
  return walked;
}

export function countMindmapNodes(nodes: MindmapNode[]): number {
  return walkMindmap(nodes).length;
}

/** The first node (in pre-order) with this id, or null. */
export function findMindmapNode(nodes: MindmapNode[], id: string): MindmapNode | null {
  return walkMindmap(nodes).find((walked) => walked.node.id === id)?.node ?? null;
}

/** The ids of the node's ancestors, root first, without the node itself; [] when the id is unknown. */
export function ancestorIds(nodes: MindmapNode[], id: string): string[] {
  const path: string[] = [];
  for (const { node, depth } of walkMindmap(nodes)) {
    path.length = depth;
    if (node.id === id) return path;
    path.push(node.id);
  }
  return [];
}

/**
 * Ids of the nodes (pre-order, each once) whose title, summary or a related concept contains the
 * trimmed query, ignoring case. A blank query finds nothing.
 */
export function searchMindmap(nodes: MindmapNode[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const found = new Set<string>();
  for (const { node } of walkMindmap(nodes)) {
    const texts = [node.title, node.summary ?? "", ...(node.relatedConcepts ?? [])];
    if (texts.some((text) => text.toLowerCase().includes(needle))) found.add(node.id);
  }
  return [...found];
}

/**
 * The whitespace a concept key collapses: JavaScript's `trim` set plus NEL, written out so the SQL
 * in the concept index (migration 0021, `public.mindmap_concept_key`) can use the very same class.
 */
const CONCEPT_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/g;

/**
 * A concept as the catalog-wide index keys it: NFKC, trimmed, inner whitespace collapsed to one
 * space, lower-cased with full Unicode case mapping ("ΟΔΟΣ" → "οδος", "ＡＩ" → "ai"). The migration's
 * SQL function does the same (PostgreSQL's `pg_unicode_fast` lower-casing equals JavaScript's); an
 * API test compares the two on awkward input.
 */
export function conceptKey(concept: string): string {
  return concept.normalize("NFKC").replace(CONCEPT_SPACE, " ").replace(/^ | $/g, "").toLowerCase();
}

export type ConceptEdge = { source: string; target: string; concepts: string[] };

/** Edges one node gets at most by default: enough to see links, few enough to draw 500 nodes. */
export const MINDMAP_EDGES_PER_NODE = 4;

/**
 * The graph view's cross links: pairs of nodes that share at least one concept key and are not
 * parent and child (the tree already links those). Pairs sharing more concepts come first, then by
 * the pre-order of source and target; an edge is kept only while both its nodes have fewer than
 * `maxPerNode` edges. `source` is the node earlier in pre-order; `concepts` are the shared keys,
 * sorted. Nodes with a repeated id count once (the first).
 */
export function sharedConceptEdges(
  nodes: MindmapNode[],
  options: { maxPerNode?: number } = {},
): ConceptEdge[] {
  const maxPerNode = options.maxPerNode ?? MINDMAP_EDGES_PER_NODE;
  const seen = new Set<string>();
  const entries: { id: string; parentId: string | null; keys: Set<string> }[] = [];
  for (const { node, parentId } of walkMindmap(nodes)) {
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const keys = new Set((node.relatedConcepts ?? []).map(conceptKey).filter(Boolean));
    entries.push({ id: node.id, parentId, keys });
  }
  const holders = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const key of entry.keys) {
      const list = holders.get(key);
      if (list) list.push(index);
      else holders.set(key, [index]);
    }
  });
  // Pairs bucketed by how many keys they share; scanning a, then b, in pre-order fills each bucket
  // already in (a, b) order, so no sort is needed. Typed counters keep a 500-node map where every
  // node shares a concept (125,000 pairs) to a few milliseconds.
  const count = entries.length;
  const shared = new Int32Array(count);
  const buckets: number[][] = [];
  for (let a = 0; a < count; a++) {
    shared.fill(0);
    for (const key of entries[a]?.keys ?? []) {
      for (const b of holders.get(key) ?? []) if (b > a) shared[b] = (shared[b] ?? 0) + 1;
    }
    for (let b = a + 1; b < count; b++) {
      const n = shared[b] ?? 0;
      if (n === 0) continue;
      const bucket = buckets[n];
      if (bucket) bucket.push(a * count + b);
      else buckets[n] = [a * count + b];
    }
  }
  const degree = new Int32Array(count);
  const edges: ConceptEdge[] = [];
  for (let n = buckets.length - 1; n > 0; n--) {
    for (const pair of buckets[n] ?? []) {
      const a = Math.floor(pair / count);
      const b = pair % count;
      const [source, target] = [entries[a], entries[b]];
      if (!source || !target || (degree[a] ?? 0) >= maxPerNode || (degree[b] ?? 0) >= maxPerNode) continue;
      if (target.parentId === source.id || source.parentId === target.id) continue;
      degree[a] = (degree[a] ?? 0) + 1;
      degree[b] = (degree[b] ?? 0) + 1;
      const concepts = [...source.keys].filter((key) => target.keys.has(key)).sort();
      edges.push({ source: source.id, target: target.id, concepts });
    }
  }
  return edges;
}

/** A node in the spec's shape with its keys in one order (whatever else a stored node carries is left out). */
function exportNode(node: MindmapNode): MindmapNode {
  return {
    id: node.id,
    title: node.title,
    ...(node.time === undefined ? {} : { time: node.time }),
    ...(node.summary === undefined ? {} : { summary: node.summary }),
    ...(node.transcriptExcerpt === undefined ? {} : { transcriptExcerpt: node.transcriptExcerpt }),
    ...(node.relatedConcepts === undefined ? {} : { relatedConcepts: node.relatedConcepts }),
    children: (node.children ?? []).map(exportNode),
  };
}

/** The JSON export: `{ episodeTitle, duration?, nodes }`, indented by two spaces. */
export function mindmapToJson(map: MindmapData): string {
  const data = {
    episodeTitle: map.episodeTitle,
    ...(map.duration === undefined ? {} : { duration: map.duration }),
    nodes: map.nodes.map(exportNode),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** One line of text: a title or summary with line breaks in it would break the outline. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

const timecode = (node: MindmapNode) => (node.time === undefined ? "" : ` (${formatTime(node.time)})`);

/** Obsidian's link syntax breaks on these; a concept keeps its words without them. */
const wikiLink = (concept: string) => `[[${oneLine(concept).replace(/[[\]|#^]/g, "")}]]`;

/**
 * The Markdown export, for Obsidian and the like: `# {episodeTitle}`, the duration, then top-level
 * nodes as `##` and their children as `###` headings (with timecode, summary and the related
 * concepts as [[links]]), and deeper nodes as nested bullets.
 */
export function mindmapToMarkdown(map: MindmapData): string {
  const lines = [`# ${oneLine(map.episodeTitle)}`, ""];
  if (map.duration !== undefined) lines.push(`Duration: ${formatTime(map.duration)}`, "");
  for (const { node, depth } of walkMindmap(map.nodes)) {
    const title = oneLine(node.title);
    const summary = node.summary ? oneLine(node.summary) : "";
    if (depth >= 2) {
      lines.push(`${"  ".repeat(depth - 2)}- **${title}**${timecode(node)}${summary ? ` — ${summary}` : ""}`);
      continue;
    }
    if (lines.at(-1) !== "") lines.push(""); // a heading after bullets needs its blank line
    lines.push(`${"#".repeat(depth + 2)} ${title}${timecode(node)}`, "");
    if (summary) lines.push(summary, "");
    const concepts = (node.relatedConcepts ?? []).filter((concept) => concept.trim()).map(wikiLink);
    if (concepts.length) lines.push(`Related: ${concepts.join(", ")}`, "");
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** The text export: the episode title, then one line per node indented two spaces a level. */
export function mindmapToText(map: MindmapData): string {
  const lines = [oneLine(map.episodeTitle), ""];
  for (const { node, depth } of walkMindmap(map.nodes)) {
    lines.push(`${"  ".repeat(depth)}${oneLine(node.title)}${timecode(node)}`);
  }
  return `${lines.join("\n")}\n`;
}

const FILE_NAME_MAX = 80;
const FILE_NAME_SUFFIX = "mind-map";

/**
 * `why-language-models-make-things-up-mind-map.md`: the title as an ASCII kebab slug (accents
 * dropped, anything else becomes a dash), the whole name at most 80 characters; "mind-map.md" when
 * nothing of the title is left.
 */
export function mindmapExportFileName(
  episodeTitle: string,
  extension: "json" | "md" | "txt" | "png",
): string {
  const tail = `-${FILE_NAME_SUFFIX}.${extension}`;
  const slug = episodeTitle
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, FILE_NAME_MAX - tail.length)
    .replace(/^-+|-+$/g, "");
  return slug ? `${slug}${tail}` : `${FILE_NAME_SUFFIX}.${extension}`;
}

export type MindmapViewStats = {
  sessions: number;
  averageDurationSeconds: number;
  averageNodesExplored: number;
};

/**
 * The admin lab's A/B winner (spec 3 §4): radial wins when its average duration and its average
 * nodes explored are both higher than the tree's; the tree wins when both of its are higher;
 * anything else is a tie. A layout without sessions has nothing to compare, so that is a tie too.
 */
export function mindmapAbWinner(tree: MindmapViewStats, radial: MindmapViewStats): MindmapAbWinner {
  if (tree.sessions === 0 || radial.sessions === 0) return "tie";
  const durationDiff = radial.averageDurationSeconds - tree.averageDurationSeconds;
  const nodesDiff = radial.averageNodesExplored - tree.averageNodesExplored;
  if (durationDiff > 0 && nodesDiff > 0) return "radial";
  if (durationDiff < 0 && nodesDiff < 0) return "tree";
  return "tie";
}
