import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MindmapData, MindmapNode } from "./contract/learning.ts";
import {
  ancestorIds,
  conceptKey,
  countMindmapNodes,
  findMindmapNode,
  MINDMAP_CANVAS,
  MINDMAP_SEARCH_DEBOUNCE_MS,
  MINDMAP_ZOOM,
  mindmapAbWinner,
  mindmapExportFileName,
  mindmapToJson,
  mindmapToMarkdown,
  mindmapToText,
  parseMindmapView,
  searchMindmap,
  sharedConceptEdges,
  walkMindmap,
} from "./mindmap.ts";

const node = (id: string, extra: Partial<MindmapNode> = {}, children: MindmapNode[] = []): MindmapNode => ({
  id,
  title: `Node ${id}`,
  ...extra,
  children,
});

/** 1 → (1.1 → 1.1.1 → 1.1.1.1), 1.2; 2 */
const map: MindmapData = {
  episodeTitle: "Why Language Models Make Things Up",
  duration: 3725,
  nodes: [
    node(
      "1",
      {
        title: "Hallucination",
        time: 65,
        summary: "Models fill gaps\nwith plausible text.",
        relatedConcepts: ["Language Models", "Confabulation"],
      },
      [
        node("1.1", { title: "Training data", time: 600, relatedConcepts: ["language  models"] }, [
          node("1.1.1", { title: "Gaps", time: 3700, summary: "What the data never said." }, [
            node("1.1.1.1", { title: "Rare facts", relatedConcepts: ["CONFABULATION"] }),
          ]),
        ]),
        node("1.2", { title: "Sampling", transcriptExcerpt: "temperature…", relatedConcepts: ["Sampling"] }),
      ],
    ),
    node("2", {
      title: "Fixes",
      time: 1800,
      summary: "Retrieval helps.",
      relatedConcepts: ["Retrieval", "Sampling"],
    }),
  ],
};

describe("constants", () => {
  it("are the spec's (§9)", () => {
    expect(MINDMAP_CANVAS).toEqual({ width: 1200, height: 800 });
    expect(MINDMAP_ZOOM).toEqual({
      min: 0.3,
      max: 3,
      wheelIn: 1.1,
      wheelOut: 0.9,
      buttonIn: 1.2,
      buttonOut: 0.8,
    });
    expect(MINDMAP_SEARCH_DEBOUNCE_MS).toBe(300);
  });
});

describe("parseMindmapView", () => {
  it("keeps a known view and shows the tree for anything else", () => {
    expect(parseMindmapView("radial")).toBe("radial");
    expect(parseMindmapView("graph")).toBe("graph");
    expect(parseMindmapView("tree")).toBe("tree");
    for (const value of ["Radial", "", undefined, null, 3, ["radial"], {}])
      expect(parseMindmapView(value)).toBe("tree");
  });
});

describe("walking the map", () => {
  it("lists nodes in pre-order with depth and parent", () => {
    expect(walkMindmap(map.nodes).map(({ node, depth, parentId }) => [node.id, depth, parentId])).toEqual([
      ["1", 0, null],
      ["1.1", 1, "1"],
      ["1.1.1", 2, "1.1"],
      ["1.1.1.1", 3, "1.1.1"],
      ["1.2", 1, "1"],
      ["2", 0, null],
    ]);
    expect(countMindmapNodes(map.nodes)).toBe(6);
    expect(countMindmapNodes([])).toBe(0);
  });

  it("walks a map 10,000 levels deep without overflowing the stack", () => {
    let deep = node("leaf");
    for (let i = 0; i < 10_000; i++) deep = node(`n${i}`, {}, [deep]);
    expect(countMindmapNodes([deep])).toBe(10_001);
    expect(ancestorIds([deep], "leaf")).toHaveLength(10_000);
  });

  it("finds a node by id, or null", () => {
    expect(findMindmapNode(map.nodes, "1.1.1")?.title).toBe("Gaps");
    expect(findMindmapNode(map.nodes, "nope")).toBeNull();
  });

  it("gives a node's ancestors root first", () => {
    expect(ancestorIds(map.nodes, "1.1.1.1")).toEqual(["1", "1.1", "1.1.1"]);
    expect(ancestorIds(map.nodes, "1.2")).toEqual(["1"]);
    expect(ancestorIds(map.nodes, "2")).toEqual([]);
    expect(ancestorIds(map.nodes, "unknown")).toEqual([]);
  });

  /** A random forest: node i hangs under a node before it, or at the top (-1). */
  const tree: fc.Arbitrary<MindmapNode[]> = fc.array(fc.nat(), { maxLength: 40 }).map((picks) => {
    const roots: MindmapNode[] = [];
    const made: MindmapNode[] = [];
    picks.forEach((pick, i) => {
      const created = node(`n${i}`);
      const parent = pick % (i + 1) === i ? undefined : made[pick % (i + 1)];
      (parent ? parent.children : roots).push(created);
      made.push(created);
    });
    return roots;
  });

  it("walks every node once, each after its parent, and the ancestors match the parents (property)", () => {
    fc.assert(
      fc.property(tree, (nodes) => {
        const walked = walkMindmap(nodes);
        const position = new Map(walked.map((w, i) => [w.node.id, i]));
        expect(position.size).toBe(walked.length);
        for (const w of walked) {
          const ancestors = ancestorIds(nodes, w.node.id);
          expect(ancestors).toHaveLength(w.depth);
          expect(ancestors.at(-1) ?? null).toBe(w.parentId);
          if (w.parentId) expect(position.get(w.parentId)).toBeLessThan(position.get(w.node.id) ?? -1);
          expect(findMindmapNode(nodes, w.node.id)).toBe(w.node);
        }
      }),
    );
  });
});

describe("searchMindmap", () => {
  it("finds title, summary and concept matches in pre-order, ignoring case and surrounding spaces", () => {
    expect(searchMindmap(map.nodes, "  SAMPLING ")).toEqual(["1.2", "2"]);
    expect(searchMindmap(map.nodes, "data")).toEqual(["1.1", "1.1.1"]);
    expect(searchMindmap(map.nodes, "confab")).toEqual(["1", "1.1.1.1"]);
    expect(searchMindmap(map.nodes, "retrieval")).toEqual(["2"]);
  });

  it("finds nothing for a blank query or text that is nowhere", () => {
    expect(searchMindmap(map.nodes, "")).toEqual([]);
    expect(searchMindmap(map.nodes, "   ")).toEqual([]);
    expect(searchMindmap(map.nodes, "temperature")).toEqual([]); // excerpts are not searched
  });
});

describe("conceptKey", () => {
  it("folds width, case and spacing", () => {
    expect(conceptKey("  Language \t Models ")).toBe("language models");
    expect(conceptKey("ＡＩ　Ｓａｆｅｔｙ")).toBe("ai safety");
    expect(conceptKey("ΟΔΟΣ")).toBe("οδος");
    expect(conceptKey("Straße\u00a0ﬁx")).toBe("straße fix");
    expect(conceptKey("\u2003\u3000")).toBe("");
  });

  it("is idempotent and ignores outer spacing (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }),
        fc.constantFrom(" ", "\t", "\u3000", "\n "),
        (text, space) => {
          const key = conceptKey(text);
          expect(conceptKey(key)).toBe(key);
          expect(conceptKey(`${space}${text}${space}`)).toBe(key);
          expect(key).toBe(key.trim());
          expect(key).not.toMatch(/\s\s/);
        },
      ),
    );
  });
});

describe("sharedConceptEdges", () => {
  it("links nodes that share a concept key, but not a parent and its child", () => {
    expect(sharedConceptEdges(map.nodes)).toEqual([
      // "1"–"1.1" share "language models" but are parent and child.
      { source: "1", target: "1.1.1.1", concepts: ["confabulation"] },
      { source: "1.2", target: "2", concepts: ["sampling"] },
    ]);
  });

  it("puts pairs with more shared concepts first and caps each node's edges", () => {
    const hub = [
      node("a", { relatedConcepts: ["x", "y"] }),
      node("b", { relatedConcepts: ["x"] }),
      node("c", { relatedConcepts: ["X", "y"] }),
      node("d", { relatedConcepts: ["x"] }),
    ];
    expect(sharedConceptEdges(hub, { maxPerNode: 2 })).toEqual([
      { source: "a", target: "c", concepts: ["x", "y"] },
      { source: "a", target: "b", concepts: ["x"] },
      { source: "b", target: "c", concepts: ["x"] },
      // d shares "x" with a, b and c, but they are full.
    ]);
  });

  it("keeps a 500-node map drawable: at most maxPerNode edges per node, deterministic (property)", () => {
    const big = Array.from({ length: 500 }, (_, i) =>
      node(`n${i}`, { relatedConcepts: ["shared", `c${i % 7}`] }),
    );
    const edges = sharedConceptEdges(big);
    const degree = new Map<string, number>();
    for (const edge of edges)
      for (const id of [edge.source, edge.target]) degree.set(id, (degree.get(id) ?? 0) + 1);
    expect(Math.max(...degree.values())).toBeLessThanOrEqual(4);
    expect(edges.length).toBeGreaterThan(0);
    expect(sharedConceptEdges(big)).toEqual(edges);

    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom("a", "B", " b ", "c", "d"), { maxLength: 3 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 5 }),
        (conceptLists, maxPerNode) => {
          const nodes = conceptLists.map((relatedConcepts, i) => node(`n${i}`, { relatedConcepts }));
          const result = sharedConceptEdges(nodes, { maxPerNode });
          const counts = new Map<string, number>();
          for (const edge of result) {
            const source = nodes.find((n) => n.id === edge.source);
            const target = nodes.find((n) => n.id === edge.target);
            const sourceKeys = new Set(source?.relatedConcepts?.map(conceptKey));
            for (const concept of edge.concepts) expect(sourceKeys.has(concept)).toBe(true);
            expect(target?.relatedConcepts?.map(conceptKey)).toEqual(expect.arrayContaining(edge.concepts));
            for (const id of [edge.source, edge.target]) counts.set(id, (counts.get(id) ?? 0) + 1);
          }
          for (const count of counts.values()) expect(count).toBeLessThanOrEqual(maxPerNode);
        },
      ),
    );
  });
});

describe("exports", () => {
  it("writes the JSON in the spec's node shape", () => {
    const extra = { ...map, nodes: [{ ...node("x", { title: "X" }), color: "red" } as MindmapNode] };
    expect(JSON.parse(mindmapToJson(extra))).toEqual({
      episodeTitle: map.episodeTitle,
      duration: 3725,
      nodes: [{ id: "x", title: "X", children: [] }],
    });
    expect(JSON.parse(mindmapToJson(map))).toEqual(map);
    expect(mindmapToJson(map)).toContain('\n  "episodeTitle"');
  });

  it("writes the Markdown outline", () => {
    expect(mindmapToMarkdown(map)).toBe(
      [
        "# Why Language Models Make Things Up",
        "",
        "Duration: 1:02:05",
        "",
        "## Hallucination (1:05)",
        "",
        "Models fill gaps with plausible text.",
        "",
        "Related: [[Language Models]], [[Confabulation]]",
        "",
        "### Training data (10:00)",
        "",
        "Related: [[language models]]",
        "",
        "- **Gaps** (1:01:40) — What the data never said.",
        "  - **Rare facts**",
        "",
        "### Sampling",
        "",
        "Related: [[Sampling]]",
        "",
        "## Fixes (30:00)",
        "",
        "Retrieval helps.",
        "",
        "Related: [[Retrieval]], [[Sampling]]",
        "",
      ].join("\n"),
    );
  });

  it("keeps Markdown link syntax out of concepts and handles a map without duration or nodes", () => {
    expect(mindmapToMarkdown({ episodeTitle: "Empty", nodes: [] })).toBe("# Empty\n");
    const tricky = {
      episodeTitle: "T",
      nodes: [node("a", { title: "A", relatedConcepts: ["x|y [z]", "  "] })],
    };
    expect(mindmapToMarkdown(tricky)).toBe("# T\n\n## A\n\nRelated: [[xy z]]\n");
  });

  it("writes the text outline", () => {
    expect(mindmapToText(map)).toBe(
      [
        "Why Language Models Make Things Up",
        "",
        "Hallucination (1:05)",
        "  Training data (10:00)",
        "    Gaps (1:01:40)",
        "      Rare facts",
        "  Sampling",
        "Fixes (30:00)",
        "",
      ].join("\n"),
    );
  });
});

describe("mindmapExportFileName", () => {
  it("makes a kebab slug of the title", () => {
    expect(mindmapExportFileName("Why Language Models Make Things Up", "md")).toBe(
      "why-language-models-make-things-up-mind-map.md",
    );
    expect(mindmapExportFileName("Café & Crème: L'été!", "json")).toBe("cafe-creme-l-ete-mind-map.json");
    expect(mindmapExportFileName("  ---  ", "png")).toBe("mind-map.png");
    expect(mindmapExportFileName("日本語", "txt")).toBe("mind-map.txt");
  });

  it("is ASCII-safe and at most 80 characters (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.constantFrom("json", "md", "txt", "png"),
        (title, ext) => {
          const name = mindmapExportFileName(title, ext as "json");
          expect(name.length).toBeLessThanOrEqual(80);
          expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.(json|md|txt|png)$/);
          expect(name.endsWith(`mind-map.${ext}`)).toBe(true);
        },
      ),
    );
  });
});

describe("mindmapAbWinner", () => {
  const stats = (sessions: number, averageDurationSeconds: number, averageNodesExplored: number) => ({
    sessions,
    averageDurationSeconds,
    averageNodesExplored,
  });

  it("gives radial when both of its averages are higher", () => {
    expect(mindmapAbWinner(stats(10, 100, 5), stats(3, 120, 6))).toBe("radial");
  });

  it("gives tree when both of its averages are higher", () => {
    expect(mindmapAbWinner(stats(10, 130, 7), stats(3, 120, 6))).toBe("tree");
  });

  it("is a tie when the averages disagree, are equal, or a layout has no sessions", () => {
    expect(mindmapAbWinner(stats(10, 130, 5), stats(3, 120, 6))).toBe("tie");
    expect(mindmapAbWinner(stats(10, 120, 5), stats(3, 120, 6))).toBe("tie");
    expect(mindmapAbWinner(stats(0, 0, 0), stats(3, 120, 6))).toBe("tie");
    expect(mindmapAbWinner(stats(3, 120, 6), stats(0, 0, 0))).toBe("tie");
  });

  it("is symmetric (property)", () => {
    const side = fc.record({
      sessions: fc.integer({ min: 0, max: 100 }),
      averageDurationSeconds: fc.integer({ min: 0, max: 1000 }),
      averageNodesExplored: fc.integer({ min: 0, max: 50 }),
    });
    const swap = { tree: "radial", radial: "tree", tie: "tie" } as const;
    fc.assert(
      fc.property(side, side, (a, b) => {
        expect(mindmapAbWinner(b, a)).toBe(swap[mindmapAbWinner(a, b)]);
      }),
    );
  });
});
