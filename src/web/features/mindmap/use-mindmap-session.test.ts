import { describe, expect, it } from "vitest";
import { MINDMAP_SESSION_MAX_COUNT, MINDMAP_SESSION_MAX_SECONDS } from "~/domain/contract/mindmap";
import { type MindmapSession, toSessionEvent } from "./use-mindmap-session";

const session = (overrides: Partial<MindmapSession> = {}): MindmapSession => ({
  episodeId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  viewType: "radial",
  startedAt: 1_000,
  nodes: new Set(["a", "b"]),
  timestampsClicked: 3,
  isSent: false,
  ...overrides,
});

describe("toSessionEvent", () => {
  it("reports the view, whole seconds, distinct nodes and clicks", () => {
    expect(toSessionEvent(session(), 1_000 + 12_600)).toEqual({
      episodeId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      viewType: "radial",
      durationSeconds: 13,
      nodesExplored: 2,
      timestampsClicked: 3,
    });
  });

  it("clamps to the contract's bounds (a clock set back, a tab left open for days)", () => {
    expect(toSessionEvent(session(), 0).durationSeconds).toBe(0);
    expect(toSessionEvent(session(), 1_000 + 5 * 86_400_000).durationSeconds).toBe(
      MINDMAP_SESSION_MAX_SECONDS,
    );
    expect(toSessionEvent(session({ timestampsClicked: 1e9 }), 1_000).timestampsClicked).toBe(
      MINDMAP_SESSION_MAX_COUNT,
    );
  });
});
