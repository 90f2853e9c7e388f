import { createRoute, z } from "@hono/zod-openapi";
import {
  leagueLeftSchema,
  leaguePageSchema,
  leagueSummarySchema,
  leagueViewSchema,
  myLeaguesSchema,
} from "../../domain/contract/leagues.ts";
import { createLeagueSchema } from "../../domain/leagues.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, pageQuerySchema, uuidParam } from "../lib/openapi.ts";
import {
  createLeague,
  getLeagueView,
  joinLeague,
  leaveLeague,
  listLeagues,
  listMyLeagues,
} from "../services/leagues/leagues.ts";

const leagueParam = z.object({ leagueId: uuidParam("leagueId") });

/**
 * Leagues (spec 2 §2 Leagues, §4, §6; decision 023): public leagues, create, join, leave, and a
 * league's weekly standings. Signed-in users only.
 */
export function createLeagueRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/leagues",
      tags: ["leagues"],
      summary: "Public leagues, newest first, with member counts and the viewer's role",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { query: pageQuerySchema },
      responses: { 200: jsonResponse("A page of leagues", leaguePageSchema), ...errorResponses(400, 401) },
    }),
    async (c) => c.json(await listLeagues(deps, getUser(c).id, c.req.valid("query")), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/leagues",
      tags: ["leagues"],
      summary:
        "Create a public league (name required after trimming, ≤ 50; description ≤ 200); the creator is its owner",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(createLeagueSchema) },
      responses: { 201: jsonResponse("Created", leagueSummarySchema), ...errorResponses(400, 401, 413, 415) },
    }),
    async (c) => c.json(await createLeague(deps, getUser(c).id, c.req.valid("json")), 201),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/leagues",
      tags: ["leagues"],
      summary: "The leagues the signed-in user belongs to, with their role",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("My leagues", myLeaguesSchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await listMyLeagues(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/leagues/{leagueId}",
      tags: ["leagues"],
      summary: "A league and its members' standings this week (the viewer's week), ranked by weekly score",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: leagueParam },
      responses: { 200: jsonResponse("The league", leagueViewSchema), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json(await getLeagueView(deps, getUser(c).id, c.req.valid("param").leagueId), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/leagues/{leagueId}/members",
      tags: ["leagues"],
      summary: "Join a league as a member (409 when already a member)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: leagueParam },
      responses: {
        201: jsonResponse("Joined", leagueSummarySchema),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => c.json(await joinLeague(deps, getUser(c).id, c.req.valid("param").leagueId), 201),
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/leagues/{leagueId}/members/me",
      tags: ["leagues"],
      summary:
        "Leave a league (409 when not a member); an owner's league passes to its longest-standing member, and the last member's leaving removes it",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: leagueParam },
      responses: { 200: jsonResponse("Left", leagueLeftSchema), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => c.json(await leaveLeague(deps, getUser(c).id, c.req.valid("param").leagueId), 200),
  );

  return router;
}
