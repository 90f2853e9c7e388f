import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makePng } from "../../tests/support/images.ts";
import { migrationsFolder } from "./db/client.ts";

/**
 * The production layout of docs/PRODUCTION.md on one machine: two API server processes with their
 * job workers off (JOBS_IN_PROCESS=false), one `npm run worker` process, one PostgreSQL reached by
 * DATABASE_URL, and S3-compatible avatar storage (s3rver). Each process has its own DATA_DIR, so
 * nothing can pass through local disk. The database starts empty: the three processes migrate it
 * together at start.
 */

const BUCKET = "avatars";
const SYNC_QUEUE = "catalog.sync-deltas";
const AUTH_SECRET = randomBytes(24).toString("base64url");

type Process = {
  name: string;
  child: ChildProcess;
  lines: () => LogLine[];
  /** Everything printed, the banner included (JSON log lines and plain text). */
  stdout: () => string;
  stderr: () => string;
  dataDir: string;
};
type LogLine = { level: number; msg?: string; job?: string; jobId?: string };

const processes: Process[] = [];
const directories: string[] = [];
let databaseUrl = "";
let admin: pg.Client;
let s3rver: S3rver;
let serverA = "";
let serverB = "";

/** A running process of the app, with its JSON log lines kept for the assertions. */
function startProcess(name: string, script: string, env: Record<string, string>, dataDir: string): Process {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(script)], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_FORMAT: "json", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const started: Process = {
    name,
    child,
    dataDir,
    stdout: () => stdout,
    stderr: () => stderr,
    lines: () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogLine),
  };
  processes.push(started);
  return started;
}

async function newDirectory(prefix: string) {
  const directory = await mkdtemp(path.join(os.tmpdir(), prefix));
  directories.push(directory);
  return directory;
}

/**
 * Resolves with the first match of `pattern` in the process's output; fails with its output (and
 * what the database sessions were doing, to tell a slow start from a stuck one) if it exits or
 * stalls. Starting takes ~5 s of CPU per process (module loading), far longer on a loaded machine.
 */
function waitForOutput(started: Process, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const fail = async (reason: string) => {
      clearTimeout(timer);
      const activity = await admin
        .query(
          "select pid, state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        )
        .then((result) => JSON.stringify(result.rows, null, 1))
        .catch((error: unknown) => String(error));
      reject(new Error(`${started.name} ${reason}:\n${started.stdout()}\n${started.stderr()}\n${activity}`));
    };
    const timer = setTimeout(() => fail("did not start within 100 s"), 100_000);
    started.child.once("exit", (code) => fail(`exited with ${code}`));
    const check = () => {
      const match = pattern.exec(started.stdout());
      if (!match) return;
      clearTimeout(timer);
      started.child.stdout?.off("data", check);
      resolve(match);
    };
    started.child.stdout?.on("data", check);
    check();
  });
}

const waitForUrl = async (server: Process) =>
  ((await waitForOutput(server, /running at (http:\/\/\S+)/))[1] ?? "").replace("localhost", "127.0.0.1");

async function stopProcess(started: Process): Promise<number | null> {
  const { child } = started;
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exited;
}

/** A browser talking to one server: a cookie jar that another server may be handed. */
async function call(
  base: string,
  method: string,
  pathname: string,
  options: { cookie?: string; json?: unknown; body?: Uint8Array<ArrayBuffer>; contentType?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers["content-type"] = "application/json";
  } else if (options.contentType) headers["content-type"] = options.contentType;
  const response = await fetch(`${base}${pathname}`, { method, headers, body });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: each assertion reads the fields it expects.
  const data: any = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { status: response.status, data, cookie };
}

async function signUp(base: string) {
  const email = `scale-${randomBytes(4).toString("hex")}@example.com`;
  const response = await call(base, "POST", "/api/v1/auth/sign-up", {
    json: { name: "Scale Tester", email, password: "correct-horse" },
  });
  expect(response.status).toBe(201);
  return { id: response.data.user.id as string, cookie: response.cookie };
}

beforeAll(async () => {
  // An empty database of its own on the API tests' PostgreSQL: the processes migrate it themselves.
  const adminUrl = inject("pgAdminUrl");
  const name = `scale_${randomBytes(6).toString("hex")}`;
  const maintenance = new pg.Client({ connectionString: adminUrl });
  await maintenance.connect();
  await maintenance.query(`create database ${name}`);
  await maintenance.end();
  databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();

  // The hourly sync already registered, as on any database that has run before (a fresh one gets
  // its first cron tick 30 s after start, which this test does not wait for). The sync runs every
  // minute here so that the worker's first tick sends it.
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: "pgboss",
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.createQueue(SYNC_QUEUE);
  await boss.schedule(SYNC_QUEUE, "* * * * *");
  await boss.stop({ graceful: false, wait: true });

  const s3Directory = await newDirectory("earmark-scale-s3-");
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();

  const shared = {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET,
    PUBLIC_URL: "http://localhost:8080",
    SEED_DEMO: "false",
    JOBS_POLL_SECONDS: "0.5",
    INGEST_SYNC_CRON: "* * * * *",
    SESSION_CACHE_SECONDS: "2",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
  const server = { ...shared, JOBS_IN_PROCESS: "false", PORT: "0", HOST: "127.0.0.1" };
  const [dirA, dirB, dirWorker] = await Promise.all(
    ["a", "b", "worker"].map((name) => newDirectory(`earmark-scale-${name}-`)),
  );
  const a = startProcess("server A", "tests/support/server-child.ts", server, dirA as string);
  const b = startProcess("server B", "tests/support/server-child.ts", server, dirB as string);
  const worker = startProcess("worker", "src/server/worker.ts", shared, dirWorker as string);
  [serverA, serverB] = await Promise.all([
    waitForUrl(a),
    waitForUrl(b),
    waitForOutput(worker, /"msg":"worker started"/).then(() => ""),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((started) => stopProcess(started).catch(() => null)));
  await admin?.end().catch(() => {});
  await s3rver?.close().catch(() => {});
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

const byName = (name: string) => processes.find((started) => started.name === name) as Process;
const jobStarts = (started: Process, filter: (line: LogLine) => boolean = () => true) =>
  started.lines().filter((line) => line.msg === "job started" && filter(line));

describe("two API servers and a worker on one PostgreSQL", () => {
  it("migrated the empty database once, though all three processes started on it together", async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
    const { rows } = await admin.query<{ hash: string }>("select hash from drizzle.__drizzle_migrations");
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    expect(rows).toHaveLength(journal.entries.length);
  });

  it("accepts a session created on server A on server B, and B drops it after a sign-out on A", async () => {
    const user = await signUp(serverA);
    const onB = await call(serverB, "GET", "/api/v1/auth/session", { cookie: user.cookie });
    expect(onB.status).toBe(200);
    expect(onB.data.user?.id).toBe(user.id);
    expect((await call(serverB, "GET", "/api/v1/me", { cookie: user.cookie })).status).toBe(200);

    expect((await call(serverA, "POST", "/api/v1/auth/sign-out", { cookie: user.cookie })).status).toBe(204);
    // B may answer from its own session cache for SESSION_CACHE_SECONDS (2 here), then asks the database.
    await expect
      .poll(async () => (await call(serverB, "GET", "/api/v1/me", { cookie: user.cookie })).status, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(401);
  });

  it("runs a job queued through server A exactly once, in the worker", async () => {
    const user = await signUp(serverA);
    await admin.query("insert into user_roles (user_id, role) values ($1, 'admin')", [user.id]);
    const queued = await call(serverA, "POST", "/api/v1/admin/jobs/maintenance.cleanup", {
      cookie: user.cookie,
    });
    expect(queued.status).toBe(202);
    const jobId = queued.data.jobId as string;
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    await expect
      .poll(
        async () =>
          (
            await call(serverB, "GET", `/api/v1/admin/jobs/maintenance.cleanup/${jobId}`, {
              cookie: user.cookie,
            })
          ).data.state,
        { timeout: 20_000, interval: 250 },
      )
      .toBe("completed");
    const { rows } = await admin.query<{ retry_count: number }>(
      "select retry_count from pgboss.job where id = $1 union all select retry_count from pgboss.archive where id = $1",
      [jobId],
    );
    expect(rows).toEqual([{ retry_count: 0 }]);
    expect(jobStarts(byName("worker"), (line) => line.jobId === jobId)).toHaveLength(1);
    expect(jobStarts(byName("server A"))).toEqual([]);
    expect(jobStarts(byName("server B"))).toEqual([]);
  });

  it("serves on server B the avatar uploaded through server A, from the shared bucket", async () => {
    const user = await signUp(serverA);
    const uploaded = await call(serverA, "PUT", "/api/v1/me/avatar", {
      cookie: user.cookie,
      body: new Uint8Array(await makePng(320, 240)),
      contentType: "image/png",
    });
    expect(uploaded.status).toBe(200);
    const avatarUrl = uploaded.data.avatarUrl as string;
    expect(avatarUrl).toContain(`/${BUCKET}/${user.id}/avatar.webp?v=`);

    const onB = await call(serverB, "GET", `/api/v1/profiles/${user.id}`, { cookie: user.cookie });
    expect(onB.status).toBe(200);
    expect(onB.data.avatarUrl).toBe(avatarUrl);
    const image = await fetch(avatarUrl);
    expect(image.status).toBe(200);
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 512, 512]);
    // Nothing went through server A's disk.
    expect(existsSync(path.join(byName("server A").dataDir, "avatars"))).toBe(false);
  });

  it("runs the scheduled sync once per tick, in the worker only, from one schedule row", async () => {
    const worker = byName("worker");
    const finished = async () => {
      const { rows } = await admin.query<{ state: string }>(
        "select state from pgboss.job where name = $1 union all select state from pgboss.archive where name = $1",
        [SYNC_QUEUE],
      );
      return rows.some((row) => row.state === "completed");
    };
    await expect.poll(finished, { timeout: 25_000, interval: 250 }).toBe(true);

    const schedules = await admin.query("select name, cron from pgboss.schedule where name = $1", [
      SYNC_QUEUE,
    ]);
    expect(schedules.rows).toEqual([{ name: SYNC_QUEUE, cron: "* * * * *" }]);
    // Every cron tick is one send-it job per minute slot (pg-boss's own de-duplication across all
    // processes that watch the schedules), and every sync job came from such a tick.
    // One statement, so one snapshot: a tick that has been handed on (its send-it job completed)
    // has made exactly one sync job, and no sync job exists without a tick.
    const { rows } = await admin.query<{ ticks: number; slots: number; handedOn: number; syncs: number }>(
      `with ticks as (
         select singleton_on, state from pgboss.job where name = '__pgboss__send-it' and data->>'name' = $1
         union all
         select singleton_on, state from pgboss.archive where name = '__pgboss__send-it' and data->>'name' = $1
       ), syncs as (
         select id from pgboss.job where name = $1 union all select id from pgboss.archive where name = $1
       )
       select (select count(*)::int from ticks) as ticks,
              (select count(distinct singleton_on)::int from ticks) as slots,
              (select count(*)::int from ticks where state = 'completed') as "handedOn",
              (select count(*)::int from syncs) as syncs`,
      [SYNC_QUEUE],
    );
    const counts = rows[0] as { ticks: number; slots: number; handedOn: number; syncs: number };
    expect(counts.slots).toBe(counts.ticks);
    expect(counts.syncs).toBeGreaterThanOrEqual(Math.max(1, counts.handedOn));
    expect(counts.syncs).toBeLessThanOrEqual(counts.ticks);
    const started = jobStarts(worker, (line) => line.job === SYNC_QUEUE).map((line) => line.jobId);
    expect(new Set(started).size).toBe(started.length);
    expect(started.length).toBeGreaterThanOrEqual(1);
    expect(jobStarts(byName("server A"))).toEqual([]);
    expect(jobStarts(byName("server B"))).toEqual([]);
  });

  it("stops every process cleanly, with no error lines in any log", async () => {
    const codes = await Promise.all(processes.map((started) => stopProcess(started)));
    expect(codes).toEqual([0, 0, 0]);
    for (const started of processes) {
      expect(started.lines().filter((line) => line.level >= 50)).toEqual([]);
      // The AWS SDK warns on Node 20 that its 2027 releases need Node 22 (decision 001 keeps Node 20).
      const stderr = started
        .stderr()
        .replace(/\(node:\d+\) Warning: NodeVersionSupportWarning[\s\S]*?--trace-warnings[^\n]*\n/g, "");
      expect(stderr).toBe("");
    }
  });
});
