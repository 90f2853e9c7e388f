import { createRoute, z } from "@hono/zod-openapi";
import type { requireRole } from "../auth/middleware.ts";
import type { AppDeps, createRouter } from "../context.ts";
import { type JobInput, type JobName, jobDefinitions } from "../jobs/definitions.ts";
import { validationError } from "../lib/errors.ts";
import { errorResponses, jsonBody } from "../lib/openapi.ts";

const jobNames = Object.keys(jobDefinitions) as [JobName, ...JobName[]];

export const queuedSchema = z.object({ jobId: z.string(), queue: z.enum(jobNames) }).openapi("QueuedJob");
export const queuedResponse = {
  202: {
    description: "Queued; poll GET /admin/jobs/{queue}/{jobId}",
    content: { "application/json": { schema: queuedSchema } },
  },
};

/** Queues a job once its input passes the queue's own schema (a 400 otherwise). */
export async function enqueueJob<Name extends JobName>(
  deps: Pick<AppDeps, "jobs">,
  queue: Name,
  data: JobInput<Name>,
): Promise<{ jobId: string; queue: Name }> {
  const parsed = jobDefinitions[queue].input.safeParse(data);
  if (!parsed.success) throw validationError(parsed.error);
  return { jobId: await deps.jobs.send(queue, data, { isRetried: false }), queue };
}

/**
 * POST {path} for admins: one operation = one queue, the JSON body is the job's input (the body may
 * be left out when `isBodyOptional`, and then the input is `{}`); answers 202 with the job to poll.
 */
export function addQueueRoute<Name extends JobName>(
  router: ReturnType<typeof createRouter>,
  deps: Pick<AppDeps, "jobs">,
  requireAdmin: ReturnType<typeof requireRole>,
  options: { path: string; queue: Name; summary: string; body?: z.ZodObject; isBodyOptional?: boolean },
) {
  const { body } = options;
  router.openapi(
    createRoute({
      method: "post",
      path: options.path,
      tags: ["admin"],
      summary: options.summary,
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      ...(body ? { request: { body: { ...jsonBody(body), required: !options.isBodyOptional } } } : {}),
      responses: { ...queuedResponse, ...errorResponses(400, 401, 403, 415) },
    }),
    async (c) => {
      const data = ((body && (c.req.valid("json" as never) as object | undefined)) ?? {}) as JobInput<Name>;
      const queued: { jobId: string; queue: JobName } = await enqueueJob(deps, options.queue, data);
      return c.json(queued, 202);
    },
  );
}
