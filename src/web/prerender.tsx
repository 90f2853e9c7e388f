import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { App, createAppRouter } from "./app";
import { setHydrating } from "./lib/prerender-handoff";
import { createQueryClient } from "./lib/query-client";

/**
 * Build time only (scripts/vite-landing.ts): the markup of a signed-out visit to "/" as the browser's
 * first render produces it — the landing hero, top bar, feature cards and footer, with skeletons where
 * the session and the home lists will go. The browser hydrates it (lib/prerender-handoff.ts).
 */
export async function renderLanding(): Promise<string> {
  // The router is built for the browser here (the build resolves its `isServer` to false), so that it
  // renders the very tree the browser will hydrate; these are the two globals it touches.
  const globals = globalThis as { window?: unknown; self?: unknown };
  const saved = { window: globals.window, self: globals.self };
  globals.window = { origin: "null" };
  globals.self = globalThis;
  try {
    const queryClient = createQueryClient();
    const history = createMemoryHistory({ initialEntries: ["/"] });
    const router = createAppRouter(queryClient, { history });
    // As in the browser before hydration: no loader prefetches, so the lists render as skeletons.
    setHydrating(true);
    await router.load();
    const markup = renderToString(<App router={router} queryClient={queryClient} />);
    queryClient.clear(); // and with it the queries' garbage-collection timers
    return markup;
  } finally {
    setHydrating(false);
    globals.window = saved.window;
    globals.self = saved.self;
  }
}
