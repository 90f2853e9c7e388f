import { createRoute, z } from "@hono/zod-openapi";
import {
  profileFollowingSchema,
  profileHistorySchema,
  profileListsSchema,
  profileSavedSchema,
  profileSummarySchema,
} from "../../domain/contract/profile.ts";
import { updateProfileSchema } from "../../domain/profile.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import { updateProfile } from "../services/profile/edit.ts";
import {
  getProfileFollowing,
  getProfileHistory,
  getProfileLists,
  getProfileSaved,
  getProfileSummary,
} from "../services/profile/profiles.ts";

const userParam = z.object({ userId: uuidParam("userId") });

/**
 * Profiles (spec 3 §2 Profile and Profile edit, §5, §7; decision 016). Signed-in only. Any user's
 * header and public lists can be read; saved episodes, play history and followed podcasts only by
 * their owner (404 for anyone else). The tabs are separate routes so each loads on its own.
 */
export function createProfileRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/profiles/{userId}",
      tags: ["profile"],
      summary:
        "A profile's header: name, handle, avatar, level, XP, points, accuracy (saved count: own only)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: {
        200: jsonResponse("The profile", profileSummarySchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await getProfileSummary(deps, getUser(c).id, c.req.valid("param").userId), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/profiles/{userId}/saved",
      tags: ["profile"],
      summary: "The 6 newest bookmarks (own profile only; 404 for anyone else's)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: {
        200: jsonResponse("Saved episodes", profileSavedSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await getProfileSaved(deps, getUser(c).id, c.req.valid("param").userId), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/profiles/{userId}/lists",
      tags: ["profile"],
      summary: "The 6 most recently updated lists: all of your own, only the public ones of anyone else",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: {
        200: jsonResponse("Lists", profileListsSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await getProfileLists(deps, getUser(c).id, c.req.valid("param").userId), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/profiles/{userId}/history",
      tags: ["profile"],
      summary: "The 5 most recent plays (own profile only; 404 for anyone else's)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: {
        200: jsonResponse("Play history", profileHistorySchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await getProfileHistory(deps, getUser(c).id, c.req.valid("param").userId), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/profiles/{userId}/following",
      tags: ["profile"],
      summary: "The 6 most recently followed podcasts (own profile only; 404 for anyone else's)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: {
        200: jsonResponse("Followed podcasts", profileFollowingSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await getProfileFollowing(deps, getUser(c).id, c.req.valid("param").userId), 200),
  );

  router.openapi(
    createRoute({
      method: "patch",
      path: "/me/profile",
      tags: ["profile"],
      summary:
        "Save the display name (trimmed, required), handle (a–z, 0–9, _; 3–30; unique) and avatar URL (https)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(updateProfileSchema) },
      responses: {
        200: jsonResponse("The updated profile", profileSummarySchema),
        ...errorResponses(400, 401, 409, 413, 415),
      },
    }),
    async (c) => c.json(await updateProfile(deps, getUser(c).id, c.req.valid("json")), 200),
  );

  return router;
}
