import PgBoss from "pg-boss";
import type { Database } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";
import { type JobDefinition, type JobName, jobDefinitions } from "./definitions.ts";

export type JobState = {
  id: string;
  queue: string;
  state: string;
  data: unknown;
  output: unknown;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
};

export type Jobs = {
  send: (name: JobName, data?: object) => Promise<string>;
  getJob: (name: JobName, id: string) => Promise<JobState | null>;
  stop: () => Promise<void>;
};

type StartOptions = {
  url: string;
  db: Database;
  logger: Logger;
  /** Run the workers and the schedule here (the API server in-process, or `npm run worker`). */
  isWorking: boolean;
};

const toIso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** pg-boss on the application database (schema "pgboss"): queues, schedules and job state. */
export async function startJobs({ url, db, logger, isWorking }: StartOptions): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    max: 4,
    supervise: isWorking,
    schedule: isWorking,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();

  for (const definition of Object.values(jobDefinitions) as JobDefinition[]) {
    await boss.createQueue(definition.name);
    if (!isWorking) continue;
    await boss.work<object>(definition.name, async (jobs) => {
      const results = [];
      for (const job of jobs) {
        const log = logger.child({ job: definition.name, jobId: job.id });
        log.info("job started");
        const result = await definition.run({ db, logger: log }, job.data ?? {});
        log.info({ result }, "job finished");
        results.push(result);
      }
      return results.length === 1 ? results[0] : results;
    });
    if (definition.cron) await boss.schedule(definition.name, definition.cron);
  }

  return {
    async send(name, data = {}) {
      const id = await boss.send(name, data);
      if (!id) throw new Error(`Job ${name} was not queued`);
      return id;
    },
    async getJob(name, id) {
      const job = await boss.getJobById<object>(name, id, { includeArchive: true });
      if (!job) return null;
      return {
        id: job.id,
        queue: job.name,
        state: job.state,
        data: job.data,
        output: job.output ?? null,
        createdOn: toIso(job.createdOn) ?? new Date(0).toISOString(),
        startedOn: toIso(job.startedOn),
        completedOn: toIso(job.completedOn),
      };
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
