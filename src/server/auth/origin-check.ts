import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context.ts";
import { AppError } from "../lib/errors.ts";

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const CROSS_ORIGIN_MESSAGE =
  "This request came from another site, so it was refused. Use Earmark itself to make this change.";

/**
 * The cross-site request forgery rule for every state-changing API request (POST, PUT, PATCH,
 * DELETE, with or without a body):
 * - an `Authorization: Bearer` header passes: a page on another site cannot add one without a CORS
 *   preflight, which this server never grants (scripts use it for the Anki export);
 * - else an `Origin` header must equal the origin of PUBLIC_URL (`Origin: null`, sent by sandboxed
 *   frames and by browsers under `Referrer-Policy: no-referrer`, counts as absent);
 * - else `Sec-Fetch-Site` must be `same-origin`, or `none` (the user's own navigation);
 * - a request with neither header passes: browsers send at least one of them on every POST they
 *   make, so such a request comes from a program (curl, the API tests), which holds no victim's
 *   cookie unless given it.
 * Everything else gets 403 FORBIDDEN. better-auth's own origin check stays on as a second layer
 * for /api/auth/*; OAuth callbacks are GET redirects and are not affected.
 */
export function isSameOriginRequest(headers: Headers, publicOrigin: string): boolean {
  if (/^Bearer\s+\S/i.test(headers.get("authorization") ?? "")) return true;
  const origin = headers.get("origin");
  if (origin && origin !== "null") return origin === publicOrigin || isLoopbackAlias(origin, publicOrigin);
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  return origin === null;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * On a local install (PUBLIC_URL on a loopback host) http://127.0.0.1:3000 and http://localhost:3000
 * are the same server on the same machine: a person who opens either can use the app.
 */
function isLoopbackAlias(origin: string, publicOrigin: string): boolean {
  const expected = new URL(publicOrigin);
  if (!LOOPBACK_HOSTS.has(expected.hostname)) return false;
  try {
    const actual = new URL(origin);
    return (
      LOOPBACK_HOSTS.has(actual.hostname) &&
      actual.port === expected.port &&
      actual.protocol === expected.protocol
    );
  } catch {
    return false;
  }
}

export function rejectCrossOriginWrites(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (STATE_CHANGING_METHODS.has(c.req.method) && !isSameOriginRequest(c.req.raw.headers, publicOrigin)) {
      throw new AppError("FORBIDDEN", CROSS_ORIGIN_MESSAGE);
    }
    await next();
  });
}
