import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../context.ts";
import { userRoles } from "../db/schema/account.ts";
import { forbidden, unauthenticated } from "../lib/errors.ts";
import { SESSION_COOKIE_PREFIX, sessionCacheOf } from "./auth.ts";
import { sessionCacheKey } from "./session-cache.ts";

export type Role = "admin" | "premium";

/**
 * The value of the one cookie called `name` in a Cookie header, as sent; null when it is missing or
 * repeated (then better-auth decides alone which one counts, and nothing is cached).
 */
export function singleCookieValue(header: string, name: string): string | null {
  let found: string | null = null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(index + 1).trim();
  }
  return found || null;
}

/**
 * Reads the session cookie once per API request; identity never comes from the request body.
 * A session better-auth resolved in the last SESSION_CACHE_SECONDS is taken from the in-process
 * cache (auth/session-cache.ts: sign-outs and revocations in this process apply at once, those of
 * other servers within that time).
 */
export function loadSession({ auth }: Pick<AppDeps, "auth">) {
  const cache = sessionCacheOf(auth);
  let cookieName: string | undefined;
  const ready = auth.$context.then((context) => {
    cookieName = context.authCookies.sessionToken.name;
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    // Without a session cookie there is no session to look up: anonymous reads (search, home) skip it.
    const header = c.req.header("cookie");
    if (!header?.includes(`${SESSION_COOKIE_PREFIX}.session_token`)) return next();
    if (cookieName === undefined) await ready;
    const value = cache.isEnabled && cookieName ? singleCookieValue(header, cookieName) : null;
    const key = value ? sessionCacheKey(value) : null;
    const cached = key ? cache.get(key) : null;
    if (cached) {
      c.set("user", cached.user);
      c.set("sessionId", cached.sessionId);
      return next();
    }
    const generation = cache.generation;
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    // Only the fields of SessionUser: better-auth's user carries more than the API declares.
    const user = result?.user;
    const sessionUser = user
      ? Object.freeze({ id: user.id, name: user.name, email: user.email, image: user.image ?? null })
      : null;
    c.set("user", sessionUser);
    c.set("sessionId", result?.session.id ?? null);
    if (key && result && sessionUser) {
      const expiresAt = new Date(result.session.expiresAt).getTime();
      cache.set(key, { user: sessionUser, sessionId: result.session.id, expiresAt }, generation);
    }
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
