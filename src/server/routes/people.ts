import { createRoute, z } from "@hono/zod-openapi";
import { type AppDeps, createRouter } from "../context.ts";
import { errorResponses } from "../lib/openapi.ts";
import { getGuestPage, getHostPage } from "../services/catalog/people.ts";
import { personSchema } from "./episodes.ts";

const idParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

const personPageSchema = z
  .object({
    person: personSchema,
    episodes: z
      .array(
        z.object({
          id: z.uuid(),
          title: z.string(),
          summary: z.string().nullable(),
          imageUrl: z.string().nullable(),
          pubDate: z.string().openapi({ format: "date-time" }),
          duration: z.int().nullable(),
          podcast: z.object({ id: z.uuid(), name: z.string(), coverUrl: z.string().nullable() }),
        }),
      )
      .openapi({ description: "Newest first" }),
  })
  .openapi("PersonPage");

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
        request: { params: idParam },
        responses: {
          200: {
            description: `The ${kind} and their episodes`,
            content: { "application/json": { schema: personPageSchema } },
          },
          ...errorResponses(400, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        return c.json(await (kind === "guest" ? getGuestPage(deps, id) : getHostPage(deps, id)), 200);
      },
    );
  }

  return router;
}
