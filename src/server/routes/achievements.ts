import { createRoute } from "@hono/zod-openapi";
import { achievementListSchema } from "../../domain/contract/achievements.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonResponse } from "../lib/openapi.ts";
import { listAchievements } from "../services/achievements/achievements.ts";

/** Learning Milestones (spec 3 §2 Achievements, decision 022): every achievement with the caller's progress. */
export function createAchievementRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/achievements",
      tags: ["social"],
      summary: "Every achievement with its tier and the caller's progress; earned first",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Achievements", achievementListSchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await listAchievements(deps, getUser(c).id), 200),
  );

  return router;
}
