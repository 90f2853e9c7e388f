import { createRoute } from "@hono/zod-openapi";
import { conceptMapSchema, knowledgeProfileSchema } from "../../domain/contract/knowledge.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonResponse } from "../lib/openapi.ts";
import { getConceptMap, getKnowledgeProfile } from "../services/knowledge/knowledge.ts";

/** The knowledge profile by theme (spec 3 §2 Knowledge, §9) and the concept map across episodes. */
export function createKnowledgeRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/knowledge",
      tags: ["learning"],
      summary: "The user's points, level and progress in each of the 8 themes, mastered themes and focus",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Knowledge profile", knowledgeProfileSchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await getKnowledgeProfile(deps, getUser(c).id), 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/knowledge/concepts",
      tags: ["learning"],
      summary: "The 40 concepts the user answered most, with mastery, episodes and moments to replay",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Concept map", conceptMapSchema), ...errorResponses(401) },
    }),
    async (c) => c.json(await getConceptMap(deps, getUser(c).id), 200),
  );

  return router;
}
