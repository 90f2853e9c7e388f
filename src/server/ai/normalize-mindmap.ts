import type {
  LegacyMindmapBranch,
  LegacyMindmapData,
  MindmapData,
  MindmapNode,
} from "../db/schema/learning.ts";
import { parseTimecode } from "./offline/text.ts";

function isLegacy(data: MindmapData | LegacyMindmapData): data is LegacyMindmapData {
  return "central" in data && Array.isArray((data as LegacyMindmapData).branches);
}

function convertBranch(branch: LegacyMindmapBranch, id: string): MindmapNode {
  // Legacy branches carry time or timecode, as seconds or "m:ss" / "h:mm:ss" strings.
  const time = parseTimecode(branch.time ?? branch.timecode);
  return {
    id,
    title: branch.title?.trim() || "Untitled",
    ...(time === null ? {} : { time: Math.floor(time) }),
    ...(branch.summary ? { summary: branch.summary } : {}),
    children: (branch.children ?? []).map((child, i) => convertBranch(child, `${id}-${i + 1}`)),
  };
}

/**
 * A stored mind map in the current node shape (spec 2 §3). The older shape (central + branches) is
 * converted: the central topic becomes the root node and the branches its children.
 */
export function normalizeMindmap(data: MindmapData | LegacyMindmapData): MindmapData {
  if (!isLegacy(data)) return data;
  const title = data.central?.trim() || "Episode";
  return {
    episodeTitle: title,
    nodes: [
      {
        id: "root",
        title,
        children: data.branches.map((branch, i) => convertBranch(branch, `b${i + 1}`)),
      },
    ],
  };
}
