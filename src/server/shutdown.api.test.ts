import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "earmark-shutdown-"));
let child: ChildProcess | null = null;
afterAll(() => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("stops cleanly on Ctrl+C: the HTTP server, the jobs, then PostgreSQL, with no error lines", async () => {
  // Its own process group, as a terminal's foreground job: the signal goes to the whole group.
  const started = spawn(
    process.execPath,
    // As `npm start` runs it: one process with tsx as a loader (tsx's CLI wrapper would relay the
    // signal and, on a slow machine, kill the app before it has stopped).
    ["--import", "tsx", path.resolve("tests/support/server-child.ts")],
    {
      detached: true,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        SEED_DEMO: "false",
        LOG_FORMAT: "json",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child = started;
  let stdout = "";
  let stderr = "";
  started.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  started.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => started.once("exit", (code) => resolve(code)));

  await expect.poll(() => stdout, { timeout: 90_000, interval: 200 }).toContain("Press Ctrl+C to stop.");
  const url = /running at (http:\/\/\S+)/.exec(stdout)?.[1];
  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  const postgresPid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  expect(isAlive(postgresPid)).toBe(true);

  process.kill(-(started.pid as number), "SIGINT");
  expect(await exited).toBe(0);

  const errorLines = stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
  expect(errorLines).toEqual([]);
  expect(stderr).toBe("");
  expect(stdout).toContain("SIGINT received, stopping");
  expect(isAlive(postgresPid)).toBe(false);
  expect(existsSync(pidFile)).toBe(false);
}, 120_000);
