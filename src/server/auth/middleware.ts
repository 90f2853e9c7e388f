import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../context.ts";
import { userRoles } from "../db/schema/account.ts";
import { forbidden, unauthenticated } from "../lib/errors.ts";
import { SESSION_COOKIE_PREFIX } from "./auth.ts";

export type Role = "admin" | "premium";

/** Reads the session cookie once per API request; identity never comes from the request body. */
export function loadSession({ auth }: Pick<AppDeps, "auth">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Without a session cookie there is no session to look up: anonymous reads (search, home) skip it.
    if (!c.req.header("cookie")?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)) return next();
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    // Only the fields of SessionUser: better-auth's user carries more than the API declares.
    const user = result?.user;
    c.set(
      "user",
      user ? { id: user.id, name: user.name, email: user.email, image: user.image ?? null } : null,
    );
    c.set("sessionId", result?.session.id ?? null);
    await next();
  });
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) throw unauthenticated();
  await next();
});

export function requireRole({ db }: Pick<AppDeps, "db">, role: Role) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw unauthenticated();
    const rows = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, role)))
      .limit(1);
    if (!rows.length) throw forbidden(role === "admin" ? "You need admin privileges to do this." : undefined);
    await next();
  });
}
