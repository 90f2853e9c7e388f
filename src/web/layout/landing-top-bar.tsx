import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { Skeleton } from "~/web/components/ui/skeleton";
import { ThemeSwitch } from "~/web/features/account/components/theme-switch";
import { SearchDropdown } from "~/web/features/catalog/components/search-dropdown";
import { readSignedInHint, useSession } from "~/web/lib/session";
import { headerLinkClass, Logo } from "./logo";
import { MobileMenu, mobileMenuLinkClass } from "./mobile-menu";
import type { NavItem } from "./nav-items";
import { NavLink } from "./nav-link";

// Signed in only: out of the landing page's first load.
const SidebarButton = lazy(() =>
  import("./sidebar-button").then((module) => ({ default: module.SidebarButton })),
);
const UserMenu = lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

type TopBarLink = Omit<NavItem, "icon">;

/** Spec 1 §2 landing top bar links. */
const common: TopBarLink[] = [
  { label: "Episodes", to: "/search" },
  { label: "Insights", to: "/feed" },
];
const signedInExtra: TopBarLink[] = [
  { label: "Friends", to: "/friends" },
  { label: "Leaderboard", to: "/leaderboard" },
];
const signedOutExtra: TopBarLink[] = [{ label: "About", to: "/about" }];

/** The landing page's top bar: search as you type, links, Account or Get Started, and a mobile menu. */
export function LandingTopBar() {
  const session = useSession();
  const { isSignedIn } = session;
  // As on the home page itself: while the session loads, a browser that was not signed in last time
  // sees the signed-out bar at once (it is also the prerendered one), so nothing moves when it resolves.
  const isResolving = session.isResolving && readSignedInHint();
  const links = [...common, ...(isResolving ? [] : isSignedIn ? signedInExtra : signedOutExtra)];

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        {isSignedIn && (
          <Suspense fallback={<span className="size-10 shrink-0 md:hidden" />}>
            <SidebarButton />
          </Suspense>
        )}
        <Logo compact={isSignedIn} />
        <SearchDropdown className="hidden max-w-sm min-w-0 md:block" />

        <nav aria-label="Main" className="ml-auto hidden items-center lg:flex">
          {links.map(({ label, to }) => (
            <NavLink key={label} to={to} className={headerLinkClass}>
              {label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2 lg:ml-0">
          <ThemeSwitch />
          <nav aria-label="Account" className="flex min-w-0 items-center gap-1.5">
            {isResolving ? (
              <Skeleton className="h-9 w-16 sm:w-24" />
            ) : isSignedIn ? (
              <>
                <Link
                  to="/account"
                  className={buttonVariants({
                    variant: "outline",
                    size: "sm",
                    className: "hidden lg:inline-flex",
                  })}
                >
                  Account
                </Link>
                <Suspense fallback={null}>
                  <UserMenu compact />
                </Suspense>
              </>
            ) : (
              <Link
                to="/auth"
                search={{ mode: "sign-up" }}
                className={buttonVariants({ size: "sm", className: "hidden sm:inline-flex" })}
              >
                Get Started
              </Link>
            )}
          </nav>
          <MobileMenu className="lg:hidden">
            {links.map(({ label, to }) => (
              <NavLink key={label} to={to} className={mobileMenuLinkClass}>
                {label}
              </NavLink>
            ))}
            {isSignedIn ? (
              <Link to="/account" className={buttonVariants({ className: "mt-2" })}>
                Account
              </Link>
            ) : (
              <Link to="/auth" search={{ mode: "sign-up" }} className={buttonVariants({ className: "mt-2" })}>
                Get Started
              </Link>
            )}
          </MobileMenu>
        </div>
      </div>
      <div className="border-t border-border/60 px-3 py-2 md:hidden">
        <SearchDropdown />
      </div>
    </header>
  );
}
