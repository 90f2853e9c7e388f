import type { MindmapData, MindmapNode } from "../../src/domain/contract/learning.ts";

const WORDS = [
  "memory",
  "attention",
  "habit",
  "sleep",
  "learning",
  "empire",
  "trade",
  "maps",
  "language",
  "model",
  "feedback",
  "incentive",
  "network",
  "energy",
  "climate",
  "history",
  "market",
  "signal",
  "story",
  "risk",
];
const QUALIFIERS = [
  "working",
  "long-term",
  "social",
  "hidden",
  "early",
  "global",
  "local",
  "shared",
  "fast",
  "slow",
];
/** 200 two-word concepts, like the key phrases a generated map carries. */
const CONCEPTS = QUALIFIERS.flatMap((qualifier) => WORDS.map((word) => `${qualifier} ${word}`));

/**
 * A deterministic map of `count` nodes in the contract's shape (one root, 3 levels below it with a
 * branching of about 8), every node with a time, a summary, an excerpt and two or three concepts
 * drawn from 200 two-word phrases (each shared by a handful of nodes, as in a generated map), so the
 * graph view has shared-concept edges. For the layout tests and
 * `npm run bench:mindmap`.
 */
export function generateSampleMindmap(count = 500, title = "A 500-idea episode"): MindmapData {
  let made = 0;
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const makeNode = (id: string, depth: number): MindmapNode => {
    made += 1;
    const concepts = [0, 1, 2]
      .slice(0, 2 + (made % 2))
      .map(() => CONCEPTS[Math.floor(next() * CONCEPTS.length)] as string);
    const topic = concepts[0] ?? "idea";
    return {
      id,
      title: `${topic[0]?.toUpperCase()}${topic.slice(1)} and ${concepts[1]} — idea ${made}`,
      time: Math.floor(next() * 3600),
      summary: `Why ${topic} matters here, at depth ${depth}: a sentence long enough to wrap in the panel.`,
      transcriptExcerpt: `“…and that is where ${topic} comes in, because ${concepts[1]} changes everything…”`,
      relatedConcepts: concepts,
      children: [],
    };
  };
  const root = makeNode("root", 0);
  // Breadth-first, so every level fills before the next one starts.
  const queue: { node: MindmapNode; depth: number }[] = [{ node: root, depth: 0 }];
  while (made < count && queue.length) {
    const { node, depth } = queue.shift() as { node: MindmapNode; depth: number };
    const children = depth === 0 ? 8 : 7 + Math.floor(next() * 3);
    for (let i = 1; i <= children && made < count; i++) {
      const child = makeNode(`${node.id}.${i}`, depth + 1);
      node.children.push(child);
      queue.push({ node: child, depth: depth + 1 });
    }
  }
  return { episodeTitle: title, duration: 3600, nodes: [root] };
}
