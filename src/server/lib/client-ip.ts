import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";

/**
 * The caller's address: the first X-Forwarded-For hop when TRUST_PROXY is on (behind a proxy we
 * run), else the socket's peer address. Only for rate limits and abuse handling.
 */
export function getClientIp(c: Context<AppEnv>, isProxyTrusted: boolean): string | null {
  const forwarded = isProxyTrusted ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return forwarded || getConnInfo(c).remote.address || null;
}
