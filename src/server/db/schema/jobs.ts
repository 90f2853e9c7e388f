import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

/** Live progress of a running job (pg-boss keeps state and the final result; this adds counts). */
export const jobProgress = pgTable(
  "job_progress",
  {
    jobId: uuid("job_id").primaryKey(),
    queue: text("queue").notNull(),
    progress: jsonb("progress").$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("job_progress_progress_check", sql`jsonb_typeof(${t.progress}) = 'object'`)],
);
