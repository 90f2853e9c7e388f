import { eq, sql } from "drizzle-orm";
import type { Auth } from "../auth/auth.ts";
import type { Database } from "./client.ts";
import { userRoles } from "./schema/account.ts";
import { sessions, users } from "./schema/auth.ts";

/** Demo sign-ins, printed by `npm start`. Demo data only. */
export const demoAccounts = [
  { role: "learner", name: "Lena Learner", email: "learner@earmark.demo", password: "listen-and-learn" },
  { role: "admin", name: "Ada Admin", email: "admin@earmark.demo", password: "admin-demo-2026" },
] as const;

async function ensureDemoAccount(deps: { db: Database; auth: Auth }, account: (typeof demoAccounts)[number]) {
  const existing = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account.email))
    .limit(1);
  let userId = existing[0]?.id;
  if (!userId) {
    const { user } = await deps.auth.api.signUpEmail({
      body: { name: account.name, email: account.email, password: account.password },
    });
    userId = user.id;
    // Sign-up signs in; the seed needs the account, not a session.
    await deps.db.delete(sessions).where(eq(sessions.userId, userId));
  }
  if (account.role === "admin")
    await deps.db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
}

/**
 * Creates the demo accounts (the demo catalog is ingested from its feeds by the catalog.auto-ingest
 * job). Idempotent; with onlyIfEmpty it does nothing on a database that already has users or
 * podcasts (a restart keeps whatever is there).
 */
export async function seedDemoData(
  deps: { db: Database; auth: Auth },
  options: { onlyIfEmpty: boolean },
): Promise<boolean> {
  if (options.onlyIfEmpty) {
    const { rows } = await deps.db.$client.query<{ has_data: boolean }>(
      "select exists(select 1 from users) or exists(select 1 from podcasts) as has_data",
    );
    if (rows[0]?.has_data) return false;
  }
  for (const account of demoAccounts) await ensureDemoAccount(deps, account);
  return true;
}
