import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "src") };

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
          // One module graph per worker, as in the API project (decision 049): the unit files reach
          // no module state that differs between files (caches are pure memo tables, the web modules
          // that keep state are not imported), and the two that stub timers or fetch restore them.
          isolate: false,
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
          // One module graph per worker, not per file: re-importing the server for each of the 43
          // files was ~4.4 s apiece (decision 047). Safe because no server module keeps state across
          // databases (decision 049's audit): caches are per app instance or keyed by database, and
          // config is read from the env each test server passes, never at import.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
