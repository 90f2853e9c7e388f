import { createRoute, z } from "@hono/zod-openapi";
import { personPageSchema } from "../../domain/contract/people.ts";
import { type AppDeps, createRouter } from "../context.ts";
import { httpCache, SHORT_LIST } from "../lib/http-cache.ts";
import { errorResponses, jsonResponse, notModified, uuidParam } from "../lib/openapi.ts";
import { getPersonPage } from "../services/catalog/people.ts";

const idParam = z.object({ id: uuidParam("id") });

/** Guest and host pages (spec 2 §2): the person and their episodes with podcast, newest first. */
export function createPeopleRoutes(deps: AppDeps) {
  const router = createRouter();

  for (const kind of ["guest", "host"] as const) {
    router.openapi(
      createRoute({
        method: "get",
        path: `/${kind}s/{id}`,
        tags: ["catalog"],
        summary: `A ${kind} with their episodes, newest first`,
        "x-access": "public",
        middleware: [httpCache(SHORT_LIST)] as const,
        request: { params: idParam },
        responses: {
          ...notModified,
          200: jsonResponse(`The ${kind} and their episodes`, personPageSchema),
          ...errorResponses(400, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await getPersonPage(deps, kind, id), 200);
      },
    );
  }

  return router;
}
