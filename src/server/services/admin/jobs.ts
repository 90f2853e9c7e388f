import type { Job } from "../../../domain/contract/admin.ts";
import type { AppDeps } from "../../context.ts";
import { isJobName, type JobName } from "../../jobs/definitions.ts";
import { notFound } from "../../lib/errors.ts";

/** A queue named in a URL, or a 404 naming it. */
export function findJobQueue(queue: string): JobName {
  if (!isJobName(queue)) throw notFound(`There is no job queue named "${queue}".`);
  return queue;
}

/**
 * The state, progress and result of one job of a queue; 404 when the queue or the job is unknown.
 * A failed job's output is reduced to `{message}`: pg-boss stores the whole error, stack trace
 * included, and admins need the reason, not the server's file paths.
 */
export async function getJobState(deps: Pick<AppDeps, "jobs">, queue: string, id: string): Promise<Job> {
  const job = await deps.jobs.getJob(findJobQueue(queue), id);
  if (!job) throw notFound("There is no such job.");
  return job.state === "failed" ? { ...job, output: { message: failureMessage(job.output) } } : job;
}

const FAILED_WITHOUT_REASON = "The job failed without saying why.";

/** The error message pg-boss stored for a failed job (an Error's fields, or a string). */
export function failureMessage(output: unknown): string {
  if (typeof output === "string" && output.trim()) return output.split("\n")[0] ?? FAILED_WITHOUT_REASON;
  if (output && typeof output === "object" && "message" in output) {
    const { message } = output as { message: unknown };
    if (typeof message === "string" && message.trim()) return message;
  }
  return FAILED_WITHOUT_REASON;
}
