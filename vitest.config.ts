import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "src") };
const WORKERS = Math.max(2, os.availableParallelism());
// At most 6 files at once: each holds about ten connections of the cluster's 200.
const API_WORKERS = Math.min(6, WORKERS);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: [
            "src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/support/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: ["src/**/*.api.test.ts"],
          // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, which
          // leaves a core idle while the main process waits (decision 047).
          maxWorkers: WORKERS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          environment: "node",
          include: ["src/**/*.api.test.ts"],
          globalSetup: ["tests/support/api-global-setup.ts"],
          // Each file gets its own database cloned from a migrated template, so files run in parallel.
          fileParallelism: true,
          // One file per core (decision 047: one more than the cores pushed a 100-quiz test past its
          // timeout on a loaded 2-core machine).
          maxWorkers: API_WORKERS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
