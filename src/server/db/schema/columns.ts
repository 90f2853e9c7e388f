import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

/** Columns every area repeats; one definition so their SQL cannot drift apart. */
export const primaryId = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** The owning user; the row goes with the account. */
export const ownerUserId = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A list of constants as SQL literals, for a check constraint: `in (${sqlLiterals(quizStatuses)})`. */
export const sqlLiterals = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
