import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/**
 * Starts the app as `npm start` does (one node process with tsx as a loader, tests/support/
 * server-child.ts), on a fresh embedded database in `dataDir`, with JSON logs at info. Collects its
 * stdout and stderr; `exited` resolves with its exit code. `detached` gives it its own process
 * group, as a terminal's foreground job has.
 */
export function spawnServerChild(options: { dataDir: string; cwd?: string; isDetached?: boolean }): {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<number | null>;
} {
  const cwd = options.cwd ?? process.cwd();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(cwd, "tests/support/server-child.ts")],
    {
      cwd,
      detached: options.isDetached ?? false,
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
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
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output, exited };
}
