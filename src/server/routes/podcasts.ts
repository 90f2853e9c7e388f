import { createRoute, z } from "@hono/zod-openapi";
import {
  addPodcastInputSchema,
  newFromShowsSchema,
  podcastAdditionListSchema,
  podcastAdditionSchema,
  podcastDetailSchema,
  podcastEpisodePageSchema,
  podcastMatchesSchema,
} from "../../domain/contract/podcasts.ts";
import {
  NEW_FROM_SHOWS_LIMIT,
  PODCAST_EPISODES_PAGE,
  PODCAST_LOOKUP_MIN,
  RECENT_ADDITIONS_LIMIT,
  RECENT_ADDITIONS_MAX,
} from "../../domain/podcasts.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { httpCache, REVALIDATE, SHORT_LIST } from "../lib/http-cache.ts";
import { errorResponses, jsonBody, jsonResponse, notModified, uuidParam } from "../lib/openapi.ts";
import { addPodcastByFeed, getPodcastAddition, listRecentAdditions } from "../services/catalog/additions.ts";
import {
  findPodcastsByName,
  getPodcastDetail,
  listNewFromShows,
  listPodcastEpisodes,
} from "../services/catalog/podcasts.ts";

const podcastParam = z.object({ podcastId: uuidParam("podcastId") });
const additionParam = z.object({ additionId: uuidParam("additionId") });
const episodePageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(PODCAST_EPISODES_PAGE),
  cursor: z.string().max(500).optional(),
});

const lookupQuery = z.object({
  q: z
    .string()
    .trim()
    .min(PODCAST_LOOKUP_MIN, `Type at least ${PODCAST_LOOKUP_MIN} characters of the show's name.`)
    .max(200, "Type at most 200 characters."),
});
const recentAdditionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_ADDITIONS_MAX).default(RECENT_ADDITIONS_LIMIT),
});
const newFromShowsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(NEW_FROM_SHOWS_LIMIT),
});

/** The podcast page and listeners adding shows by feed address (issue 22). */
export function createPodcastRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/podcasts",
      tags: ["catalog"],
      summary: "Podcasts of the catalog by name (Add a podcast), with whether the viewer follows each",
      "x-access": "public",
      request: { query: lookupQuery },
      responses: {
        200: jsonResponse("Matching podcasts, at most 8", podcastMatchesSchema),
        ...errorResponses(400),
      },
    }),
    async (c) =>
      c.json(await findPodcastsByName(deps, c.req.valid("query").q, c.get("user")?.id ?? null), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/podcasts/{podcastId}",
      tags: ["catalog"],
      summary: "A podcast: name, cover, description, author, links, ready-episode count, followed or not",
      "x-access": "public",
      // "followed" is the signed-in user's: their copy is private.
      middleware: [httpCache(REVALIDATE, { isPersonal: true })] as const,
      request: { params: podcastParam },
      responses: {
        ...notModified,
        200: jsonResponse("The podcast", podcastDetailSchema),
        ...errorResponses(400, 404),
      },
    }),
    async (c) =>
      c.json(await getPodcastDetail(deps, c.req.valid("param").podcastId, c.get("user")?.id ?? null), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/podcasts/{podcastId}/episodes",
      tags: ["catalog"],
      summary: "A podcast's ready episodes, newest first, a page at a time",
      "x-access": "public",
      middleware: [httpCache(SHORT_LIST)] as const,
      request: { params: podcastParam, query: episodePageQuery },
      responses: {
        ...notModified,
        200: jsonResponse("A page of episodes", podcastEpisodePageSchema),
        ...errorResponses(400, 404),
      },
    }),
    async (c) =>
      c.json(await listPodcastEpisodes(deps, c.req.valid("param").podcastId, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/me/podcast-additions",
      tags: ["catalog"],
      summary:
        "Add a podcast by its feed address: followed at once; a feed new to the catalog is read in the background",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(addPodcastInputSchema) },
      responses: {
        200: jsonResponse("Already in the catalog: now followed", podcastAdditionSchema),
        202: jsonResponse("New: followed, and queued to be read; poll the addition", podcastAdditionSchema),
        ...errorResponses(400, 401, 409, 415, 422, 429),
      },
    }),
    async (c) => {
      const { addition, isQueued } = await addPodcastByFeed(deps, getUser(c).id, c.req.valid("json").feedUrl);
      return isQueued ? c.json(addition, 202) : c.json(addition, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/podcast-additions",
      tags: ["catalog"],
      summary:
        "The user's recent podcast additions with live progress, newest first (an OPML import's progress list)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { query: recentAdditionsQuery },
      responses: {
        200: jsonResponse("The additions", podcastAdditionListSchema),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => c.json(await listRecentAdditions(deps, getUser(c).id, c.req.valid("query").limit), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/podcast-additions/{additionId}",
      tags: ["catalog"],
      summary: "How adding a podcast is going: status, episodes stored so far, the error of a refused feed",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: additionParam },
      responses: {
        200: jsonResponse("The addition", podcastAdditionSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await getPodcastAddition(deps, getUser(c).id, c.req.valid("param").additionId), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/new-from-shows",
      tags: ["catalog"],
      summary: "The home hub's New from your shows: the newest episodes of the podcasts the user follows",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { query: newFromShowsQuery },
      responses: {
        200: jsonResponse(
          "The newest episodes, and whether the user follows any podcast",
          newFromShowsSchema,
        ),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => c.json(await listNewFromShows(deps, getUser(c).id, c.req.valid("query").limit), 200),
  );

  return router;
}
