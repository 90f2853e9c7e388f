import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses } from "../lib/openapi.ts";
import {
  getContinueListening,
  getHome,
  getPodcastSummary,
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  searchEpisodes,
  suggestEpisodes,
} from "../services/catalog/discovery.ts";
import { createResponseCache } from "../services/catalog/response-cache.ts";

const episodeCardSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    summary: z.string().nullable(),
    imageUrl: z.string().nullable(),
    podcastId: z.uuid(),
    podcastName: z.string(),
    pubDate: z.string().openapi({ format: "date-time" }),
    duration: z.int().nullable().openapi({ description: "Seconds" }),
    topics: z.array(z.string()).openapi({ description: "Cards show at most 3" }),
  })
  .openapi("EpisodeCard");

const homeEpisodeSchema = episodeCardSchema
  .extend({ audioUrl: z.string().nullable(), youtubeUrl: z.string().nullable() })
  .openapi("HomeEpisode");

const insightSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    dek: z.string().nullable(),
    heroImage: z.string().nullable(),
    publishedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("InsightSummary");

const suggestionSchema = z
  .object({ id: z.uuid(), title: z.string(), imageUrl: z.string().nullable(), podcastName: z.string() })
  .openapi("EpisodeSuggestion");

const sorts = ["relevance", "recent", "oldest"] as const;

const searchQuerySchema = z.object({
  q: z
    .string()
    .max(200, { error: "Search text must be at most 200 characters." })
    .optional()
    .openapi({ description: "Free text (websearch syntax: quotes, -exclusions, or)", example: "attention" }),
  podcast: z.uuid({ error: "podcast must be a podcast id." }).optional(),
  sort: z
    .enum(sorts, { error: "sort must be relevance, recent or oldest." })
    .optional()
    .openapi({ description: "Default: relevance with text, else recent" }),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_PAGE)
    .optional()
    .openapi({ description: "1-based page number", example: 1 }),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE).optional().openapi({ example: 24 }),
});

export function createCatalogRoutes(deps: AppDeps) {
  const router = createRouter();
  // Public answers are the same for everyone: keep them briefly (CATALOG_CACHE_SECONDS).
  const cache = createResponseCache({ ttlSeconds: deps.config.CATALOG_CACHE_SECONDS });
  /** The JSON text is what is kept, so a hit costs neither a query nor a serialisation. */
  const cachedJson = (c: Context, key: string, load: () => Promise<unknown>) =>
    cache(key, async () => JSON.stringify(await load())).then(
      // The body is the JSON of the declared schema; the cast only tells the typed router so.
      (body) => c.body(body, 200, { "content-type": "application/json" }) as never,
    );

  router.openapi(
    createRoute({
      method: "get",
      path: "/catalog/home",
      tags: ["catalog"],
      summary: "Home lists: the featured episode, recent episodes (de-duplicated) and the latest 3 insights",
      "x-access": "public",
      responses: {
        200: {
          description: "Home lists",
          content: {
            "application/json": {
              schema: z.object({
                featured: episodeCardSchema.nullable(),
                recent: z.array(homeEpisodeSchema).openapi({ description: "Up to 24; the page shows 6" }),
                insights: z.array(insightSchema),
              }),
            },
          },
        },
      },
    }),
    (c) => cachedJson(c, "home", () => getHome(deps)),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/catalog/search",
      tags: ["catalog"],
      summary: "Search ready episodes by free text over title, summary and topics, by podcast, sorted",
      "x-access": "public",
      request: { query: searchQuerySchema },
      responses: {
        200: {
          description: "One page of results",
          content: {
            "application/json": {
              schema: z.object({
                episodes: z.array(episodeCardSchema),
                page: z.int(),
                pageSize: z.int(),
                hasMore: z.boolean(),
                sort: z.enum(sorts),
                match: z.enum(["all", "words", "partial"]),
              }),
            },
          },
        },
        ...errorResponses(400),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const key = `search:${JSON.stringify([query.q?.trim() ?? "", query.podcast, query.sort, query.page, query.limit])}`;
      return cachedJson(c, key, () => searchEpisodes(deps, query));
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/catalog/suggest",
      tags: ["catalog"],
      summary: "Search dropdown: 5 newest ready episodes whose title or summary matches (≥ 2 characters)",
      "x-access": "public",
      request: { query: z.object({ q: z.string().max(200).optional().openapi({ example: "atte" }) }) },
      responses: {
        200: {
          description: "Suggestions (empty under 2 characters)",
          content: { "application/json": { schema: z.object({ episodes: z.array(suggestionSchema) }) } },
        },
        ...errorResponses(400),
      },
    }),
    async (c) => {
      const q = (c.req.valid("query").q ?? "").trim().toLowerCase();
      return cachedJson(c, `suggest:${q}`, async () => ({ episodes: await suggestEpisodes(deps, q) }));
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/catalog/podcasts/{id}",
      tags: ["catalog"],
      summary: "A podcast's public summary (for the search filter)",
      "x-access": "public",
      request: { params: z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) }) },
      responses: {
        200: {
          description: "Podcast",
          content: {
            "application/json": {
              schema: z
                .object({ id: z.uuid(), name: z.string(), coverUrl: z.string().nullable() })
                .openapi("PodcastSummary"),
            },
          },
        },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => c.json(await getPodcastSummary(deps, c.req.valid("param").id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/continue-listening",
      tags: ["catalog"],
      summary: "Episodes the user started and has not finished, most recently played first (6)",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: {
          description: "Continue listening",
          content: {
            "application/json": {
              schema: z.object({
                episodes: z.array(
                  episodeCardSchema.extend({
                    positionSeconds: z.int(),
                    lastPlayedAt: z.string().openapi({ format: "date-time" }),
                  }),
                ),
              }),
            },
          },
        },
        ...errorResponses(401),
      },
    }),
    async (c) => c.json({ episodes: await getContinueListening(deps, getUser(c).id) }, 200),
  );

  return router;
}
