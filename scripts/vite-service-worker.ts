import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";

/** The worker's URL: at the root, so its scope is the whole app. */
export const SERVICE_WORKER_FILE = "sw.js";

/**
 * Build only (decision 036): emits /sw.js from src/web/service-worker.js with this build's manifest
 * prepended — a version (a hash of every output file name, so any change of the build renames the
 * cache and the old one is deleted on activate) and the entry's JS and CSS to precache.
 */
export function serviceWorker(source: string): Plugin {
  return {
    name: "earmark:service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const files = Object.keys(bundle).sort();
      const version = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 12);
      const entry = Object.values(bundle).find(
        (output): output is Rolldown.OutputChunk => output.type === "chunk" && output.isEntry,
      );
      const precache = entry
        ? [entry.fileName, ...entry.imports, ...(entry.viteMetadata?.importedCss ?? [])].map(
            (file) => `/${file}`,
          )
        : [];
      const build = JSON.stringify({ version, precache });
      this.emitFile({
        type: "asset",
        fileName: SERVICE_WORKER_FILE,
        source: `self.__EARMARK_BUILD__ = ${build};\n${readFileSync(path.resolve(source), "utf8")}`,
      });
    },
  };
}
