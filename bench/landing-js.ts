import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { constants, gzipSync } from "node:zlib";

/**
 * `npm run bench:landing-js [-- --dist dist/web]`: builds the web app (into a temporary folder unless
 * `--dist` names an existing build) and prints the first-load JavaScript of a cold signed-out visit
 * to "/": the scripts and module preloads of the landing document
 * (index.landing.html, else index.html) and every chunk they import statically, each measured
 * gzip -9. Dynamic imports are not followed: the landing loads those after its first load (the
 * sections below the fold, which hydrate second) or on interaction (decision 012), and
 * bench:lighthouse lists what a real visit loaded.
 */
const { values } = parseArgs({ options: { dist: { type: "string" } } });

const repoRoot = path.resolve(import.meta.dirname, "..");
let distDir: string;
let temporary: string | undefined;
if (values.dist) {
  distDir = path.resolve(values.dist);
} else {
  temporary = path.join(os.tmpdir(), `earmark-landing-js-${process.pid}`);
  distDir = temporary;
  const build = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--outDir", distDir, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (build.status !== 0) throw new Error("The web build failed.");
}

try {
  const landing = path.join(distDir, "index.landing.html");
  const documentFile = existsSync(landing) ? landing : path.join(distDir, "index.html");
  const html = readFileSync(documentFile, "utf8");

  // <script type="module" src> and <link rel="modulepreload" href>, in document order.
  const roots = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((match) => match[1] as string);

  /** Static imports and re-exports of a built chunk (`import{a}from"./x.js"`, `import"./y.js"`), never `import("…")`. */
  const staticImports = (code: string): string[] =>
    [
      ...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g),
      ...code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'](\.{1,2}\/[^"']+\.js)["']/g),
    ].map((match) => match[1] as string);

  const seen = new Map<string, { raw: number; gzip: number }>();
  const visit = (url: string) => {
    const file = path.join(distDir, url.replace(/^\//, ""));
    const key = path.relative(distDir, file);
    if (seen.has(key)) return;
    const code = readFileSync(file);
    seen.set(key, {
      raw: code.length,
      gzip: gzipSync(code, { level: constants.Z_BEST_COMPRESSION }).length,
    });
    for (const specifier of staticImports(code.toString("utf8"))) {
      visit(`/${path.relative(distDir, path.resolve(path.dirname(file), specifier))}`);
    }
  };
  for (const url of roots) visit(url);

  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  process.stdout.write(
    `\nInitial JavaScript of a signed-out visit to "/" (${path.basename(documentFile)})\n`,
  );
  process.stdout.write(`${"file".padEnd(52)}    raw KiB  gzip-9 KiB\n`);
  const rows = [...seen].sort((a, b) => b[1].gzip - a[1].gzip);
  for (const [file, size] of rows) {
    process.stdout.write(`${file.padEnd(52)}  ${kib(size.raw)}     ${kib(size.gzip)}\n`);
  }
  const total = rows.reduce((sum, [, size]) => ({ raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }), {
    raw: 0,
    gzip: 0,
  });
  process.stdout.write(
    `${`total (${rows.length} files)`.padEnd(52)}  ${kib(total.raw)}     ${kib(total.gzip)}\n`,
  );
} finally {
  if (temporary) rmSync(temporary, { recursive: true, force: true });
}
