import { createRoute, z } from "@hono/zod-openapi";
import {
  adminOverviewSchema,
  adminUserPageSchema,
  autoIngestVisitSchema,
  jobSchema,
  mindmapStatusPageSchema,
  podcastStatsSchema,
  roleAuditPageSchema,
  roleChangeSchema,
  userRoleNameSchema,
  youtubeImportSchema,
} from "../../domain/contract/admin.ts";
import { requireRole } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import { startLabAutoIngest } from "../services/admin/auto-ingest.ts";
import { findJobQueue, getJobState } from "../services/admin/jobs.ts";
import { deleteEpisode, getAdminOverview, listMindmapStatus } from "../services/admin/overview.ts";
import { changeUserRole, listAdminUsers, listRoleAudit } from "../services/admin/roles.ts";
import { checkFeedUrl, getFetchPolicy, getPodcastStats } from "../services/catalog/ingestion.ts";
import { importYoutubeEpisode } from "../services/catalog/youtube.ts";
import { addQueueRoute, enqueueJob, queuedResponse } from "./queue-route.ts";

const queueParam = z.object({
  queue: z.string().openapi({ param: { name: "queue", in: "path" }, example: "catalog.sync-deltas" }),
});

export function createAdminRoutes(deps: AppDeps) {
  const router = createRouter();
  const requireAdmin = requireRole(deps, "admin");

  const queueRoute = (options: Parameters<typeof addQueueRoute>[3]) =>
    addQueueRoute(router, deps, requireAdmin, options);

  queueRoute({
    path: "/admin/catalog/auto-ingest",
    queue: "catalog.auto-ingest",
    summary: "auto-ingest-all: ingest the configured feeds → {message}",
  });
  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/catalog/ingest-feed",
      tags: ["admin"],
      summary:
        "ingest-podcast-feed: one feed by URL or podcast → {inserted, skipped, enriched}. A new address is fetched and parsed first: a private network address, no answer or not a feed is refused at once with 422 and the reason",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: {
        body: jsonBody(
          z
            .object({
              feedUrl: z.url({ error: "Please enter an RSS feed URL" }).max(2000).optional(),
              podcastId: z.uuid().optional(),
            })
            .refine((body) => body.feedUrl || body.podcastId, {
              error: "Please enter an RSS feed URL",
              path: ["feedUrl"],
            }),
        ),
      },
      responses: { ...queuedResponse, ...errorResponses(400, 401, 403, 415, 422) },
    }),
    async (c) => {
      const body = c.req.valid("json");
      if (body.feedUrl && !body.podcastId) await checkFeedUrl(deps, body.feedUrl);
      return c.json(await enqueueJob(deps, "catalog.ingest-feed", body), 202);
    },
  );
  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/catalog/auto-ingest/visit",
      tags: ["admin"],
      summary:
        "The lab's automatic full ingestion (spec 3 §4): joins a run under way, skips when the last run finished less than an hour ago, else queues one",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      responses: {
        200: jsonResponse("What this visit did", autoIngestVisitSchema),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await startLabAutoIngest(deps), 200),
  );
  queueRoute({
    path: "/admin/catalog/enhanced-ingest",
    queue: "catalog.enhanced-ingest",
    summary: "enhanced-feed-ingestion: a very large feed in batches → {total, inserted}",
    body: z.object({
      podcastId: z.uuid({ error: "Please select a podcast" }),
      batchSize: z.int().min(50).max(5000).default(1000),
    }),
  });
  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/catalog/backfill",
      tags: ["admin"],
      summary:
        "admin-backfill-all: action backfill → {podcasts, episodes_new, episodes_updated, enrichment_queued, details}; sync-deltas → {episodes_new, podcasts_checked}",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { body: jsonBody(z.object({ action: z.enum(["backfill", "sync-deltas"]) })) },
      responses: { ...queuedResponse, ...errorResponses(400, 401, 403, 415) },
    }),
    async (c) => {
      const queue = c.req.valid("json").action === "backfill" ? "catalog.backfill" : "catalog.sync-deltas";
      return c.json(await enqueueJob(deps, queue, {}), 202);
    },
  );
  queueRoute({
    path: "/admin/catalog/qa",
    queue: "catalog.qa",
    summary:
      "qa-episodes: episodes missing audio, summary, transcript or image, and duplicates → {checked, issues, fixed}",
    body: z.object({ checkAll: z.boolean().default(true), autoFix: z.boolean().default(false) }),
  });
  queueRoute({
    path: "/admin/catalog/cleanup-and-reingest",
    queue: "catalog.cleanup-and-reingest",
    summary: "cleanup-and-reingest → {cleanup: {podcasts_merged, duplicates_removed}, ingestion: {message}}",
  });
  queueRoute({
    path: "/admin/catalog/match-youtube",
    queue: "catalog.match-youtube",
    summary: "match-youtube-episodes → {processed, matched, failed}",
    body: z.object({ podcastId: z.uuid().optional(), batchSize: z.int().min(1).max(1000).default(100) }),
  });
  queueRoute({
    path: "/admin/catalog/populate-youtube-urls",
    queue: "catalog.populate-youtube-urls",
    summary: "populate-youtube-urls → {processed}",
  });

  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/catalog/youtube-episode",
      tags: ["admin"],
      summary: "fetch-youtube-episode: import one video into a podcast",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: {
        body: jsonBody(
          z.object({
            youtubeUrl: z.string().trim().min(1, "Enter a YouTube video link.").max(2000),
            podcastId: z.uuid({ error: "Please select a podcast" }),
          }),
        ),
      },
      responses: {
        201: jsonResponse("Imported (or already there)", youtubeImportSchema),
        ...errorResponses(400, 401, 403, 404, 415),
        502: { description: "'Failed to fetch episode': the video service could not be reached" },
      },
    }),
    async (c) =>
      c.json(
        await importYoutubeEpisode({ ...deps, policy: getFetchPolicy(deps.config) }, c.req.valid("json")),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/catalog/podcast-stats",
      tags: ["admin"],
      summary: "get-podcast-stats: total, ready and pending episodes per podcast",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      responses: {
        200: jsonResponse("Stats", podcastStatsSchema),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json({ stats: await getPodcastStats(deps.db) }, 200),
  );

  queueRoute({
    path: "/admin/learning/generate-mindmap",
    queue: "learning.generate-mindmap",
    summary: "generate-mindmap: build (or rebuild) one episode's mind map → {episodeId, nodes}",
    body: z.object({ episodeId: z.uuid({ error: "Choose an episode." }) }),
  });

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/overview",
      tags: ["admin"],
      summary: "Catalog counts and the 20 newest episodes with Ready/Pending",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      responses: { 200: jsonResponse("Overview", adminOverviewSchema), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await getAdminOverview(deps.db), 200),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/admin/episodes/{id}",
      tags: ["admin"],
      summary:
        "Delete an episode with its questions, answers, review cards, mind map, chats, bookmarks and list entries, in one transaction",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { params: z.object({ id: uuidParam("id") }) },
      responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      await deleteEpisode(deps, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/mindmaps/status",
      tags: ["admin"],
      summary:
        "Every episode, newest first, with Ready or Missing mind map (50 a page; show=missing keeps the missing)",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: {
        query: z.object({
          show: z.enum(["all", "missing"]).default("all"),
          cursor: z.string().max(500).optional(),
        }),
      },
      responses: {
        200: jsonResponse("Mind-map status", mindmapStatusPageSchema),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const { show, cursor } = c.req.valid("query");
      return c.json(await listMindmapStatus(deps.db, { cursor, isMissingOnly: show === "missing" }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/users",
      tags: ["admin"],
      summary:
        "manage-user-roles {action: list}: users newest first with their roles, 20 a page; q matches name or handle (or the whole e-mail)",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: {
        query: z.object({
          q: z.string().max(100).optional(),
          cursor: z.string().max(500).optional(),
        }),
      },
      responses: { 200: jsonResponse("Users", adminUserPageSchema), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listAdminUsers(deps.db, c.req.valid("query")), 200),
  );

  const roleParams = z.object({
    id: uuidParam("id"),
    role: userRoleNameSchema.meta({ param: { name: "role", in: "path" } }),
  });
  for (const [method, action] of [
    ["put", "grant"],
    ["delete", "revoke"],
  ] as const) {
    router.openapi(
      createRoute({
        method,
        path: "/admin/users/{id}/roles/{role}",
        tags: ["admin"],
        summary: `manage-user-roles {action: ${action}}: ${action} admin or premium (logged in the audit log)${action === "revoke" ? "; 409 for the last admin" : ""}`,
        "x-access": "admin",
        middleware: [requireAdmin] as const,
        request: { params: roleParams },
        responses: {
          200: jsonResponse("The user's roles now", roleChangeSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      }),
      async (c) => {
        const { id, role } = c.req.valid("param");
        return c.json(
          await changeUserRole(deps.db, { actorUserId: getUser(c).id, targetUserId: id, role, action }),
          200,
        );
      },
    );
  }

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/role-audit",
      tags: ["admin"],
      summary: "The audit log of role changes (who, whom, what, when), newest first, 20 a page",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { query: z.object({ cursor: z.string().max(500).optional() }) },
      responses: { 200: jsonResponse("Role changes", roleAuditPageSchema), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listRoleAudit(deps.db, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/jobs/{queue}",
      tags: ["admin"],
      summary: "Queue a background job with its default input",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { params: queueParam },
      responses: { ...queuedResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await enqueueJob(deps, findJobQueue(c.req.valid("param").queue), {}), 202),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/jobs/{queue}/{id}",
      tags: ["admin"],
      summary: "The state, progress and result of a job",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: {
        params: queueParam.extend({ id: uuidParam("id") }),
      },
      responses: {
        200: jsonResponse("Job state", jobSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { queue, id } = c.req.valid("param");
      return c.json(await getJobState(deps, queue, id), 200);
    },
  );

  return router;
}
