import { createRoute, z } from "@hono/zod-openapi";
import { dailyGoalSettingSchema, todaySchema } from "../../domain/contract/today.ts";
import { DAILY_GOAL_MESSAGE, DAILY_XP_GOALS } from "../../domain/today.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse } from "../lib/openapi.ts";
import { getToday, saveDailyGoal } from "../services/learning/today.ts";

const dailyGoalInputSchema = z
  .strictObject({
    goal: z.literal(DAILY_XP_GOALS, { error: DAILY_GOAL_MESSAGE }).openapi({
      type: "integer",
      enum: [...DAILY_XP_GOALS],
    }),
  })
  .openapi("DailyGoalInput");

/** The signed-in home's Today card and its daily XP goal (decision 018). */
export function createTodayRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/today",
      tags: ["learning"],
      summary:
        "Today: review cards due, the streak and whether today counts, XP today against the daily goal, the next step",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Today", todaySchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await getToday(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "put",
      path: "/me/daily-goal",
      tags: ["learning"],
      summary: "Set the daily XP goal: 10, 30, 50 or 100",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { body: jsonBody(dailyGoalInputSchema) },
      responses: {
        200: jsonResponse("Saved", dailyGoalSettingSchema),
        ...errorResponses(400, 401, 413, 415),
      },
    }),
    async (c) => c.json({ goal: await saveDailyGoal(deps, getUser(c).id, c.req.valid("json").goal) }, 200),
  );

  return router;
}
