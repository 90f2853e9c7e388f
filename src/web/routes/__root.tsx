import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Link, Outlet, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { Footer } from "~/web/components/layout/footer";
import { LandingTopBar } from "~/web/components/layout/landing-top-bar";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { Toaster } from "~/web/components/ui/toaster";
import { useRememberSignedIn } from "~/web/features/account/preferences";
import { useSession } from "~/web/features/account/session";
import { useApplyProfileTheme } from "~/web/features/account/use-profile-theme";
import { DeferredPlayer } from "~/web/features/player/components/deferred-player";

import { cn } from "~/web/lib/cn";
import { usePageMeta } from "~/web/lib/page-meta";

// Only signed-in visitors get the sidebar, so it stays out of the landing page's JavaScript.
const SignedInNavigation = lazy(() => import("~/web/components/layout/signed-in-navigation"));
// The landing page has its own top bar; every other screen's header loads with that screen (the root's
// beforeLoad waits for it, so it never shows a placeholder after the first load).
const loadHeader = () => import("~/web/components/layout/header");
const Header = lazy(loadHeader);

export type RouterContext = {
  queryClient: QueryClient;
};

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location }) => {
    if (location.pathname !== "/") await loadHeader();
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * Spec 3 §2 layout: a sidebar on large screens when signed in (a sheet and a bottom tab bar on
 * mobile), a top header (the landing top bar on the home page), the main area, the footer and
 * global overlays.
 */
function RootLayout() {
  useApplyProfileTheme();
  useRememberSignedIn();
  const { isSignedIn } = useSession();
  const isHome = useLocation({ select: (location) => location.pathname === "/" });

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {isSignedIn && (
        <Suspense fallback={null}>
          <SignedInNavigation />
        </Suspense>
      )}
      <div className={cn("flex min-w-0 flex-1 flex-col", isSignedIn && "pb-16 md:pb-0")}>
        {isHome ? (
          <LandingTopBar />
        ) : (
          <Suspense fallback={<HeaderPlaceholder />}>
            <Header />
          </Suspense>
        )}
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Outlet />
        </main>
        <Footer />
      </div>
      <Toaster />
      <DeferredPlayer isSignedIn={isSignedIn} />
    </div>
  );
}

/** The header's height while its code loads (only if the root's beforeLoad could not wait for it). */
function HeaderPlaceholder() {
  return (
    <div aria-hidden="true" className="sticky top-0 z-40 border-b border-border/70 bg-background/85">
      <div className="h-16" />
    </div>
  );
}

/** Spec 3 §2: any unknown path shows this page; the bad path is logged. */
function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  usePageMeta({ title: "Page not found", description: "This page does not exist." });

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
