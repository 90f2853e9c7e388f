import { sql } from "drizzle-orm";
import {
  ADMIN_AUDIT_PAGE,
  ADMIN_USERS_PAGE,
  type AdminUser,
  type AdminUserPage,
  type RoleAuditPage,
  type RoleChange,
  type UserRoleName,
} from "../../../domain/contract/admin.ts";
import type { Database, Tx } from "../../db/client.ts";
import { decodePageCursor, encodePageCursor } from "../../lib/cursor.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { cursorAt } from "./overview.ts";

/**
 * manage-user-roles over HTTP (spec 3 §6, §7): the admin lab's user list, granting and revoking the
 * admin and premium roles, and the audit log of every change. The last admin cannot be revoked.
 */

export const LAST_ADMIN_MESSAGE = "You cannot revoke the last admin. Make someone else an admin first.";
/** One advisory lock for every admin-role change, so two revocations cannot both pass the guard. */
export const ADMIN_ROLE_LOCK_NAME = "earmark:admin-role-change";
const ADMIN_ROLE_LOCK = sql`hashtext(${ADMIN_ROLE_LOCK_NAME})`;
const DELETED_USER = "Deleted user";

type UserRow = {
  user_id: string;
  name: string;
  handle: string | null;
  roles: UserRoleName[];
  created_at: Date;
  cursor_at: string;
};

const toAdminUser = (row: UserRow): AdminUser => ({
  userId: row.user_id,
  name: row.name,
  handle: row.handle,
  roles: row.roles,
  createdAt: new Date(row.created_at).toISOString(),
});

const userColumns = sql`
  u.id as user_id, coalesce(nullif(btrim(p.name), ''), u.name) as name, p.handle, u.created_at,
  ${cursorAt(sql`u.created_at`)} as cursor_at,
  coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles`;

/**
 * Users newest first, 20 a page (keyset on users_created_at_id_idx). The search matches the name or
 * handle case-insensitively (the trigram indexes), or the whole e-mail address (users_email_lower_key),
 * which admins know and the list never shows.
 */
export async function listAdminUsers(
  db: Database,
  input: { q?: string; cursor?: string },
): Promise<AdminUserPage> {
  const cursor = decodePageCursor(input.cursor);
  const text = input.q?.trim() ?? "";
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = text
    ? sql`and (p.name ilike ${pattern} or p.handle ilike ${pattern} or lower(u.email) = ${text.toLowerCase()})`
    : sql``;
  const after = cursor
    ? sql`and (u.created_at, u.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const { rows } = await db.execute<UserRow>(sql`
    select ${userColumns}
    from users u left join profiles p on p.user_id = u.id
    where true ${search} ${after}
    order by u.created_at desc, u.id desc
    limit ${ADMIN_USERS_PAGE + 1}`);
  const page = rows.slice(0, ADMIN_USERS_PAGE);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    nextCursor:
      rows.length > ADMIN_USERS_PAGE && last
        ? encodePageCursor({ at: last.cursor_at, id: last.user_id })
        : null,
  };
}

async function loadAdminUser(db: Database | Tx, userId: string): Promise<AdminUser> {
  const { rows } = await db.execute<UserRow>(sql`
    select ${userColumns} from users u left join profiles p on p.user_id = u.id where u.id = ${userId}`);
  const row = rows[0];
  if (!row) throw notFound("There is no user with this id.");
  return toAdminUser(row);
}

export const NO_LONGER_ADMIN_MESSAGE = "You are no longer an admin, so this change was not made.";

/**
 * The actor passed the route's admin check before waiting for the lock; another admin may have
 * revoked their role meanwhile. Read under the lock, so it is the truth for this change.
 */
async function assertStillAdmin(tx: Tx, actorUserId: string) {
  const { rows } = await tx.execute<{ is_admin: boolean }>(sql`
    select exists (select 1 from user_roles where user_id = ${actorUserId} and role = 'admin') as is_admin`);
  if (!rows[0]?.is_admin) throw new AppError("FORBIDDEN", NO_LONGER_ADMIN_MESSAGE);
}

/**
 * Grants or revokes a role and writes the audit row in the same transaction. Every role change takes
 * one advisory lock first, so the last-admin guard holds under concurrent revocations (each waits,
 * then counts the admins the other left), and an admin demoted while their change waited is refused
 * (403). A change that changes nothing is not logged.
 */
export async function changeUserRole(
  db: Database,
  input: { actorUserId: string; targetUserId: string; role: UserRoleName; action: "grant" | "revoke" },
): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_ROLE_LOCK})`);
    await loadAdminUser(tx, input.targetUserId);
    let changed: number;
    if (input.action === "grant") {
      await assertStillAdmin(tx, input.actorUserId);
      const result = await tx.execute(sql`
        insert into user_roles (user_id, role) values (${input.targetUserId}, ${input.role})
        on conflict do nothing`);
      changed = result.rowCount ?? 0;
    } else {
      if (input.role === "admin") {
        const { rows } = await tx.execute<{ admins: number; is_admin: boolean }>(sql`
          select count(*)::int as admins, bool_or(user_id = ${input.targetUserId}) as is_admin
          from user_roles where role = 'admin'`);
        const { admins, is_admin: isAdmin } = rows[0] ?? { admins: 0, is_admin: false };
        if (isAdmin && admins <= 1) throw new AppError("CONFLICT", LAST_ADMIN_MESSAGE);
      }
      await assertStillAdmin(tx, input.actorUserId);
      const result = await tx.execute(sql`
        delete from user_roles where user_id = ${input.targetUserId} and role = ${input.role}`);
      changed = result.rowCount ?? 0;
    }
    if (changed) {
      await tx.execute(sql`
        insert into role_audit_log (actor_user_id, target_user_id, role, action)
        values (${input.actorUserId}, ${input.targetUserId}, ${input.role}, ${input.action})`);
    }
    return { user: await loadAdminUser(tx, input.targetUserId), isChanged: changed > 0 };
  });
}

type AuditRow = {
  id: string;
  action: "grant" | "revoke";
  role: UserRoleName;
  actor_user_id: string | null;
  actor_name: string | null;
  target_user_id: string | null;
  target_name: string | null;
  created_at: Date;
  cursor_at: string;
};

/** The role changes, newest first, 20 a page (keyset on role_audit_log_created_at_id_idx). */
export async function listRoleAudit(db: Database, input: { cursor?: string }): Promise<RoleAuditPage> {
  const cursor = decodePageCursor(input.cursor);
  const after = cursor
    ? sql`where (l.created_at, l.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const name = (alias: string) => sql.raw(`coalesce(nullif(btrim(${alias}p.name), ''), ${alias}u.name)`);
  const { rows } = await db.execute<AuditRow>(sql`
    select l.id, l.action, l.role, l.created_at, ${cursorAt(sql`l.created_at`)} as cursor_at,
      l.actor_user_id, ${name("a")} as actor_name, l.target_user_id, ${name("t")} as target_name
    from role_audit_log l
    left join users au on au.id = l.actor_user_id left join profiles ap on ap.user_id = l.actor_user_id
    left join users tu on tu.id = l.target_user_id left join profiles tp on tp.user_id = l.target_user_id
    ${after}
    order by l.created_at desc, l.id desc
    limit ${ADMIN_AUDIT_PAGE + 1}`);
  const page = rows.slice(0, ADMIN_AUDIT_PAGE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      action: row.action,
      role: row.role,
      actor: { userId: row.actor_user_id, name: row.actor_name ?? DELETED_USER },
      target: { userId: row.target_user_id, name: row.target_name ?? DELETED_USER },
      createdAt: new Date(row.created_at).toISOString(),
    })),
    nextCursor:
      rows.length > ADMIN_AUDIT_PAGE && last ? encodePageCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}
