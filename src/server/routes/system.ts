import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { type AppDeps, createRouter } from "../context.ts";

export function createSystemRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/health",
      tags: ["system"],
      summary: "Liveness and database check",
      "x-access": "public",
      responses: {
        200: {
          description: "Healthy",
          content: {
            "application/json": { schema: z.object({ status: z.literal("ok"), database: z.literal("ok") }) },
          },
        },
        503: {
          description: "The database does not answer",
          content: {
            "application/json": {
              schema: z.object({ status: z.literal("error"), database: z.literal("unreachable") }),
            },
          },
        },
      },
    }),
    async (c) => {
      try {
        await deps.db.execute(sql`select 1`);
        return c.json({ status: "ok" as const, database: "ok" as const }, 200);
      } catch (error) {
        c.get("logger").error({ err: error }, "health check failed");
        return c.json({ status: "error" as const, database: "unreachable" as const }, 503);
      }
    },
  );

  return router;
}
