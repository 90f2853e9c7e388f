import type { Job } from "../../../domain/contract/admin.ts";
import type { AppDeps } from "../../context.ts";
import { isJobName, type JobName } from "../../jobs/definitions.ts";
import { notFound } from "../../lib/errors.ts";

/** A queue named in a URL, or a 404 naming it. */
export function findJobQueue(queue: string): JobName {
  if (!isJobName(queue)) throw notFound(`There is no job queue named "${queue}".`);
  return queue;
}

/** The state, progress and result of one job of a queue; 404 when the queue or the job is unknown. */
export async function getJobState(deps: Pick<AppDeps, "jobs">, queue: string, id: string): Promise<Job> {
  const job = await deps.jobs.getJob(findJobQueue(queue), id);
  if (!job) throw notFound("There is no such job.");
  return job;
}
