import { createRoute, type z } from "@hono/zod-openapi";
import { type QueuedJob, queuedJobSchema } from "../../domain/contract/admin.ts";
import type { requireRole } from "../auth/middleware.ts";
import type { AppDeps, createRouter } from "../context.ts";
import { type JobInput, type JobName, jobDefinitions } from "../jobs/definitions.ts";
import { validationError } from "../lib/errors.ts";
import { errorResponses, jsonBody, jsonResponse } from "../lib/openapi.ts";

export const queuedResponse = {
  202: jsonResponse("Queued; poll GET /admin/jobs/{queue}/{jobId}", queuedJobSchema),
};

/** Queues a job once its input passes the queue's own schema (a 400 otherwise). */
export async function enqueueJob<Name extends JobName>(
  deps: Pick<AppDeps, "jobs">,
  queue: Name,
  data: JobInput<Name>,
): Promise<QueuedJob> {
  const parsed = jobDefinitions[queue].input.safeParse(data);
  if (!parsed.success) throw validationError(parsed.error);
  return { jobId: await deps.jobs.send(queue, data, { isRetried: false }), queue };
}

type QueueRouteOptions<Name extends JobName> = {
  path: string;
  queue: Name;
  summary: string;
  body?: z.ZodObject;
  isBodyOptional?: boolean;
};

/**
 * POST {path} for admins: one operation = one queue, the JSON body is the job's input (the body may
 * be left out when `isBodyOptional`, and then the input is `{}`; a queue without a body schema
 * always gets `{}`); answers 202 with the job to poll.
 */
export function addQueueRoute<Name extends JobName>(
  router: ReturnType<typeof createRouter>,
  deps: Pick<AppDeps, "jobs">,
  requireAdmin: ReturnType<typeof requireRole>,
  options: QueueRouteOptions<Name>,
) {
  // The body is checked again against the queue's own schema by enqueueJob.
  const enqueue = (data: object | undefined) =>
    enqueueJob(deps, options.queue, (data ?? {}) as JobInput<Name>);
  const middleware: [typeof requireAdmin] = [requireAdmin];
  const operation = {
    method: "post" as const,
    path: options.path,
    tags: ["admin"],
    summary: options.summary,
    "x-access": "admin",
    middleware,
    responses: { ...queuedResponse, ...errorResponses(400, 401, 403, 415) },
  };

  if (!options.body) {
    router.openapi(createRoute(operation), async (c) => c.json(await enqueue({}), 202));
    return;
  }
  const body = { ...jsonBody(options.body), required: !options.isBodyOptional };
  router.openapi(createRoute({ ...operation, request: { body } }), async (c) =>
    c.json(await enqueue(c.req.valid("json")), 202),
  );
}
