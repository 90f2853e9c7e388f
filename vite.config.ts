import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { landingPrerender } from "./scripts/vite-landing.ts";
import { serviceWorker } from "./scripts/vite-service-worker.ts";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const apiTarget = "http://localhost:3000";

/**
 * The web client lives in src/web (index.html, public/) and builds into dist/web, which the
 * server serves in production. In development, /api and /demo are proxied to the server.
 */
export default defineConfig({
  root: fromRoot("./src/web"),
  publicDir: fromRoot("./src/web/public"),
  envDir: repoRoot,
  resolve: {
    alias: [
      { find: "~", replacement: fromRoot("./src") },
      // React 19 has useSyncExternalStore: TanStack Store's selector hook needs no shim for it.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector",
      },
    ],
  },
  plugins: [
    // Must come before react(): it generates the route tree and splits route components.
    tanstackRouter({
      target: "react",
      routesDirectory: fromRoot("./src/web/routes"),
      generatedRouteTree: fromRoot("./src/web/routeTree.gen.ts"),
      autoCodeSplitting: true,
      quoteStyle: "double",
      semicolons: true,
    }),
    react(),
    tailwindcss(),
    // Build only: the prerendered landing page (index.landing.html) and .br/.gz of every text file.
    landingPrerender(),
    // Build only: /sw.js, the offline shell (decision 036); never registered by `vite dev`.
    serviceWorker(fromRoot("./src/web/service-worker.js")),
  ],
  build: {
    outDir: fromRoot("./dist/web"),
    emptyOutDir: true,
    // Every browser the build targets supports <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into one chunk: the landing page's first paint
        // is then one request, not twenty small ones (decision 012). Lazy code splits as before.
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: 2 },
            // What the landing hydrates after its first load (the sections below the hero and the footer)
            // with everything they import, icons included: one request, not one per shared module.
            {
              name: "below-the-fold",
              test: /src[\\/]web[\\/](features[\\/]catalog[\\/]components[\\/]landing-sections|layout[\\/]footer)\.tsx$/,
              priority: 1.5,
            },
            // Icons that several lazy screens share: one chunk, not one request (and preload entry) each.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/demo": { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
  },
});
