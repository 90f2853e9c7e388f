import { and, eq, sql } from "drizzle-orm";
import type { Role } from "../../auth/middleware.ts";
import type { Database } from "../../db/client.ts";
import { userRoles } from "../../db/schema/account.ts";
import { users } from "../../db/schema/auth.ts";
import { notFound } from "../../lib/errors.ts";

async function findUserIdByEmail(db: Database, email: string): Promise<string> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound(`No account uses the e-mail address ${email}.`);
  return row.id;
}

export async function grantRoleByEmail(db: Database, email: string, role: Role): Promise<void> {
  const userId = await findUserIdByEmail(db, email);
  // By hand: an existing billing-granted premium becomes the admin's, so a later cancellation keeps it.
  await db
    .insert(userRoles)
    .values({ userId, role, source: "admin" })
    .onConflictDoUpdate({ target: [userRoles.userId, userRoles.role], set: { source: "admin" } });
}

export async function revokeRoleByEmail(db: Database, email: string, role: Role): Promise<void> {
  const userId = await findUserIdByEmail(db, email);
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}
