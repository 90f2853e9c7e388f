import { and, eq, gt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppDeps, AppEnv } from "../context.ts";
import { sessions, users } from "../db/schema/auth.ts";
import { unauthenticated } from "../lib/errors.ts";

/**
 * `Authorization: Bearer <session token>` for the few endpoints scripts call (the Anki export, spec
 * 2 §7). The token is the session's own token: the value of the `earmark.session_token` cookie,
 * with or without its signature (`token.signature`, URL-encoded or not). The session must exist and
 * be unexpired; the cookie, when present, wins.
 */
export function requireUserOrBearer({ db }: Pick<AppDeps, "db">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("user")) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
      let token = match?.[1] ?? "";
      try {
        token = decodeURIComponent(token);
      } catch {
        token = "";
      }
      token = token.split(".")[0] ?? "";
      if (!token) throw unauthenticated();
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          image: users.image,
          sessionId: sessions.id,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())))
        .limit(1);
      if (!row) throw unauthenticated();
      const { sessionId, ...user } = row;
      c.set("user", user);
      c.set("sessionId", sessionId);
    }
    await next();
  });
}
