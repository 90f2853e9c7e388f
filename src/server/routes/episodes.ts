import { createRoute, z } from "@hono/zod-openapi";
import {
  enrichmentQueuedSchema,
  episodeDetailSchema,
  episodeTranscriptSchema,
} from "../../domain/contract/episodes.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { httpCache, LONG_LIVED, REVALIDATE } from "../lib/http-cache.ts";
import { errorResponses, jsonResponse, notModified, uuidParam } from "../lib/openapi.ts";
import {
  getEpisodeDetail,
  getEpisodeTranscript,
  queueEpisodeEnrichment,
} from "../services/catalog/episodes.ts";

const idParam = z.object({ id: uuidParam("id") });

/** Episode detail (spec 2 §2) and its Enrich Data action. */
export function createEpisodeRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{id}",
      tags: ["catalog"],
      summary:
        "An episode with its podcast, chapters, show-note links, guests, hosts and tab counts (not the transcript)",
      "x-access": "public",
      // Revalidated each time: Enrich Data and transcription change it while the page is open.
      middleware: [httpCache(REVALIDATE)] as const,
      request: { params: idParam },
      responses: {
        ...notModified,
        200: jsonResponse("The episode", episodeDetailSchema),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => c.json(await getEpisodeDetail(deps, c.req.valid("param").id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{id}/transcript",
      tags: ["catalog"],
      summary:
        "An episode's transcript: its text, source address and timed segments (for the Transcript tab)",
      "x-access": "public",
      middleware: [httpCache(REVALIDATE)] as const,
      request: { params: idParam },
      responses: {
        ...notModified,
        200: jsonResponse(
          "The transcript (text null and no segments when there is none yet)",
          episodeTranscriptSchema,
        ),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const transcript = await getEpisodeTranscript(deps, c.req.valid("param").id);
      // A transcript, once there, does not change; none yet may arrive any minute (transcription).
      if (transcript.text !== null || transcript.segments.length) c.header("Cache-Control", LONG_LIVED);
      return c.json(transcript, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/episodes/{id}/enrich",
      tags: ["catalog"],
      summary: "Enrich Data: queue a fetch of the episode's feed (transcript, chapters, people)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam },
      responses: {
        202: jsonResponse("Queued", enrichmentQueuedSchema),
        ...errorResponses(400, 401, 404, 422, 429),
      },
    }),
    async (c) => c.json(await queueEpisodeEnrichment(deps, getUser(c).id, c.req.valid("param").id), 202),
  );

  return router;
}
