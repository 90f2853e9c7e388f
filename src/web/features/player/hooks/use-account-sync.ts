import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Session } from "~/domain/contract/account";
import { playerApi } from "~/web/features/player/api";
import {
  onPlaybackRateChange,
  prepareEpisode,
  replaceQueue,
  resetPlayer,
  setPlaybackRate,
} from "~/web/lib/player/engine";
import { clearLocalPositions, getAccount, readLocalPositions, setAccount } from "~/web/lib/player/positions";
import { usePlayer } from "~/web/lib/player/store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUEUE_SAVE_DELAY_MS = 400;
const RATE_SAVE_DELAY_MS = 400;

/** The user whose server queue the local queue mirrors; edits are sent only then. */
let queueSyncedFor: string | null = null;

/** Positions kept while signed out go to the account, then leave this browser. */
async function mergeLocalPositions() {
  const local = Object.entries(readLocalPositions()).filter(([id]) => UUID.test(id));
  if (!local.length) return;
  try {
    await playerApi.mergePositions(
      local.map(([episodeId, item]) => ({
        episodeId,
        positionSeconds: item.positionSeconds,
        progressSeconds: item.progressSeconds,
        playedAt: new Date(item.playedAt).toISOString(),
      })),
    );
    clearLocalPositions(local.map(([id]) => id));
  } catch (error) {
    console.error("Could not merge the positions kept while signed out", error);
  }
}

async function loadPlaybackRate() {
  try {
    const settings = await playerApi.getSettings();
    setPlaybackRate(settings.playbackRate, { persist: false });
  } catch (error) {
    console.error("Could not load the playback speed", error);
  }
}

/**
 * The server's queue is the truth for a signed-in user. A queue made while signed out is merged
 * into it (its episodes appended after the server's); another user's leftovers are dropped.
 */
async function loadQueue(userId: string) {
  let server: Awaited<ReturnType<typeof playerApi.getQueue>>;
  try {
    server = await playerApi.getQueue();
  } catch (error) {
    console.error("Could not load the queue", error);
    return;
  }
  const { queue, queueIndex, queueOwner } = usePlayer.getState();
  if (queueOwner === null && queue.length) {
    const known = new Set(server.items.map((item) => item.id));
    const merged = [...server.items, ...queue.filter((item) => !known.has(item.id))];
    replaceQueue(merged, server.items.length ? server.index : queueIndex, userId);
    queueSyncedFor = userId;
    const state = usePlayer.getState();
    if (merged.length !== server.items.length) await saveQueueNow(state.queue, state.queueIndex);
    return;
  }
  if (queueOwner !== null && queueOwner !== userId) resetPlayer();
  replaceQueue(server.items, server.index, userId);
  queueSyncedFor = userId;
}

async function saveQueueNow(queue: { id: string }[], index: number, keepalive = false) {
  try {
    if (keepalive) {
      await fetch("/api/v1/me/queue", {
        method: "PUT",
        keepalive: true,
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ episodeIds: queue.map((item) => item.id), index }),
      });
    } else
      await playerApi.saveQueue(
        queue.map((item) => item.id),
        index,
      );
  } catch (error) {
    console.error("Could not save the queue", error);
  }
}

function restoreCurrentEpisode() {
  const { current, status } = usePlayer.getState();
  if (current && status === "idle") void prepareEpisode(current);
}

/**
 * Follows the session (the ['session'] query the shell loads): tells the player who is listening,
 * merges signed-out positions and queue into the account at sign-in, loads the user's queue and
 * speed, forgets a user's player at sign-out, and sends queue and speed changes to the server.
 */
export function useAccountSync() {
  const session = useQuery<Session>({ queryKey: ["session"], enabled: false });
  const isKnown = session.data !== undefined || session.isError;
  const userId = session.data?.user?.id ?? null;

  useEffect(() => {
    if (!isKnown) return;
    let cancelled = false;
    queueSyncedFor = null;
    setAccount(userId ? { status: "signed-in", userId } : { status: "signed-out" });
    if (userId) {
      void (async () => {
        await mergeLocalPositions();
        if (cancelled) return;
        await Promise.all([loadPlaybackRate(), loadQueue(userId)]);
        if (!cancelled) restoreCurrentEpisode();
      })();
    } else {
      // Signed out (now, or the stored player belonged to someone): nothing of theirs stays.
      if (usePlayer.getState().queueOwner !== null) resetPlayer();
      restoreCurrentEpisode();
    }
    return () => {
      cancelled = true;
    };
  }, [isKnown, userId]);

  useEffect(() => {
    let queueTimer: number | undefined;
    let rateTimer: number | undefined;
    const signedInUser = () => {
      const account = getAccount();
      return account.status === "signed-in" ? account.userId : null;
    };
    const unsubscribe = usePlayer.subscribe((state, previous) => {
      if (state.queue === previous.queue && state.queueIndex === previous.queueIndex) return;
      const user = signedInUser();
      if (!user || queueSyncedFor !== user) return;
      window.clearTimeout(queueTimer);
      queueTimer = window.setTimeout(() => {
        queueTimer = undefined;
        // Still the same listener (a sign-out or switch in between drops the edit).
        if (signedInUser() !== user || queueSyncedFor !== user) return;
        const latest = usePlayer.getState();
        void saveQueueNow(latest.queue, latest.queueIndex);
      }, QUEUE_SAVE_DELAY_MS);
    });
    onPlaybackRateChange((rate) => {
      if (!signedInUser()) return;
      window.clearTimeout(rateTimer);
      rateTimer = window.setTimeout(() => {
        playerApi
          .saveSettings(rate)
          .catch((error: unknown) => console.error("Could not save the speed", error));
      }, RATE_SAVE_DELAY_MS);
    });
    // A queue edit still waiting when the page goes away is sent with keepalive.
    const flush = () => {
      if (queueTimer === undefined) return;
      window.clearTimeout(queueTimer);
      queueTimer = undefined;
      const latest = usePlayer.getState();
      void saveQueueNow(latest.queue, latest.queueIndex, true);
    };
    window.addEventListener("pagehide", flush);
    return () => {
      unsubscribe();
      onPlaybackRateChange(null);
      window.removeEventListener("pagehide", flush);
      window.clearTimeout(queueTimer);
      window.clearTimeout(rateTimer);
    };
  }, []);
}
