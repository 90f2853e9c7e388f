import { createRoute } from "@hono/zod-openapi";
import { healthSchema, unhealthySchema } from "../../domain/contract/system.ts";
import { type AppDeps, createRouter } from "../context.ts";
import { jsonResponse } from "../lib/openapi.ts";
import { isDatabaseReachable } from "../services/system/status.ts";

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
        200: jsonResponse("Healthy", healthSchema),
        503: jsonResponse("The database does not answer", unhealthySchema),
      },
    }),
    async (c) => {
      if (await isDatabaseReachable({ db: deps.db, logger: c.get("logger") }))
        return c.json(
          {
            status: "ok",
            database: "ok",
            catalog: deps.startup?.isPreparingCatalog ? "preparing" : "ready",
          } as const,
          200,
        );
      return c.json({ status: "error", database: "unreachable" } as const, 503);
    },
  );

  return router;
}
