import { createRoute } from "@hono/zod-openapi";
import {
  CONCEPT_OCCURRENCES_LIMIT,
  conceptOccurrencesSchema,
  conceptQuerySchema,
  mindmapAnalyticsSummarySchema,
  mindmapSessionEventSchema,
} from "../../domain/contract/mindmap.ts";
import { requireRole } from "../auth/middleware.ts";
import { type AppDeps, createRouter } from "../context.ts";
import { getClientIp } from "../lib/client-ip.ts";
import { errorResponses, jsonBody, jsonResponse } from "../lib/openapi.ts";
import {
  getMindmapAnalyticsSummary,
  MINDMAP_EVENTS_PER_HOUR,
  recordMindmapSession,
} from "../services/learning/mindmap-analytics.ts";
import { findConceptOccurrences } from "../services/learning/mindmap-concepts.ts";

/**
 * The mind-map screen's own endpoints (spec 2 §2 Mind map, §3 mindmap_analytics; spec 3 §3, §4, §7;
 * decision 024): session analytics, the catalog-wide concept look-up and the admin A/B summary. The
 * map itself is GET /episodes/{id}/mindmap (routes/learning.ts).
 */
export function createMindmapRoutes(deps: AppDeps) {
  const router = createRouter();
  const requireAdmin = requireRole(deps, "admin");

  router.openapi(
    createRoute({
      method: "post",
      path: "/mindmaps/events",
      tags: ["learning"],
      summary: `Record one mind-map session (time in a view, nodes explored, "Play from" clicks); for navigator.sendBeacon with a JSON Blob. Signed in: stored with your id; signed out: anonymously. ${MINDMAP_EVENTS_PER_HOUR} an hour per user or address`,
      "x-access": "public",
      request: { body: jsonBody(mindmapSessionEventSchema) },
      responses: {
        204: { description: "Stored" },
        ...errorResponses(400, 404, 413, 415, 429),
      },
    }),
    async (c) => {
      await recordMindmapSession(deps.db, c.req.valid("json"), {
        userId: c.get("user")?.id ?? null,
        ip: getClientIp(c, deps.config.TRUST_PROXY),
      });
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/mindmaps/concepts",
      tags: ["learning"],
      summary: `Where else a concept comes up: nodes of every catalog episode's mind map listing it (case, width and spacing ignored), newest episode first, then by time; at most ${CONCEPT_OCCURRENCES_LIMIT}`,
      "x-access": "public",
      request: { query: conceptQuerySchema },
      responses: {
        200: jsonResponse("The occurrences", conceptOccurrencesSchema),
        ...errorResponses(400),
      },
    }),
    async (c) => {
      const { concept, excludeEpisodeId } = c.req.valid("query");
      return c.json(await findConceptOccurrences(deps.db, concept, excludeEpisodeId ?? null), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/mindmaps/analytics",
      tags: ["admin"],
      summary:
        "The A/B summary of mind-map layouts: sessions and averages per view type over the last 30 days, and the winner (spec 3 §4)",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      responses: {
        200: jsonResponse("The summary", mindmapAnalyticsSummarySchema),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await getMindmapAnalyticsSummary(deps.db), 200),
  );

  return router;
}
