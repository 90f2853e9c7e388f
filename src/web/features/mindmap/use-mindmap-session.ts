import { useCallback, useEffect, useRef } from "react";
import {
  MINDMAP_SESSION_MAX_COUNT,
  MINDMAP_SESSION_MAX_SECONDS,
  type MindmapSessionEvent,
  type MindmapViewType,
} from "~/domain/contract/mindmap";

const EVENTS_URL = "/api/v1/mindmaps/events";

export type MindmapSession = {
  episodeId: string;
  viewType: MindmapViewType;
  startedAt: number;
  nodes: Set<string>;
  timestampsClicked: number;
  isSent: boolean;
};

/** The event survives the page going away: a beacon with a JSON Blob, else fetch keepalive (as positions.ts). */
function sendSessionEvent(event: MindmapSessionEvent) {
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon?.(EVENTS_URL, new Blob([body], { type: "application/json" }))) return;
  } catch {
    // Some browsers refuse non-form Blob types in beacons; keepalive covers them.
  }
  void fetch(EVENTS_URL, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "include",
    headers: { "Content-Type": "application/json" },
  }).catch((error: unknown) => console.error("Could not record the mind-map session", error));
}

/** The event for a session that ends at `now`: whole seconds, every figure clamped to the contract's bounds. */
export function toSessionEvent(session: MindmapSession, now: number): MindmapSessionEvent {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
  return {
    episodeId: session.episodeId,
    viewType: session.viewType,
    durationSeconds: clamp((now - session.startedAt) / 1000, MINDMAP_SESSION_MAX_SECONDS),
    nodesExplored: clamp(session.nodes.size, MINDMAP_SESSION_MAX_COUNT),
    timestampsClicked: clamp(session.timestampsClicked, MINDMAP_SESSION_MAX_COUNT),
  };
}

/**
 * One `mindmap_session_duration` event per session (spec 3 §3): a session is one view of one map,
 * from when it is shown until the page is hidden or left, the route unmounts or the view changes
 * (then a new one starts). A session is sent at most once; coming back to a hidden tab starts anew.
 * Counters live in a ref: recording a node or a click never re-renders the map.
 */
export function useMindmapSession(episodeId: string, viewType: MindmapViewType) {
  const session = useRef<MindmapSession | null>(null);

  useEffect(() => {
    const start = () => {
      session.current = {
        episodeId,
        viewType,
        startedAt: Date.now(),
        nodes: new Set(),
        timestampsClicked: 0,
        isSent: false,
      };
    };
    const end = () => {
      const current = session.current;
      if (!current || current.isSent) return;
      current.isSent = true;
      sendSessionEvent(toSessionEvent(current, Date.now()));
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") end();
      else if (session.current?.isSent) start();
    };
    start();
    window.addEventListener("pagehide", end);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", end);
      document.removeEventListener("visibilitychange", onVisibility);
      end();
    };
  }, [episodeId, viewType]);

  const recordNodeExplored = useCallback((nodeId: string) => {
    session.current?.nodes.add(nodeId);
  }, []);
  const recordTimestampClicked = useCallback(() => {
    if (session.current) session.current.timestampsClicked += 1;
  }, []);
  return { recordNodeExplored, recordTimestampClicked };
}
