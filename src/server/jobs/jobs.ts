import { eq, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Job } from "../../domain/contract/admin.ts";
import type { Config } from "../config.ts";
import { type Database, LOCK_KEYS, withAdvisoryLock } from "../db/client.ts";
import { jobProgress } from "../db/schema/jobs.ts";
import type { Logger } from "../lib/logger.ts";
import { type JobDefinition, type JobInput, type JobName, jobDefinitions } from "./definitions.ts";

export type SendOptions = {
  /** Admin-triggered jobs fail at once (a person is watching and can run them again); scheduled ones retry. */
  isRetried?: boolean;
};

export type Jobs = {
  send: <Name extends JobName>(name: Name, data?: JobInput<Name>, options?: SendOptions) => Promise<string>;
  getJob: (name: JobName, id: string) => Promise<Job | null>;
  /** The newest job of a queue, waiting, running or finished (archived jobs included); null if none. */
  findLatestJob: (name: JobName) => Promise<Job | null>;
  /** Resolves with the finished job (completed or failed), or null after the timeout. */
  waitForJob: (name: JobName, id: string, timeoutMs: number) => Promise<Job | null>;
  stop: () => Promise<void>;
};

type StartOptions = {
  url: string;
  db: Database;
  logger: Logger;
  config: Config;
  /** Run the workers and the schedule here (the API server in-process, or `npm run worker`). */
  isWorking: boolean;
};

const toIso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);
const FINISHED = new Set(["completed", "failed", "cancelled"]);

/** pg-boss on the application database (schema "pgboss"): queues, schedules and job state. */
export async function startJobs({ url, db, logger, config, isWorking }: StartOptions): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    max: 4,
    supervise: isWorking,
    schedule: isWorking,
  });
  const pollingIntervalSeconds = config.JOBS_POLL_SECONDS;
  // Handlers in flight: a stop waits for them before the database pool closes under them.
  const running = new Set<Promise<unknown>>();
  let isStopping = false;
  boss.on("error", (error) => {
    // A job still running when the stop's grace period ends is failed and retried later; the
    // queue's complaints about it (its connection closing under the job) are that, not a fault.
    if (isStopping) logger.warn({ err: error }, "job queue interrupted by the stop");
    else logger.error({ err: error }, "job queue error");
  });
  const definitions = Object.values(jobDefinitions) as JobDefinition[];
  // pg-boss creates a queue's table in a transaction that deadlocks with another process creating
  // queues at the same moment (several servers and workers starting together), and its start
  // creates the cron queue with errors ignored: a worker that lost that race would never run a
  // schedule. So processes start pg-boss and create queues one at a time.
  await withAdvisoryLock(url, LOCK_KEYS.jobQueues, async () => {
    await boss.start();
    for (const definition of definitions)
      await boss.createQueue(definition.name, {
        name: definition.name,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        retryLimit: 2,
        retryDelay: 30,
      });
  });
  for (const definition of definitions) {
    if (!isWorking) continue;
    // pg-boss runs one job at a time per work() call; each further call adds a polling worker.
    for (let worker = 0; worker < (definition.concurrency ?? 1); worker++)
      await boss.work<object>(definition.name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) return null;
        const run = runJob(definition, job);
        running.add(run);
        try {
          return await run;
        } finally {
          running.delete(run);
        }
      });
    const cron = typeof definition.cron === "function" ? definition.cron(config) : definition.cron;
    if (cron) await boss.schedule(definition.name, cron);
  }

  async function runJob(definition: JobDefinition, job: PgBoss.Job<object>) {
    const log = logger.child({ job: definition.name, jobId: job.id });
    const data = definition.input.safeParse(job.data ?? {});
    if (!data.success)
      throw new Error(`Invalid job data: ${data.error.issues.map((i) => i.message).join("; ")}`);
    const reportProgress = async (progress: Record<string, number | string>) => {
      await db
        .insert(jobProgress)
        .values({ jobId: job.id, queue: definition.name, progress })
        .onConflictDoUpdate({ target: jobProgress.jobId, set: { progress, updatedAt: sql`now()` } });
    };
    log.info("job started");
    const queueJob = async (name: string, jobData: object) => {
      await boss.send(name, jobData, { singletonKey: JSON.stringify(jobData) });
    };
    const result = await definition.run({ db, logger: log, config, reportProgress, queueJob }, data.data);
    log.info({ result }, "job finished");
    return result;
  }

  const getJob: Jobs["getJob"] = async (name, id) => {
    const job = await boss.getJobById<object>(name, id, { includeArchive: true });
    if (!job) return null;
    const [progress] = await db.select().from(jobProgress).where(eq(jobProgress.jobId, id)).limit(1);
    return {
      id: job.id,
      queue: job.name,
      state: job.state,
      data: job.data,
      progress: progress?.progress ?? null,
      output: job.output ?? null,
      createdOn: toIso(job.createdOn) ?? new Date(0).toISOString(),
      startedOn: toIso(job.startedOn),
      completedOn: toIso(job.completedOn),
    };
  };

  return {
    async send(name, data = {} as JobInput<typeof name>, options = {}) {
      const id = await boss.send(name, data as object, options.isRetried === false ? { retryLimit: 0 } : {});
      if (!id) throw new Error(`Job ${name} was not queued`);
      return id;
    },
    getJob,
    async findLatestJob(name) {
      // pg-boss keeps live jobs in pgboss.job and moves finished ones to pgboss.archive after a while.
      const { rows } = await db.execute<{ id: string }>(sql`
        select id from (
          select id, created_on from pgboss.job where name = ${name}
          union all
          select id, created_on from pgboss.archive where name = ${name}
        ) jobs order by created_on desc limit 1`);
      const id = rows[0]?.id;
      return id ? getJob(name, id) : null;
    },
    async waitForJob(name, id, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const job = await getJob(name, id);
        if (job && FINISHED.has(job.state)) return job;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return null;
    },
    async stop() {
      isStopping = true;
      // pg-boss waits up to 10 s for its jobs, then fails the rest (they are retried) and closes its
      // connections. A handler still running then gets 5 s more to finish with the application's
      // pool, which closes after this (the whole stop must end within stopOnSignals' 20 s).
      await boss.stop({ graceful: true, timeout: 10_000 });
      if (!running.size) return;
      logger.warn(
        { jobs: running.size },
        "jobs still running after the stop's grace period; they will be retried",
      );
      await Promise.race([
        Promise.allSettled(running),
        new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
      ]);
    },
  };
}
