import type { Position } from "~/domain/contract/player";
import { type LocalPosition, recordLocalPosition } from "~/domain/player";
import { apiFetch } from "~/web/lib/api-client";

/**
 * Where each episode was left (spec 1 §3, §7, §8). Signed in: the server (GET/PUT
 * /api/v1/me/positions/{id}; a beacon when the page goes away). Signed out: local storage, merged
 * into the account at sign-in. Failures are only logged; a position that cannot be loaded is 0.
 */

export type Account =
  | { status: "unknown" }
  | { status: "signed-out" }
  | { status: "signed-in"; userId: string };

export const LOCAL_POSITIONS_KEY = "earmark.positions";
/** How long playback waits for the session before treating the listener as signed out. */
const ACCOUNT_WAIT_MS = 5000;

let account: Account = { status: "unknown" };
let accountKnown: () => void = () => {};
let whenAccountKnown = new Promise<void>((resolve) => {
  accountKnown = resolve;
});

/** Positions saved during this page's life, so switching back and forth never waits or races a save. */
const recent = new Map<string, number>();
const recentKey = (episodeId: string) =>
  `${account.status === "signed-in" ? account.userId : "local"}:${episodeId}`;

export function getAccount(): Account {
  return account;
}

/** Told by the player root whenever the session is known or changes. */
export function setAccount(next: Account) {
  const changed =
    next.status !== account.status ||
    (next.status === "signed-in" && account.status === "signed-in" && next.userId !== account.userId);
  account = next;
  if (changed) recent.clear();
  if (next.status === "unknown") {
    whenAccountKnown = new Promise<void>((resolve) => {
      accountKnown = resolve;
    });
  } else accountKnown();
}

function waitForAccount(): Promise<void> {
  if (account.status !== "unknown") return Promise.resolve();
  return Promise.race([
    whenAccountKnown,
    new Promise<void>((resolve) => setTimeout(resolve, ACCOUNT_WAIT_MS)),
  ]);
}

export function readLocalPositions(): Record<string, LocalPosition> {
  try {
    const parsed = JSON.parse(localStorage.getItem(LOCAL_POSITIONS_KEY) ?? "{}") as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const positions: Record<string, LocalPosition> = {};
    for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
      const item = value as Partial<LocalPosition> | null;
      if (
        item &&
        typeof item.positionSeconds === "number" &&
        typeof item.progressSeconds === "number" &&
        typeof item.playedAt === "number"
      ) {
        positions[id] = {
          positionSeconds: item.positionSeconds,
          progressSeconds: item.progressSeconds,
          playedAt: item.playedAt,
        };
      }
    }
    return positions;
  } catch {
    return {};
  }
}

export function clearLocalPositions(episodeIds?: string[]) {
  try {
    if (!episodeIds) {
      localStorage.removeItem(LOCAL_POSITIONS_KEY);
      return;
    }
    const positions = readLocalPositions();
    for (const id of episodeIds) delete positions[id];
    localStorage.setItem(LOCAL_POSITIONS_KEY, JSON.stringify(positions));
  } catch (error) {
    console.error("Could not clear local positions", error);
  }
}

function writeLocalPosition(episodeId: string, seconds: number) {
  try {
    const next = recordLocalPosition(readLocalPositions(), episodeId, seconds, Date.now());
    localStorage.setItem(LOCAL_POSITIONS_KEY, JSON.stringify(next));
  } catch (error) {
    console.error("Could not save the position locally", error);
  }
}

/** The saved position in seconds; 0 when there is none or it cannot be loaded. */
export async function loadPosition(episodeId: string): Promise<number> {
  await waitForAccount();
  const cached = recent.get(recentKey(episodeId));
  if (cached !== undefined) return cached;
  if (account.status !== "signed-in") return readLocalPositions()[episodeId]?.positionSeconds ?? 0;
  try {
    const saved = await apiFetch<Position>(`/api/v1/me/positions/${encodeURIComponent(episodeId)}`);
    return saved.positionSeconds;
  } catch (error) {
    console.error("Could not load the saved position", error);
    return 0;
  }
}

/**
 * A save that must survive the page going away: sendBeacon with a JSON Blob (the API only takes
 * JSON), else fetch with keepalive. Both carry the session cookie.
 */
function sendBeacon(url: string, body: string) {
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: "application/json" }))) return;
  } catch {
    // Some browsers refuse non-form Blob types in beacons; keepalive covers them.
  }
  void fetch(url, {
    method: "POST",
    body,
    keepalive: true,
    credentials: "include",
    headers: { "Content-Type": "application/json" },
  }).catch((error: unknown) => console.error("Could not save the position", error));
}

/** Saves a position (whole seconds). Never throws; failures are logged. */
export function savePosition(episodeId: string, seconds: number, options: { beacon?: boolean } = {}) {
  const position = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  recent.set(recentKey(episodeId), position);
  if (account.status !== "signed-in") {
    writeLocalPosition(episodeId, position);
    return;
  }
  const url = `/api/v1/me/positions/${encodeURIComponent(episodeId)}`;
  const body = JSON.stringify({ positionSeconds: position });
  if (options.beacon) {
    sendBeacon(url, body);
    return;
  }
  void apiFetch(url, { method: "PUT", body: { positionSeconds: position } }).catch((error: unknown) =>
    console.error("Could not save the position", error),
  );
}
