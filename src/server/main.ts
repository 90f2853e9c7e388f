import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createAuth, resolveAuthSecret } from "./auth/auth.ts";
import { type Config, loadConfig } from "./config.ts";
import { createDatabase, type Database, migrateDatabase } from "./db/client.ts";
import { connectDatabase } from "./db/connect.ts";
import { demoAccounts, seedDemoData } from "./db/seed.ts";
import { type Jobs, startJobs } from "./jobs/jobs.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { seedDemoPosts } from "./services/feed/demo-posts.ts";
import { matchPendingQuestionThemes } from "./services/knowledge/theme-matching.ts";
import { seedDemoLearnerActivity } from "./services/system/demo-learner.ts";

export type RunningServer = { url: string; config: Config; stop: () => Promise<void> };

/** Starts everything `npm start` needs: database, migrations, demo data, jobs, HTTP. */
export async function startServer(
  config = loadConfig(),
  options: {
    webDistDir?: string;
    /** `npm start` in a terminal: the embedded PostgreSQL in its own process group (see embedded.ts). */
    isPostgresDetached?: boolean;
  } = {},
): Promise<RunningServer> {
  const logger = createLogger(config.LOG_LEVEL, config.logFormat);
  const connection = await connectDatabase(config, logger, { isOwnProcessGroup: options.isPostgresDetached });
  const db = createDatabase(connection.url, { max: config.DATABASE_POOL_SIZE });
  const stops: (() => Promise<unknown>)[] = [() => connection.stop(), () => db.$client.end()];
  const stop = async () => {
    for (const step of stops.reverse())
      await step().catch((error) => logger.error({ err: error }, "shutdown step failed"));
  };

  try {
    await migrateDatabase(db);
    const matched = await matchPendingQuestionThemes(db);
    if (matched) logger.info({ matched }, "questions matched to knowledge themes");
    if (config.DATABASE_URL && !config.AUTH_SECRET)
      logger.warn(
        "AUTH_SECRET is not set: sessions are signed with a secret generated in DATA_DIR, which other API servers on this database do not share. With more than one server, set the same AUTH_SECRET on each (docs/PRODUCTION.md).",
      );
    const auth = createAuth({ db, config, logger, secret: await resolveAuthSecret(config) });
    const isSeeded = config.SEED_DEMO && (await seedDemoData({ db, auth }, { onlyIfEmpty: true }));
    const jobs = await startJobs({
      url: connection.url,
      db,
      logger,
      config,
      isWorking: config.JOBS_IN_PROCESS,
    });
    stops.push(() => jobs.stop());

    const startup = { isPreparingCatalog: Boolean(isSeeded && config.ingestFeeds.length) };
    const app = createApp({ db, auth, config, logger, jobs, startup }, options);
    const server = await new Promise<ServerType>((resolve, reject) => {
      const instance = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () =>
        resolve(instance),
      );
      instance.once("error", reject);
    });
    holdIdleConnections(server);
    stops.push(() => new Promise((resolve) => server.close(() => resolve(undefined))));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    // The demo catalog goes through the real pipeline: the server fetches its own /demo/ feeds.
    if (startup.isPreparingCatalog) {
      try {
        await ingestDemoCatalog(jobs, config, logger);
        await prepareDemoLearning(jobs, config, logger);
        await seedPosts({ db, logger });
        if (config.JOBS_IN_PROCESS) await seedLearnerHistory({ db, logger });
      } finally {
        startup.isPreparingCatalog = false;
      }
    }
    return { url: `http://localhost:${port}`, config, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Node closes an idle keep-alive connection after 5 s; a client that reuses it at that moment gets a
 * reset ("socket hang up") it did not cause. Load balancers keep idle connections to their servers
 * for 60 s (AWS ALB; nginx's upstream keepalive_timeout), so the server keeps them a little longer:
 * the proxy, which closes first, never races it.
 */
export const KEEP_ALIVE_SECONDS = 65;

function holdIdleConnections(server: ServerType) {
  if (!("keepAliveTimeout" in server)) return;
  server.keepAliveTimeout = KEEP_ALIVE_SECONDS * 1000;
  // Node wants the headers timeout above the keep-alive one (else a reused socket can time out early).
  server.headersTimeout = (KEEP_ALIVE_SECONDS + 1) * 1000;
}

async function ingestDemoCatalog(jobs: Jobs, config: Config, logger: Logger) {
  const jobId = await jobs.send("catalog.auto-ingest", {});
  if (!config.JOBS_IN_PROCESS) return;
  process.stdout.write("  Ingesting the demo catalog…\n");
  const job = await jobs.waitForJob("catalog.auto-ingest", jobId, 120_000);
  const message = (job?.output as { message?: string } | null)?.message;
  if (job?.state === "completed") process.stdout.write(`  ${message}\n`);
  else logger.warn({ state: job?.state, output: job?.output }, "demo catalog ingestion did not complete");
}

/**
 * The built-in engine gives every demo episode its summary, insights, topics, themes, quiz and mind
 * map (a few seconds); start-up waits, so the first visitor finds them. The ingest job has queued the
 * same pipeline; this run only completes after it (one worker per queue) and finds nothing left.
 */
async function prepareDemoLearning(jobs: Jobs, config: Config, logger: Logger) {
  const jobId = await jobs.send("learning.auto-enrich", {});
  if (!config.JOBS_IN_PROCESS) return;
  process.stdout.write("  Preparing summaries, quizzes and mind maps…\n");
  const job = await jobs.waitForJob("learning.auto-enrich", jobId, 120_000);
  if (job?.state !== "completed")
    logger.warn({ state: job?.state, output: job?.output }, "demo learning content did not complete");
}

/** Deep Dives written from the demo transcripts (needs the demo episodes); a failure only costs the demo. */
async function seedPosts(deps: { db: Database; logger: Logger }) {
  const inserted = await seedDemoPosts(deps).catch((error: unknown) => {
    deps.logger.warn({ err: error }, "demo posts were not created");
    return 0;
  });
  if (inserted) process.stdout.write(`  ${inserted} Deep Dives published\n`);
}

/** The demo learner's first session (see seedDemoLearnerActivity); a failure only costs the demo. */
async function seedLearnerHistory(deps: { db: Database; logger: Logger }) {
  const learner = demoAccounts.find((account) => account.role === "learner");
  if (!learner) return;
  await seedDemoLearnerActivity(deps, learner.email).catch((error: unknown) =>
    deps.logger.warn({ err: error }, "demo learner history was not created"),
  );
}

export function printBanner(server: RunningServer): void {
  const lines = [
    "",
    `  Earmark is running at ${server.url}`,
    "",
    ...(server.config.SEED_DEMO
      ? [
          "  Demo sign-ins (demo data only — change or remove them on a real deployment):",
          ...demoAccounts.map((a) => `    ${a.role.padEnd(8)} ${a.email} / ${a.password}`),
          "",
        ]
      : []),
    `  API reference: ${server.url}/api/docs`,
    "  Press Ctrl+C to stop.",
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

/** SIGINT/SIGTERM stop the HTTP server, the jobs and the embedded PostgreSQL, then exit. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let isStopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (isStopping) return;
    isStopping = true;
    process.stdout.write(`\n  ${signal} received, stopping…\n`);
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    stop().then(() => process.exit(0));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
