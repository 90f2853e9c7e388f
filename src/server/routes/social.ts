import { createRoute, z } from "@hono/zod-openapi";
import {
  acceptedInviteSchema,
  createdInviteSchema,
  followStatusSchema,
  friendRequestsSchema,
  friendSearchSchema,
  friendsSchema,
  invitePreviewSchema,
} from "../../domain/contract/social.ts";
import { FRIEND_SEARCH_MAX_LENGTH } from "../../domain/social.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import {
  acceptFriendRequest,
  declineFriendRequest,
  listFriendRequests,
  listFriends,
  removeFriend,
  searchPlayers,
  sendFriendRequest,
} from "../services/social/friends.ts";
import {
  acceptInvite,
  createInvite,
  getInviteAvatarSvg,
  getInvitePreview,
} from "../services/social/invites.ts";

const userParam = z.object({ userId: uuidParam("userId") });
// Any text: a malformed token is the same 404 'Invalid or expired invite' as an unknown one.
const tokenParam = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: "token", in: "path" } }),
});

/**
 * Friends and invites (spec 3 §2 Friends and Invite acceptance, §4, §7; decision 020). Everything is
 * signed-in only except reading an invite and its placeholder picture, which the invite page shows to
 * signed-out visitors.
 */
export function createSocialRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/friends",
      tags: ["social"],
      summary: "Your friends (accepted both ways), newest first, at most 100, with the total count",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Friends", friendsSchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await listFriends(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/friends/search",
      tags: ["social"],
      summary:
        "Up to 10 other users whose name or handle contains q (case-insensitive); empty q finds nobody",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { query: z.object({ q: z.string().max(FRIEND_SEARCH_MAX_LENGTH).default("") }) },
      responses: { 200: jsonResponse("Matching users", friendSearchSchema), ...errorResponses(400, 401) },
    }),
    async (c) => c.json(await searchPlayers(deps, getUser(c).id, c.req.valid("query").q), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/friends/requests",
      tags: ["social"],
      summary: "Pending friend requests to you (with their count) and from you, newest first, 50 each",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Friend requests", friendRequestsSchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await listFriendRequests(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/friends/requests",
      tags: ["social"],
      summary:
        "Send a friend request (201 pending); when they already asked you, you become friends (200 accepted)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(z.object({ userId: z.uuid() })) },
      responses: {
        200: jsonResponse("They had asked you: you are now friends", followStatusSchema),
        201: jsonResponse("The request is pending", followStatusSchema),
        ...errorResponses(400, 401, 404, 409, 413, 415),
      },
    }),
    async (c) => {
      const { body, isCreated } = await sendFriendRequest(deps, getUser(c).id, c.req.valid("json").userId);
      return isCreated ? c.json(body, 201) : c.json(body, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/friends/requests/{userId}/accept",
      tags: ["social"],
      summary: "Accept the pending request userId sent you; 404 when there is none to you",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: {
        200: jsonResponse("You are now friends", followStatusSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => c.json(await acceptFriendRequest(deps, getUser(c).id, c.req.valid("param").userId), 200),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/friends/requests/{userId}",
      tags: ["social"],
      summary: "Decline (delete) the pending request userId sent you; 404 when there is none to you",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: { 204: { description: "Declined" }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      await declineFriendRequest(deps, getUser(c).id, c.req.valid("param").userId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/friends/{userId}",
      tags: ["social"],
      summary: "Unfriend (both rows go), or withdraw your own pending request to userId",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: userParam },
      responses: { 204: { description: "Removed" }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      await removeFriend(deps, getUser(c).id, c.req.valid("param").userId);
      return c.body(null, 204);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/invites",
      tags: ["social"],
      summary: "Create an invite link /invite/{token}: single-use, 30 days; at most 20 open per user (409)",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        201: jsonResponse("The new invite link", createdInviteSchema),
        ...errorResponses(401, 409),
      },
    }),
    async (c) => c.json(await createInvite(deps, getUser(c).id), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/invites/{token}",
      tags: ["social"],
      summary: "Who sent an open invite (name, avatar); used, expired and unknown links are 404",
      "x-access": "public",
      request: { params: tokenParam },
      responses: {
        200: jsonResponse("The invite", invitePreviewSchema),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => c.json(await getInvitePreview(deps, c.req.valid("param").token), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/invites/{token}/avatar",
      tags: ["social"],
      summary: "The inviter's placeholder picture (SVG initials) for an open invite without an avatar",
      "x-access": "public",
      request: { params: tokenParam },
      responses: {
        200: { description: "An SVG image", content: { "image/svg+xml": { schema: z.string() } } },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const svg = await getInviteAvatarSvg(deps, c.req.valid("param").token);
      return c.body(svg, 200, {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": "private, max-age=3600",
      });
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/invites/{token}/accept",
      tags: ["social"],
      summary:
        "Accept an invite: you and the inviter become friends. 404 used/expired/unknown, 409 your own link",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: tokenParam },
      responses: {
        200: jsonResponse("You are now friends", acceptedInviteSchema),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => c.json(await acceptInvite(deps, getUser(c).id, c.req.valid("param").token), 200),
  );

  return router;
}
