import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Live progress of a running job (pg-boss keeps state and the final result; this adds counts). */
export const jobProgress = pgTable(
  "job_progress",
  {
    jobId: uuid("job_id").primaryKey(),
    queue: text("queue").notNull(),
    progress: jsonb("progress").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("job_progress_progress_check", sql`jsonb_typeof(${t.progress}) = 'object'`)],
);
