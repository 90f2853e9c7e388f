import { sql } from "drizzle-orm";
import type { AppConfig } from "../../../domain/contract/system.ts";
import type { Config } from "../../config.ts";
import type { AppDeps } from "../../context.ts";

/** The health check: true when PostgreSQL answers a trivial query; the failure is logged. */
export async function isDatabaseReachable(deps: Pick<AppDeps, "db" | "logger">): Promise<boolean> {
  try {
    await deps.db.execute(sql`select 1`);
    return true;
  } catch (error) {
    deps.logger.error({ err: error }, "health check failed");
    return false;
  }
}

/** What the web may know about the server's optional features (GET /config). */
export function getAppConfig(config: Config): AppConfig {
  return {
    googleEnabled: config.isGoogleEnabled,
    aiProvider: config.AI_BASE_URL ? "openai-compatible" : "offline",
    supportEmail: config.SUPPORT_EMAIL,
    billingEnabled: config.billing !== null,
  };
}
