import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { SessionUser } from "../domain/contract/account.ts";
import type { Auth } from "./auth/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Jobs } from "./jobs/jobs.ts";
import { renderError, unauthenticated, validationError } from "./lib/errors.ts";
import type { Logger } from "./lib/logger.ts";

export type { SessionUser };

/** What every handler can reach; built once at start and handed to the routes. */
export type AppDeps = {
  db: Database;
  auth: Auth;
  config: Config;
  logger: Logger;
  jobs: Jobs;
  /** Start-up state the server reports (health): true while a first start loads the demo catalog. */
  startup?: { isPreparingCatalog: boolean };
};

export type AppEnv = {
  Variables: { requestId: string; logger: Logger; user: SessionUser | null; sessionId: string | null };
};

/** A router whose validation failures use the API's one error body. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return renderError(c, validationError(result.error));
    },
  });
}

/** The signed-in user; routes behind requireUser never see null, others get a 401. */
export function getUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw unauthenticated();
  return user;
}
