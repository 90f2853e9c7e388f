import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, type RouterHistory, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { routeTree } from "./routeTree.gen";

/**
 * The router and the element tree of the app, shared by the browser entry (main.tsx) and the
 * build-time prerender of the landing page (prerender.tsx): hydration needs both to render the
 * same tree.
 */
export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    // Route loaders read through TanStack Query, which owns caching.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !options.history,
    ...options,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
