import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  continueListeningSchema,
  homeSchema,
  podcastSummarySchema,
  searchResultSchema,
  suggestionsSchema,
} from "../../domain/contract/catalog.ts";
import {
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX,
  SUGGEST_MIN_LENGTH,
} from "../../domain/search.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { bodyEtag, httpCache, REVALIDATE, SHORT_LIST } from "../lib/http-cache.ts";
import { respondJsonText, toJsonText } from "../lib/json-text.ts";
import { errorResponses, jsonResponse, notModified, uuidParam } from "../lib/openapi.ts";
import {
  getContinueListening,
  getHome,
  getPodcastSummary,
  getSuggestions,
  HOME_CACHE_KEY,
  searchEpisodes,
} from "../services/catalog/discovery.ts";
import type { ResponseCache } from "../services/catalog/response-cache.ts";

const searchQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_TEXT_MAX, { error: `Search text must be at most ${SEARCH_TEXT_MAX} characters.` })
    .optional()
    .openapi({ description: "Free text (websearch syntax: quotes, -exclusions, or)", example: "attention" }),
  podcast: z.uuid({ error: "podcast must be a podcast id." }).optional(),
  sort: z
    .enum(SEARCH_SORTS, { error: "sort must be relevance, recent or oldest." })
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

/**
 * `cache`: public answers are the same for everyone, so they are kept briefly
 * (CATALOG_CACHE_SECONDS); the app creates it, so other routes can forget what their writes change.
 */
export function createCatalogRoutes(deps: AppDeps, cache: ResponseCache) {
  const router = createRouter();
  /**
   * The JSON text is what is kept, so a hit costs neither a query nor a serialisation; with its
   * ETag, so neither a hash nor a read of the body back by `listCache`.
   */
  const ttl = deps.config.CATALOG_CACHE_SECONDS;
  // Browsers and proxies may keep a list as long as this server does (it would answer the same).
  const listCache = httpCache(
    ttl > 0 ? `public, max-age=${ttl}, stale-while-revalidate=${ttl * 10}` : REVALIDATE,
  );
  const cachedJson = async <T>(c: Context, key: string, load: () => Promise<T>) => {
    const { text, etag } = await cache(key, async () => {
      const json = toJsonText(await load());
      return { text: json, etag: bodyEtag(json) };
    });
    c.header("ETag", etag);
    return respondJsonText(c, text, 200);
  };

  router.openapi(
    createRoute({
      method: "get",
      path: "/catalog/home",
      tags: ["catalog"],
      summary: "Home lists: the featured episode, recent episodes (de-duplicated) and the latest 3 insights",
      "x-access": "public",
      middleware: [listCache] as const,
      responses: { ...notModified, 200: jsonResponse("Home lists", homeSchema) },
    }),
    (c) => cachedJson(c, HOME_CACHE_KEY, () => getHome(deps)),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/catalog/search",
      tags: ["catalog"],
      summary:
        "Search ready episodes by free text over title, summary, topics, people, show and transcript (with the matched line), by podcast, sorted; page 1 also lists matching podcasts and people",
      "x-access": "public",
      middleware: [listCache] as const,
      request: { query: searchQuerySchema },
      responses: {
        ...notModified,
        200: jsonResponse("One page of results", searchResultSchema),
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
      summary: `Search dropdown (≥ ${SUGGEST_MIN_LENGTH} characters): the 5 newest ready episodes whose title or search words match (then those whose transcript says the typed words), and podcasts and people by name`,
      "x-access": "public",
      middleware: [listCache] as const,
      request: {
        query: z.object({ q: z.string().max(SEARCH_TEXT_MAX).optional().openapi({ example: "atte" }) }),
      },
      responses: {
        ...notModified,
        200: jsonResponse(`Suggestions (empty under ${SUGGEST_MIN_LENGTH} characters)`, suggestionsSchema),
        ...errorResponses(400),
      },
    }),
    async (c) => {
      const q = (c.req.valid("query").q ?? "").trim().toLowerCase();
      return cachedJson(c, `suggest:${q}`, () => getSuggestions(deps, q));
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/catalog/podcasts/{id}",
      tags: ["catalog"],
      summary: "A podcast's public summary (for the search filter)",
      "x-access": "public",
      middleware: [httpCache(SHORT_LIST)] as const,
      request: { params: z.object({ id: uuidParam("id") }) },
      responses: {
        ...notModified,
        200: jsonResponse("Podcast", podcastSummarySchema),
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
      responses: { 200: jsonResponse("Continue listening", continueListeningSchema), ...errorResponses(401) },
    }),
    async (c) => c.json({ episodes: await getContinueListening(deps, getUser(c).id) }, 200),
  );

  return router;
}
