import { Link, useRouterState } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { buttonVariants } from "~/web/components/ui/button";
import { iconButtonClass } from "~/web/components/ui/button-variants";
import { Skeleton } from "~/web/components/ui/skeleton";
import { StatBadges } from "~/web/features/account/components/stat-badges";
import { ThemeSwitch } from "~/web/features/account/components/theme-switch";
import { ReviewDueBadge } from "~/web/features/learning/review-due-badge";
import { cn } from "~/web/lib/cn";
import { useSession } from "~/web/lib/session";
import { HeaderSearch } from "./header-search";
import { headerLinkClass, Logo } from "./logo";
import { MobileMenu, mobileMenuLinkClass } from "./mobile-menu";
import type { NavItem } from "./nav-items";
import { NavLink } from "./nav-link";
import { SidebarButton } from "./sidebar-button";
import { UserMenu } from "./user-menu";

type HeaderLink = Omit<NavItem, "icon">;

/** Spec 1 §2 header links. */
const signedInLinks: HeaderLink[] = [
  { label: "Search", to: "/search" },
  { label: "Insights", to: "/feed" },
  { label: "Progress", to: "/knowledge" },
];
const signedOutLinks: HeaderLink[] = [
  { label: "Episodes", to: "/search" },
  { label: "Insights", to: "/feed" },
  { label: "About", to: "/about" },
];

/**
 * The top header of every screen except the landing page: logo, search box (not on /search),
 * links, the level and streak badges, the theme switch and the account controls.
 */
export default function Header() {
  const { isSignedIn, isResolving } = useSession();
  const isOnSearch = useRouterState({ select: (state) => state.location.pathname.startsWith("/search") });
  const links = isSignedIn ? signedInLinks : signedOutLinks;

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      {/* A container: beside the sidebar the row has up to 320 px less than the window, so what it
          shows follows its own width, not the window's. */}
      <div className="@container mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        {isSignedIn && <SidebarButton />}
        <Logo compact={isSignedIn} />

        {!isOnSearch && <HeaderSearch className="hidden w-full max-w-xs min-w-32 @2xl:block @5xl:max-w-sm" />}

        <nav aria-label="Main" className="ml-auto hidden items-center @4xl:flex">
          {!isResolving &&
            links.map(({ label, to }) => (
              <NavLink key={label} to={to} className={headerLinkClass}>
                {label}
              </NavLink>
            ))}
        </nav>

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2 @4xl:ml-0">
          {!isOnSearch && !isSignedIn && (
            <Link to="/search" aria-label="Search" className={cn(iconButtonClass, "size-9 @2xl:hidden")}>
              <Search aria-hidden="true" className="size-4" />
            </Link>
          )}
          {isSignedIn && <ReviewDueBadge />}
          {isSignedIn && <StatBadges />}
          {/* Signed in on a phone the level and XP take its place; the theme moves into the menu. */}
          <ThemeSwitch className={isSignedIn ? "hidden sm:inline-flex" : undefined} />
          <nav aria-label="Account" aria-busy={isResolving} className="flex min-w-0 items-center gap-1.5">
            {isResolving ? (
              <Skeleton className="h-9 w-16 sm:w-24" />
            ) : isSignedIn ? (
              <UserMenu />
            ) : (
              <>
                <Link
                  to="/auth"
                  search={{ mode: "sign-in" }}
                  className={buttonVariants({
                    variant: "ghost",
                    size: "sm",
                    className: "hidden sm:inline-flex",
                  })}
                >
                  Login
                </Link>
                <Link
                  to="/auth"
                  search={{ mode: "sign-up" }}
                  className={buttonVariants({ size: "sm", className: "hidden sm:inline-flex" })}
                >
                  Get Started
                </Link>
              </>
            )}
          </nav>
          {!isSignedIn && !isResolving && (
            <MobileMenu className="@4xl:hidden">
              {links.map(({ label, to }) => (
                <NavLink key={label} to={to} className={mobileMenuLinkClass}>
                  {label}
                </NavLink>
              ))}
              <Link to="/auth" search={{ mode: "sign-in" }} className={mobileMenuLinkClass}>
                Login
              </Link>
              <Link to="/auth" search={{ mode: "sign-up" }} className={buttonVariants({ className: "mt-2" })}>
                Get Started
              </Link>
            </MobileMenu>
          )}
          {isSignedIn && (
            <MobileMenu className="@4xl:hidden">
              {links.map(({ label, to }) => (
                <NavLink key={label} to={to} className={mobileMenuLinkClass}>
                  {label}
                </NavLink>
              ))}
              <div className="mt-2 flex items-center justify-between gap-3 px-3 sm:hidden">
                <span className="text-sm font-medium text-muted-foreground">Theme</span>
                <ThemeSwitch />
              </div>
            </MobileMenu>
          )}
        </div>
      </div>
    </header>
  );
}
