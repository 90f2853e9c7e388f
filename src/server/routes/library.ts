import { createRoute, z } from "@hono/zod-openapi";
import {
  bookmarkPageSchema,
  bookmarkStateSchema,
  listEpisodeAddedSchema,
  listSummarySchema,
  listViewSchema,
  myListsSchema,
} from "../../domain/contract/library.ts";
import {
  addListEpisodeSchema,
  createListSchema,
  reorderListSchema,
  updateListSchema,
} from "../../domain/library.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import {
  addBookmark,
  getBookmarkState,
  listBookmarks,
  removeBookmark,
} from "../services/library/bookmarks.ts";
import {
  addEpisodeToList,
  createList,
  deleteList,
  getListView,
  listMyLists,
  removeEpisodeFromList,
  reorderList,
  updateList,
} from "../services/library/lists.ts";

const episodeParam = z.object({ episodeId: uuidParam("episodeId") });
const listParam = z.object({ listId: uuidParam("listId") });
const listEpisodeParam = z.object({ listId: uuidParam("listId"), episodeId: uuidParam("episodeId") });

/**
 * Bookmarks and lists (spec 2 §2 Lists, §4 Bookmark, §5, §6). Every row is scoped to its owner;
 * public lists can be read by anyone with the link, private lists only by their owner.
 */
export function createLibraryRoutes(deps: AppDeps) {
  const router = createRouter();

  // Bookmarks ------------------------------------------------------------------------------------

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/bookmarks",
      tags: ["library"],
      summary: "The signed-in user's bookmarks, newest first",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: {
        query: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(24),
          cursor: z.string().max(500).optional(),
        }),
      },
      responses: {
        200: jsonResponse("A page of bookmarks", bookmarkPageSchema),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => c.json(await listBookmarks(deps, getUser(c).id, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/bookmarks/{episodeId}",
      tags: ["library"],
      summary: "Whether the signed-in user has bookmarked an episode",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: episodeParam },
      responses: { 200: jsonResponse("Bookmark state", bookmarkStateSchema), ...errorResponses(400, 401) },
    }),
    async (c) => c.json(await getBookmarkState(deps, getUser(c).id, c.req.valid("param").episodeId), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/bookmarks/{episodeId}",
      tags: ["library"],
      summary: "Bookmark an episode (idempotent)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: episodeParam },
      responses: { 200: jsonResponse("Bookmarked", bookmarkStateSchema), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json(await addBookmark(deps, getUser(c).id, c.req.valid("param").episodeId), 200),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/me/bookmarks/{episodeId}",
      tags: ["library"],
      summary: "Remove a bookmark (idempotent)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: episodeParam },
      responses: { 200: jsonResponse("Not bookmarked", bookmarkStateSchema), ...errorResponses(400, 401) },
    }),
    async (c) => c.json(await removeBookmark(deps, getUser(c).id, c.req.valid("param").episodeId), 200),
  );

  // Lists ----------------------------------------------------------------------------------------

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/lists",
      tags: ["library"],
      summary: "The signed-in user's lists, newest first, with episode counts",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: {
        query: z.object({
          episodeId: z
            .uuid()
            .optional()
            .openapi({ description: "Mark the lists that already hold this episode (containsEpisode)" }),
        }),
      },
      responses: {
        200: jsonResponse("My lists", myListsSchema),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => c.json(await listMyLists(deps, getUser(c).id, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/me/lists",
      tags: ["library"],
      summary: "Create a list (name required after trimming, ≤ 100; description ≤ 500)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(createListSchema) },
      responses: { 201: jsonResponse("Created", listSummarySchema), ...errorResponses(400, 401, 413, 415) },
    }),
    async (c) => c.json(await createList(deps, getUser(c).id, c.req.valid("json")), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/lists/{listId}",
      tags: ["library"],
      summary: "A list and its episodes in order: public lists for anyone, private lists for their owner",
      "x-access": "public",
      request: { params: listParam },
      responses: {
        200: jsonResponse("The list", listViewSchema),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => c.json(await getListView(deps, c.get("user")?.id ?? null, c.req.valid("param").listId), 200),
  );

  router.openapi(
    createRoute({
      method: "patch",
      path: "/lists/{listId}",
      tags: ["library"],
      summary: "Change a list's name, description or visibility (owner only)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: listParam, body: jsonBody(updateListSchema) },
      responses: {
        200: jsonResponse("Updated", listSummarySchema),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    async (c) =>
      c.json(await updateList(deps, getUser(c).id, c.req.valid("param").listId, c.req.valid("json")), 200),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/lists/{listId}",
      tags: ["library"],
      summary: "Delete a list and its entries (owner only)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: listParam },
      responses: { 204: { description: "Deleted" }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      await deleteList(deps, getUser(c).id, c.req.valid("param").listId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/lists/{listId}/episodes",
      tags: ["library"],
      summary: "Add an episode at the end of a list (owner only); a duplicate is 409",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: listParam, body: jsonBody(addListEpisodeSchema) },
      responses: {
        201: jsonResponse("Added", listEpisodeAddedSchema),
        ...errorResponses(400, 401, 403, 404, 409, 413, 415),
      },
    }),
    async (c) =>
      c.json(
        await addEpisodeToList(
          deps,
          getUser(c).id,
          c.req.valid("param").listId,
          c.req.valid("json").episodeId,
        ),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/lists/{listId}/episodes/{episodeId}",
      tags: ["library"],
      summary: "Remove an episode from a list (owner only, idempotent)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: listEpisodeParam },
      responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const { listId, episodeId } = c.req.valid("param");
      await removeEpisodeFromList(deps, getUser(c).id, listId, episodeId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/lists/{listId}/order",
      tags: ["library"],
      summary: "Reorder a list: every episode id of the list, in the new order (owner only)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: listParam, body: jsonBody(reorderListSchema) },
      responses: {
        204: { description: "Reordered" },
        ...errorResponses(400, 401, 403, 404, 409, 413, 415),
      },
    }),
    async (c) => {
      await reorderList(deps, getUser(c).id, c.req.valid("param").listId, c.req.valid("json").episodeIds);
      return c.body(null, 204);
    },
  );

  return router;
}
