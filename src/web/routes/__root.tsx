import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, lazyRouteComponent, Outlet, useLocation } from "@tanstack/react-router";
import { memo, Suspense } from "react";
import { Toaster } from "~/web/components/ui/toaster";
import { useApplyProfileTheme } from "~/web/features/account/use-profile-theme";
import { DeferredPlayer } from "~/web/features/player/components/deferred-player";
import { LandingTopBar } from "~/web/layout/landing-top-bar";
import { PreparingNotice } from "~/web/layout/preparing-notice";
import { readSidebarCookie } from "~/web/layout/sidebar-cookie";
import { cn } from "~/web/lib/cn";
import { lazyPreloaded } from "~/web/lib/lazy-preloaded";
import { readSignedInHint, useRememberSignedIn, useSession } from "~/web/lib/session";

// Only signed-in visitors get the sidebar, so it stays out of the landing page's JavaScript. Like the
// header, it renders in the same commit as the screen once loaded (lazyPreloaded), and while it loads
// its place is kept (SidebarPlaceholder): a sidebar arriving after the session resolved pushed the
// page sideways under the pointer, and a click pressed before the shift was lost.
const { Component: SignedInNavigation, preload: loadSignedInNavigation } = lazyPreloaded(() =>
  import("~/web/layout/signed-in-navigation").then((module) => module.default),
);
// The signed-out landing page has its own top bar; every other screen, and the signed-in home, has the
// one header, which loads with that screen: the root's beforeLoad waits for it, and it renders in the
// same commit as the screen (see lazyPreloaded). It is never part of the landing's first load (decision 018).
const { Component: Header, preload: loadHeader } = lazyPreloaded(() =>
  import("~/web/layout/header").then((module) => module.default),
);
// The footer too: below the fold, it is out of the landing's first load (the prerendered landing keeps
// its markup until the chunk arrives, then hydrates it), and loads with the other screens, appearing with
// them: a footer arriving later would move a vertically centred page under the pointer.
const { Component: Footer, preload: loadFooter } = lazyPreloaded(() =>
  import("~/web/layout/footer").then((module) => module.Footer),
);

export type RouterContext = {
  queryClient: QueryClient;
};

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location }) => {
    if (readSignedInHint()) void loadSignedInNavigation();
    if (location.pathname !== "/" || readSignedInHint()) await Promise.all([loadHeader(), loadFooter()]);
  },
  component: RootLayout,
  // Only unknown paths need it: its own chunk.
  notFoundComponent: lazyRouteComponent(() => import("~/web/layout/not-found-page")),
});

/**
 * Spec 3 §2 layout: a sidebar on large screens when signed in (a sheet and a bottom tab bar on
 * mobile), a top header (the landing top bar on the signed-out home page), the main area, the footer and
 * global overlays.
 */
function RootLayout() {
  useApplyProfileTheme();
  useRememberSignedIn();
  const { isSignedIn, isResolving } = useSession();
  const isHome = useLocation({ select: (location) => location.pathname === "/" });
  // As the home page itself decides: while the session loads, the signed-in hint picks the bar.
  const isLanding = isHome && !(isResolving ? readSignedInHint() : isSignedIn);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {isSignedIn && (
        <Suspense fallback={<SidebarPlaceholder />}>
          <SignedInNavigation />
        </Suspense>
      )}
      <div className={cn("flex min-w-0 flex-1 flex-col", isSignedIn && "pb-16 md:pb-0")}>
        <PreparingNotice />
        {isLanding ? (
          <LandingTopBar />
        ) : (
          <Suspense fallback={<HeaderPlaceholder />}>
            <Header />
          </Suspense>
        )}
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Outlet />
        </main>
        <DeferredFooter />
      </div>
      <Toaster />
      <DeferredPlayer isSignedIn={isSignedIn} />
    </div>
  );
}

/**
 * memo: the layout's re-renders (the session resolving, navigation) must not reach the footer's
 * boundary before it has hydrated, or React would give up its prerendered markup.
 */
const DeferredFooter = memo(function DeferredFooter() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
});

/** The desktop sidebar's width (expanded or collapsed, as its cookie says) while its code loads. */
function SidebarPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className={cn("hidden shrink-0 border-r border-border md:block", readSidebarCookie() ? "w-64" : "w-12")}
    />
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
