import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { spawnServerChild } from "../../tests/support/spawn-server-child.ts";
import { KEEP_ALIVE_SECONDS } from "./main.ts";

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
  // Its own process group, as a terminal's foreground job: the signal goes to the whole group. As
  // `npm start` runs it: one process with tsx as a loader (tsx's CLI wrapper would relay the signal
  // and, on a slow machine, kill the app before it has stopped).
  const { child: started, output, exited } = spawnServerChild({ dataDir, isDetached: true });
  child = started;
  await expect
    .poll(() => output.stdout, { timeout: 90_000, interval: 200 })
    .toContain("Press Ctrl+C to stop.");
  const url = /running at (http:\/\/\S+)/.exec(output.stdout)?.[1];
  const health = await fetch(`${url}/api/health`);
  expect(health.status).toBe(200);
  // Idle keep-alive connections outlive a proxy's 60 s, not Node's 5 s (a reused socket is not reset).
  expect(health.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_SECONDS}`);
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  const postgresPid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  expect(isAlive(postgresPid)).toBe(true);

  process.kill(-(started.pid as number), "SIGINT");
  expect(await exited).toBe(0);

  const errorLines = output.stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
  expect(errorLines).toEqual([]);
  expect(output.stderr).toBe("");
  expect(output.stdout).toContain("SIGINT received, stopping");
  expect(isAlive(postgresPid)).toBe(false);
  expect(existsSync(pidFile)).toBe(false);
}, 120_000);
