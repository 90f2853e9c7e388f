// First: configures zod before any module that uses it runs (see the file).
import "./lib/zod-jitless";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App, createAppRouter } from "./app";
import { setHydrating, shouldHydrate } from "./lib/prerender-handoff";
import { queryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";
import { applyTheme, DEFAULT_THEME } from "./lib/theme";
import "./styles.css";

// The document starts dark (spec 1 §4); the signed-in profile's theme is applied once the session loads.
applyTheme(DEFAULT_THEME);

const router = createAppRouter(queryClient);

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const app = <App router={router} queryClient={queryClient} />;

if (shouldHydrate(container)) {
  // The prerendered landing (decision 012): resolve the route first, so that the first render is the
  // landing itself, then take over the markup in place.
  setHydrating(true);
  void router.load().then(() => {
    hydrateRoot(container, app);
    setHydrating(false);
  });
} else {
  // Any prerendered markup is replaced by this first render, in one commit.
  createRoot(container).render(app);
}

registerServiceWorker();
