import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Logger } from "../lib/logger.ts";
import { deleteExpiredRateLimits } from "../services/account/rate-limit.ts";

export type JobContext = { db: Database; logger: Logger };

export type JobDefinition = {
  name: string;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  run: (context: JobContext, data: object) => Promise<Record<string, unknown>>;
};

/** Every queue the system knows. Handlers must be idempotent: a job may run again after a crash. */
export const jobDefinitions = {
  "maintenance.cleanup": {
    name: "maintenance.cleanup",
    cron: "17 * * * *",
    async run({ db }) {
      const sessions = await db.execute(sql`delete from sessions where expires_at < now()`);
      const verifications = await db.execute(sql`delete from verifications where expires_at < now()`);
      const rateLimits = await deleteExpiredRateLimits(db, 24 * 60 * 60);
      return {
        sessionsDeleted: sessions.rowCount ?? 0,
        verificationsDeleted: verifications.rowCount ?? 0,
        rateLimitsDeleted: rateLimits,
      };
    },
  },
} satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof jobDefinitions;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobDefinitions, name);
}
