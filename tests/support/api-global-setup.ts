import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import PgBoss from "pg-boss";
import type { TestProject } from "vitest/node";
import { createDatabase, migrateDatabase } from "../../src/server/db/client.ts";
import { startEmbeddedPostgres } from "../../src/server/db/embedded.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the test cluster's maintenance database; test files clone TEMPLATE_DATABASE from it. */
    pgAdminUrl: string;
  }
}

export const TEMPLATE_DATABASE = "earmark_template";

/**
 * One real PostgreSQL for the API test run: migrations (and pg-boss's schema) are applied once to a
 * template database that every test file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // Not under mkdtemp: the postgres OS user must be able to traverse the parent directory.
  const dataDir = path.join(os.tmpdir(), `earmark-api-tests-${process.pid}-${Date.now()}`);
  const cluster = await startEmbeddedPostgres({ dataDir, database: TEMPLATE_DATABASE, isPersistent: false });

  const db = createDatabase(cluster.url, { max: 2 });
  await migrateDatabase(db);
  await db.$client.end();
  const boss = new PgBoss({
    connectionString: cluster.url,
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });

  project.provide("pgAdminUrl", cluster.url.replace(/\/[^/]+$/, "/postgres"));
  return async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
