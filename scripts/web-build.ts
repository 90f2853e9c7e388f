import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const distDir = path.join(root, "dist/web");
const stampFile = path.join(distDir, ".build-stamp");
const inputs = [
  "src/web",
  "src/domain",
  "vite.config.ts",
  "scripts/vite-landing.ts",
  "scripts/vite-service-worker.ts",
  "package-lock.json",
  "tsconfig.json",
];

function listFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .filter((file) => !file.endsWith(".test.ts") && !file.endsWith(".test.tsx"));
}

/** A hash of everything the web build reads, so a stale build is detected after any change. */
function hashInputs(): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap(listFiles).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

/** Builds the SPA when dist/web is missing or older than its sources. */
export function ensureWebBuild(): void {
  const stamp = hashInputs();
  if (
    existsSync(path.join(distDir, "index.html")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === stamp
  ) {
    return;
  }
  process.stdout.write("Building the web app…\n");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (result.status !== 0) throw new Error("The web build failed (see above).");
  writeFileSync(stampFile, stamp);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) ensureWebBuild();
