import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createServer, type Plugin, type ResolvedConfig } from "vite";

/** The prerendered landing page, next to index.html in the build (served by src/server/static.ts). */
export const LANDING_HTML = "index.landing.html";
/** Built files that are sent precompressed (`.br` and `.gz` beside them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Decision 012, at build time:
 *
 * 1. Prerender: renders the signed-out landing page's first render (src/web/prerender.tsx, loaded
 *    through a Vite SSR module graph with the same aliases and route plugin) into the built
 *    index.html's #root and writes it as index.landing.html. TanStack Router's `isServer` is
 *    resolved to false for this render, so the markup is exactly what the browser's first render
 *    produces, and the browser hydrates it.
 * 2. Precompress: writes `.br` (quality 11) and `.gz` (level 9) next to every text file of the
 *    build, when smaller, so the server never compresses static files per request.
 */
export function landingPrerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "earmark:landing-prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const indexHtml = readFileSync(path.join(outDir, "index.html"), "utf8");
      const markup = await renderLanding(config);
      const rootTag = '<div id="root"></div>';
      if (!indexHtml.includes(rootTag)) throw new Error(`index.html has no empty ${rootTag}`);
      writeFileSync(
        path.join(outDir, LANDING_HTML),
        indexHtml.replace(rootTag, () => `<div id="root" data-prerendered="landing">${markup}</div>`),
      );
      precompress(outDir);
    },
  };
}

async function renderLanding(config: ResolvedConfig): Promise<string> {
  const isServerEntry = fileURLToPath(import.meta.resolve("@tanstack/router-core/isServer"));
  const browserIsServer = path.join(path.dirname(isServerEntry), "client.js");
  const server = await createServer({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    // The router's packages go through Vite, so that their `isServer` import can be pointed at the
    // browser build (see above).
    ssr: { noExternal: [/^@tanstack\/(react-)?router/] },
    resolve: { alias: [{ find: /^@tanstack\/router-core\/isServer$/, replacement: browserIsServer }] },
  });
  try {
    const module = (await server.ssrLoadModule("/prerender.tsx")) as { renderLanding: () => Promise<string> };
    return await module.renderLanding();
  } finally {
    await server.close();
  }
}

function precompress(outDir: string): void {
  const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  for (const file of files) {
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  }
}
