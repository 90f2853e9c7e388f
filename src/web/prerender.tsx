import { text } from "node:stream/consumers";
import { createMemoryHistory } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
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
    const app = <App router={router} queryClient={queryClient} />;
    // The lazy parts of the landing (theme switch, sections below the hero, footer) must be in the
    // markup in full; the browser hydrates each when its chunk arrives. prerender waits for them to
    // load, but writes boundaries that resolved late as hidden segments moved in by inline scripts;
    // once they have loaded, renderToString writes every boundary in place.
    await prerenderToNodeStream(app).then(({ prelude }) => text(prelude));
    const markup = renderToString(app);
    if (/<!--\$[?!]-->/.test(markup)) throw new Error("The prerendered landing has a suspended part");
    queryClient.clear(); // and with it the queries' garbage-collection timers
    return markup;
  } finally {
    setHydrating(false);
    globals.window = saved.window;
    globals.self = saved.self;
  }
}
