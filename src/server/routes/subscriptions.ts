import { createRoute, z } from "@hono/zod-openapi";
import { followedPodcastPageSchema, opmlImportSchema } from "../../domain/contract/subscriptions.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, pageQuerySchema, uuidParam } from "../lib/openapi.ts";
import {
  exportOpml,
  followPodcast,
  importOpml,
  listFollowedPodcasts,
  unfollowPodcast,
} from "../services/catalog/subscriptions.ts";

const podcastParam = z.object({ podcastId: uuidParam("podcastId") });

/** Following podcasts (the profile's Following tab) and OPML import/export. */
export function createSubscriptionRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/podcasts",
      tags: ["catalog"],
      summary: "Podcasts the signed-in user follows, most recent first",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { query: pageQuerySchema },
      responses: {
        200: jsonResponse("A page of followed podcasts", followedPodcastPageSchema),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => c.json(await listFollowedPodcasts(deps, getUser(c).id, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/podcasts/{podcastId}",
      tags: ["catalog"],
      summary: "Follow a podcast (idempotent)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: podcastParam },
      responses: { 204: { description: "Following" }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      await followPodcast(deps, getUser(c).id, c.req.valid("param").podcastId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/me/podcasts/{podcastId}",
      tags: ["catalog"],
      summary: "Unfollow a podcast (idempotent)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: podcastParam },
      responses: { 204: { description: "Not following" }, ...errorResponses(400, 401) },
    }),
    async (c) => {
      await unfollowPodcast(deps, getUser(c).id, c.req.valid("param").podcastId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/podcasts/opml",
      tags: ["catalog"],
      summary: "Download the followed podcasts as OPML",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: { description: "OPML 2.0 file", content: { "text/x-opml": { schema: z.string() } } },
        ...errorResponses(401),
      },
    }),
    async (c) => {
      c.header("Content-Disposition", 'attachment; filename="earmark-podcasts.opml"');
      return c.body(await exportOpml(deps, getUser(c).id), 200, {
        "Content-Type": "text/x-opml; charset=utf-8",
      });
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/me/podcasts/opml",
      tags: ["catalog"],
      summary: "Follow every feed of an OPML file; unknown feeds are ingested in the background",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(z.object({ opml: z.string().min(1, "Choose an OPML file.").max(900_000) })) },
      responses: {
        200: jsonResponse("Imported", opmlImportSchema),
        ...errorResponses(400, 401, 413, 415, 422, 429),
      },
    }),
    async (c) => c.json(await importOpml(deps, getUser(c).id, c.req.valid("json").opml), 200),
  );

  return router;
}
