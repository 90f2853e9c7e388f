import { createRoute } from "@hono/zod-openapi";
import {
  allTimeLeaderboardSchema,
  friendsLeaderboardSchema,
  leaderboardQuizzesSchema,
  playerSearchQuerySchema,
  playerSearchSchema,
  weeklyLeaderboardSchema,
} from "../../domain/contract/leaderboard.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonResponse } from "../lib/openapi.ts";
import {
  getAllTimeLeaderboard,
  getFriendsLeaderboard,
  getLeaderboardQuizzes,
  getWeeklyLeaderboard,
  searchPlayers,
} from "../services/leaderboard/leaderboard.ts";

/**
 * The leaderboard (spec 3 §2 Leaderboard; decision 021). The rankings show names, handles and
 * avatars, which decision 016 shows to signed-in users only, so every tab but Quizzes needs sign-in.
 */
export function createLeaderboardRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/leaderboard/all-time",
      tags: ["leaderboard"],
      summary: "The top 100 by XP, and your true rank",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("The all-time leaderboard", allTimeLeaderboardSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getAllTimeLeaderboard(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/leaderboard/week",
      tags: ["leaderboard"],
      summary: "The top 100 by this week's score (the week starts Sunday in your time zone), and your rank",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("This week's leaderboard", weeklyLeaderboardSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getWeeklyLeaderboard(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/leaderboard/friends",
      tags: ["leaderboard"],
      summary: "You and your accepted friends by XP",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("The friends leaderboard", friendsLeaderboardSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getFriendsLeaderboard(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/leaderboard/quizzes",
      tags: ["leaderboard"],
      summary: "The 6 newest episodes whose quiz is ready",
      "x-access": "public",
      responses: { 200: jsonResponse("Episodes with a quiz", leaderboardQuizzesSchema) },
    }),
    async (c) => c.json(await getLeaderboardQuizzes(deps), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/leaderboard/players",
      tags: ["leaderboard"],
      summary: "Players whose name or handle contains the text (case-insensitive), most XP first",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { query: playerSearchQuerySchema },
      responses: {
        200: jsonResponse("Up to 10 players", playerSearchSchema),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => c.json(await searchPlayers(deps, c.req.valid("query").q), 200),
  );

  return router;
}
