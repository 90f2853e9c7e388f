import { createRoute, z } from "@hono/zod-openapi";
import {
  adminPostPageSchema,
  adminPostSchema,
  postPageSchema,
  postTypeSchema,
  postViewSchema,
  reflectionPageSchema,
  reflectionSchema,
  topicListSchema,
} from "../../domain/contract/feed.ts";
import { postInputSchema, reflectionSchema as reflectionInputSchema } from "../../domain/feed.ts";
import { FEED_PAGE_SIZE } from "../../domain/feed-constants.ts";
import { requireRole, requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, pageQuerySchema, uuidParam } from "../lib/openapi.ts";
import { HOME_CACHE_KEY } from "../services/catalog/discovery.ts";
import type { ResponseCache } from "../services/catalog/response-cache.ts";
import {
  ADMIN_POSTS_PAGE,
  createPost,
  deletePost,
  getAdminPost,
  listAdminPosts,
  updatePost,
} from "../services/feed/authoring.ts";
import { getPostBySlug, listPosts, listTopics } from "../services/feed/posts.ts";
import { createReflection, deleteReflection, listReflections } from "../services/feed/reflections.ts";
import { draftWeeklySynthesis, WEEKLY_EPISODES } from "../services/feed/weekly-synthesis.ts";

const slugParam = z.object({
  slug: z
    .string()
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "Not a post address." })
    .openapi({ param: { name: "slug", in: "path" }, example: "why-we-forget" }),
});
const reflectionParam = z.object({ reflectionId: uuidParam("reflectionId") });
const postIdParam = z.object({ postId: uuidParam("postId") });

const feedQuerySchema = z.object({
  type: postTypeSchema.optional(),
  topic: z
    .string()
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "Not a topic." })
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(FEED_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});

/**
 * Deep Dives (spec 3 §2, §5, §6, §7; decision 029): the public feed, posts by slug with the premium
 * gate applied on the server, reflections, and the admins' authoring API. A post's write forgets the
 * cached home lists (`catalogCache`), so the landing page's Latest Insights show it at once.
 */
export function createFeedRoutes(deps: AppDeps, catalogCache: ResponseCache) {
  const router = createRouter();
  const requireAdmin = requireRole(deps, "admin");
  /** After the write has committed: a home load started before it is not kept. */
  const afterPostWrite = <T>(result: T) => {
    catalogCache.forget(HOME_CACHE_KEY);
    return result;
  };

  router.openapi(
    createRoute({
      method: "get",
      path: "/posts",
      tags: ["feed"],
      summary:
        "Published posts (published_at at or before now), newest first, optionally of one format and/or topic (slug), a page at a time",
      "x-access": "public",
      request: { query: feedQuerySchema },
      responses: { 200: jsonResponse("A page of posts", postPageSchema), ...errorResponses(400) },
    }),
    async (c) => c.json(await listPosts(deps, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/topics",
      tags: ["feed"],
      summary: "Topics with at least one published post, by title",
      "x-access": "public",
      responses: { 200: jsonResponse("Topics", topicListSchema) },
    }),
    async (c) => c.json(await listTopics(deps), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/posts/{slug}",
      tags: ["feed"],
      summary:
        "A published post with topics, sources and their episodes; without the premium role the blocks stop at the premium gate",
      "x-access": "public",
      request: { params: slugParam },
      responses: { 200: jsonResponse("The post", postViewSchema), ...errorResponses(400, 404) },
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(await getPostBySlug(deps, c.req.valid("param").slug, c.get("user")?.id ?? null), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/posts/{slug}/reflections",
      tags: ["feed"],
      summary: "A published post's reflections, newest first, with their authors",
      "x-access": "public",
      request: { params: slugParam, query: pageQuerySchema },
      responses: { 200: jsonResponse("Reflections", reflectionPageSchema), ...errorResponses(400, 404) },
    }),
    async (c) =>
      c.json(
        await listReflections(
          deps,
          c.req.valid("param").slug,
          c.get("user")?.id ?? null,
          c.req.valid("query"),
        ),
        200,
      ),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/posts/{slug}/reflections",
      tags: ["feed"],
      summary: "Post a reflection: plain text, 10 to 500 characters after trimming; rate limited per user",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: slugParam, body: jsonBody(reflectionInputSchema) },
      responses: {
        201: jsonResponse("Posted", reflectionSchema),
        ...errorResponses(400, 401, 404, 413, 415, 429),
      },
    }),
    async (c) =>
      c.json(
        await createReflection(deps, c.req.valid("param").slug, getUser(c).id, c.req.valid("json").content),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/reflections/{reflectionId}",
      tags: ["feed"],
      summary: "Delete a reflection (its author or an admin)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: reflectionParam },
      responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      await deleteReflection(deps, c.req.valid("param").reflectionId, getUser(c).id);
      return c.body(null, 204);
    },
  );

  // Authoring (admins) ---------------------------------------------------------------------------

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/posts",
      tags: ["feed", "admin"],
      summary: "Every post — drafts, scheduled and published — most recently edited first",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: {
        query: pageQuerySchema.extend({
          limit: z.coerce.number().int().min(1).max(100).default(ADMIN_POSTS_PAGE),
        }),
      },
      responses: { 200: jsonResponse("Posts", adminPostPageSchema), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await listAdminPosts(deps, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/posts",
      tags: ["feed", "admin"],
      summary:
        "Create a post (a blank slug is generated from the title and made unique; a given slug in use is 409); publishedAt null is a draft, in the future scheduled",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { body: jsonBody(postInputSchema) },
      responses: {
        201: jsonResponse("Created", adminPostSchema),
        ...errorResponses(400, 401, 403, 409, 413, 415),
      },
    }),
    async (c) => c.json(afterPostWrite(await createPost(deps, c.req.valid("json"))), 201),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/posts/weekly-synthesis",
      tags: ["feed", "admin"],
      summary: `Draft a Weekly Synthesis from the last 7 days' ${WEEKLY_EPISODES} most-played episodes (summaries, key insights, a timed quote each); 422 when nothing was played`,
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      responses: { 201: jsonResponse("The draft", adminPostSchema), ...errorResponses(401, 403, 422) },
    }),
    async (c) => c.json(await draftWeeklySynthesis(deps), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/posts/{postId}",
      tags: ["feed", "admin"],
      summary: "A post as stored, for editing",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { params: postIdParam },
      responses: { 200: jsonResponse("The post", adminPostSchema), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => c.json(await getAdminPost(deps, c.req.valid("param").postId), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/admin/posts/{postId}",
      tags: ["feed", "admin"],
      summary: "Replace a post with its topics and sources (a blank slug keeps the current one)",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { params: postIdParam, body: jsonBody(postInputSchema) },
      responses: {
        200: jsonResponse("Saved", adminPostSchema),
        ...errorResponses(400, 401, 403, 404, 409, 413, 415),
      },
    }),
    async (c) =>
      c.json(afterPostWrite(await updatePost(deps, c.req.valid("param").postId, c.req.valid("json"))), 200),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/admin/posts/{postId}",
      tags: ["feed", "admin"],
      summary: "Delete a post with its topics links, sources and reflections",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { params: postIdParam },
      responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      afterPostWrite(await deletePost(deps, c.req.valid("param").postId));
      return c.body(null, 204);
    },
  );

  return router;
}
