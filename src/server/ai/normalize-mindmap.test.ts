import { describe, expect, it } from "vitest";
import type { MindmapData } from "../db/schema/learning.ts";
import { normalizeMindmap } from "./normalize-mindmap.ts";
import { mindmapSchema } from "./provider.ts";

describe("normalizeMindmap", () => {
  it("keeps a mind map already in the node shape", () => {
    const data: MindmapData = {
      episodeTitle: "T",
      duration: 60,
      nodes: [{ id: "root", title: "T", children: [] }],
    };
    expect(normalizeMindmap(data)).toBe(data);
  });

  it("converts the legacy central + branches shape, reading seconds and m:ss / h:mm:ss times", () => {
    const converted = normalizeMindmap({
      central: "Stoicism",
      branches: [
        {
          title: "Origins",
          time: 75,
          summary: "Zeno",
          children: [{ title: "Painted porch", timecode: "1:30" }],
        },
        { title: "Practice", timecode: "01:02:03" },
        { title: "Recap", time: "95" },
        { title: "Untimed", time: "soon" },
      ],
    });
    expect(mindmapSchema.parse(converted)).toEqual({
      episodeTitle: "Stoicism",
      nodes: [
        {
          id: "root",
          title: "Stoicism",
          children: [
            {
              id: "b1",
              title: "Origins",
              time: 75,
              summary: "Zeno",
              children: [{ id: "b1-1", title: "Painted porch", time: 90, children: [] }],
            },
            { id: "b2", title: "Practice", time: 3723, children: [] },
            { id: "b3", title: "Recap", time: 95, children: [] },
            { id: "b4", title: "Untimed", children: [] },
          ],
        },
      ],
    });
  });
});
