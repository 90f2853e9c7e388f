import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { queryClient } from "./lib/query-client";
import { applyTheme, DEFAULT_THEME } from "./lib/theme";
import { routeTree } from "./routeTree.gen";
import "./styles.css";

// The document starts dark (spec 1 §4); the signed-in profile's theme is applied once the session loads.
applyTheme(DEFAULT_THEME);

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  // Route loaders read through TanStack Query, which owns caching.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
