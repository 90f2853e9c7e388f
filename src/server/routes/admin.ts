import { createRoute, z } from "@hono/zod-openapi";
import { requireRole } from "../auth/middleware.ts";
import { type AppDeps, createRouter } from "../context.ts";
import { isJobName, jobDefinitions } from "../jobs/definitions.ts";
import { notFound } from "../lib/errors.ts";
import { errorResponses } from "../lib/openapi.ts";

const jobNames = Object.keys(jobDefinitions) as [string, ...string[]];

const jobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    state: z.string().openapi({ description: "created, retry, active, completed, cancelled or failed" }),
    data: z.unknown(),
    output: z.unknown(),
    createdOn: z.string(),
    startedOn: z.string().nullable(),
    completedOn: z.string().nullable(),
  })
  .openapi("Job");

const queueParam = z.object({
  queue: z.string().openapi({ param: { name: "queue", in: "path" }, example: jobNames[0] }),
});

function getQueue(queue: string) {
  if (!isJobName(queue)) throw notFound(`There is no job queue named "${queue}".`);
  return queue;
}

export function createAdminRoutes(deps: AppDeps) {
  const router = createRouter();
  const requireAdmin = requireRole(deps, "admin");

  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/jobs/{queue}",
      tags: ["admin"],
      summary: "Queue a background job",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { params: queueParam },
      responses: {
        202: {
          description: "Queued",
          content: { "application/json": { schema: z.object({ id: z.string(), queue: z.string() }) } },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const queue = getQueue(c.req.valid("param").queue);
      const id = await deps.jobs.send(queue);
      return c.json({ id, queue }, 202);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/jobs/{queue}/{id}",
      tags: ["admin"],
      summary: "The state, progress and result of a job",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: {
        params: queueParam.extend({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) }),
      },
      responses: {
        200: { description: "Job state", content: { "application/json": { schema: jobSchema } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { queue, id } = c.req.valid("param");
      const job = await deps.jobs.getJob(getQueue(queue), id);
      if (!job) throw notFound("There is no such job.");
      return c.json(job, 200);
    },
  );

  return router;
}
