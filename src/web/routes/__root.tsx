import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Link, Outlet, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { Header } from "~/web/components/layout/header";
import { buttonVariants } from "~/web/components/ui/button";
import { Toaster } from "~/web/components/ui/toaster";
import { useApplyProfileTheme } from "~/web/features/account/use-profile-theme";

export type RouterContext = {
  queryClient: QueryClient;
};

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  useApplyProfileTheme();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Toaster />
    </div>
  );
}

/** Spec 3 §2: any unknown path shows this page; the bad path is logged. */
function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });

  useEffect(() => {
    console.error(`404 Error: User attempted to access non-existent route: ${pathname}`);
  }, [pathname]);

  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="bg-gradient-to-br from-primary to-accent bg-clip-text text-7xl font-bold tracking-tight text-transparent">
        404
      </h1>
      <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className={buttonVariants({ className: "mt-8" })}>
        Return to Home
      </Link>
    </div>
  );
}
