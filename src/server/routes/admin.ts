import { createRoute, z } from "@hono/zod-openapi";
import { jobSchema, podcastStatsSchema, youtubeImportSchema } from "../../domain/contract/admin.ts";
import { requireRole } from "../auth/middleware.ts";
import { type AppDeps, createRouter } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import { findJobQueue, getJobState } from "../services/admin/jobs.ts";
import { getFetchPolicy, getPodcastStats } from "../services/catalog/ingestion.ts";
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
  queueRoute({
    path: "/admin/catalog/ingest-feed",
    queue: "catalog.ingest-feed",
    summary: "ingest-podcast-feed: one feed by URL or podcast → {inserted, skipped, enriched}",
    body: z
      .object({
        feedUrl: z.url({ error: "Please enter an RSS feed URL" }).optional(),
        podcastId: z.uuid().optional(),
      })
      .refine((body) => body.feedUrl || body.podcastId, {
        error: "Please enter an RSS feed URL",
        path: ["feedUrl"],
      }),
  });
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
