import { createRoute, z } from "@hono/zod-openapi";
import {
  episodeChaptersSchema,
  mergedPositionsSchema,
  playerSettingsSchema,
  positionSchema,
  queueSchema,
} from "../../domain/contract/player.ts";
import {
  isAllowedPlaybackRate,
  LOCAL_POSITIONS_MAX,
  PLAYBACK_RATE_MAX,
  PLAYBACK_RATE_MIN,
  POSITION_MAX_SECONDS,
  QUEUE_MAX,
} from "../../domain/player.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { httpCache, LONG_LIVED, REVALIDATE } from "../lib/http-cache.ts";
import { errorResponses, jsonBody, jsonResponse, notModified, uuidParam } from "../lib/openapi.ts";
import { getChapters } from "../services/player/chapters.ts";
import { getPosition, mergePositions, savePosition } from "../services/player/positions.ts";
import { getQueue, replaceQueue } from "../services/player/queue.ts";
import { getPlayerSettings, savePlayerSettings } from "../services/player/settings.ts";

const idParam = z.object({ id: uuidParam("id") });

// Numbers, not integers: the player sends its current time as is and the server keeps whole seconds.
const seconds = (what: string) =>
  z
    .number({ error: `${what} must be a number of seconds.` })
    .min(0, { error: `${what} cannot be negative.` })
    .max(POSITION_MAX_SECONDS, { error: `${what} must be below 100 hours.` });

const positionInputSchema = z
  .object({
    positionSeconds: seconds("positionSeconds").openapi({ description: "Where playback is; floored" }),
    progressSeconds: seconds("progressSeconds")
      .optional()
      .openapi({ description: "Furthest point reached; defaults to the position. Never goes back." }),
  })
  .openapi("PositionInput");

const mergeInputSchema = z
  .object({
    positions: z
      .array(
        z.object({
          episodeId: z.uuid(),
          positionSeconds: seconds("positionSeconds"),
          progressSeconds: seconds("progressSeconds").optional(),
          playedAt: z.iso.datetime({ offset: true, error: "playedAt must be an ISO date-time." }),
        }),
      )
      .max(LOCAL_POSITIONS_MAX, { error: `Send at most ${LOCAL_POSITIONS_MAX} positions at a time.` }),
  })
  .openapi("MergePositionsInput");

const queueInputSchema = z
  .object({
    episodeIds: z
      .array(z.uuid({ error: "Each queue item must be an episode id." }))
      .max(QUEUE_MAX, { error: `The queue holds at most ${QUEUE_MAX} episodes.` }),
    index: z
      .number({ error: "index must be a number." })
      .int({ error: "index must be a whole number." })
      .min(-1)
      .max(QUEUE_MAX - 1)
      .default(-1),
  })
  .openapi("QueueInput");

const settingsInputSchema = z
  .object({
    playbackRate: z
      .number({ error: "playbackRate must be a number." })
      .refine(isAllowedPlaybackRate, {
        error: `Playback speed must be between ${PLAYBACK_RATE_MIN}× and ${PLAYBACK_RATE_MAX}× in steps of 0.05.`,
      })
      .openapi({ minimum: PLAYBACK_RATE_MIN, maximum: PLAYBACK_RATE_MAX, multipleOf: 0.05 }),
  })
  .openapi("PlayerSettingsInput");

/**
 * The player (spec 1 §3, §4, §7; issue 5): positions, the server-side queue, the playback speed and
 * the chapters shown on the seek bar. Everything under /me is the session user's only.
 */
export function createPlayerRoutes(deps: AppDeps) {
  const router = createRouter();

  // Registered before POST /me/positions/{id} so "merge" is never read as an episode id.
  router.openapi(
    createRoute({
      method: "post",
      path: "/me/positions/merge",
      tags: ["player"],
      summary:
        "Merge positions kept in the browser while signed out: per episode the most recently played position wins and progress keeps the furthest",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(mergeInputSchema) },
      responses: {
        200: jsonResponse("Merged; unknown episodes are skipped", mergedPositionsSchema),
        ...errorResponses(400, 401, 413, 415),
      },
    }),
    async (c) => c.json(await mergePositions(deps, getUser(c).id, c.req.valid("json").positions), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/positions/{id}",
      tags: ["player"],
      summary: "Where the signed-in user left off in an episode (0 when never played)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam },
      responses: {
        200: jsonResponse("The saved position", positionSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await getPosition(deps, getUser(c).id, c.req.valid("param").id), 200),
  );

  const saveRoute = (method: "put" | "post", summary: string) =>
    createRoute({
      method,
      path: "/me/positions/{id}",
      tags: ["player"],
      summary,
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam, body: jsonBody(positionInputSchema) },
      responses: {
        200: jsonResponse("Saved", positionSchema),
        ...errorResponses(400, 401, 404, 413, 415),
      },
    });

  router.openapi(
    saveRoute(
      "put",
      "Save the position in an episode (whole seconds; one upsert into play_history and user_activity)",
    ),
    async (c) =>
      c.json(await savePosition(deps, getUser(c).id, c.req.valid("param").id, c.req.valid("json")), 200),
  );

  router.openapi(
    saveRoute(
      "post",
      "Save the position, for navigator.sendBeacon when the page is hidden (send a JSON Blob)",
    ),
    async (c) =>
      c.json(await savePosition(deps, getUser(c).id, c.req.valid("param").id, c.req.valid("json")), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/queue",
      tags: ["player"],
      summary: "The signed-in user's queue, in order, with the current queue index",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("The queue", queueSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getQueue(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/queue",
      tags: ["player"],
      summary: `Replace the queue (at most ${QUEUE_MAX} episode ids, in order); unknown episodes are left out`,
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(queueInputSchema) },
      responses: {
        200: jsonResponse("The stored queue", queueSchema),
        ...errorResponses(400, 401, 413, 415),
      },
    }),
    async (c) => c.json(await replaceQueue(deps, getUser(c).id, c.req.valid("json")), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/player-settings",
      tags: ["player"],
      summary: "The signed-in user's playback speed",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("Settings", playerSettingsSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getPlayerSettings(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/player-settings",
      tags: ["player"],
      summary: "Save the playback speed (0.5–3×, steps of 0.05)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(settingsInputSchema) },
      responses: {
        200: jsonResponse("Saved", playerSettingsSchema),
        ...errorResponses(400, 401, 413, 415),
      },
    }),
    async (c) => c.json(await savePlayerSettings(deps, getUser(c).id, c.req.valid("json")), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{id}/chapters",
      tags: ["player"],
      summary: "An episode's chapters by start time (seek-bar markers and the current chapter title)",
      "x-access": "public",
      middleware: [httpCache(REVALIDATE)] as const,
      request: { params: idParam },
      responses: {
        ...notModified,
        200: jsonResponse("Chapters", episodeChaptersSchema),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const chapters = await getChapters(deps, c.req.valid("param").id);
      // Chapters, once fetched, stay; none yet may come with Enrich Data at any moment.
      if (chapters.length) c.header("Cache-Control", LONG_LIVED);
      return c.json({ chapters }, 200);
    },
  );

  return router;
}
