import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";

/**
 * The caller's address, for rate limits and abuse handling only. With TRUST_PROXY on (behind one
 * reverse proxy we run) it is the last X-Forwarded-For entry: the one our proxy appended. Earlier
 * entries are whatever the client sent and could be changed on every request to slip past the
 * per-address sign-in limits. Otherwise it is the socket's peer address.
 */
export function getClientIp(c: Context<AppEnv>, isProxyTrusted: boolean): string | null {
  const forwarded = isProxyTrusted ? c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim() : undefined;
  return forwarded || getConnInfo(c).remote.address || null;
}
