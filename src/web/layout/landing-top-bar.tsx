import { Link } from "@tanstack/react-router";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { ThemeSwitch } from "~/web/features/account/components/theme-switch";
import { SearchDropdown } from "~/web/features/catalog/components/search-dropdown";
import { headerLinkClass, Logo } from "./logo";
import { MobileMenu, mobileMenuLinkClass } from "./mobile-menu";
import type { NavItem } from "./nav-items";
import { NavLink } from "./nav-link";

type TopBarLink = Omit<NavItem, "icon">;

/** Spec 1 §2 landing top bar links. */
const links: TopBarLink[] = [
  { label: "Episodes", to: "/search" },
  { label: "Insights", to: "/feed" },
  { label: "About", to: "/about" },
];

/**
 * The signed-out landing page's top bar: search as you type, links, Get Started, and a mobile menu.
 * Signed in, "/" has the header of every other page (decision 018), so this bar has no signed-in
 * state to carry in the landing's first load.
 */
export function LandingTopBar() {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Logo />
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
            <Link
              to="/auth"
              search={{ mode: "sign-up" }}
              className={buttonVariants({ size: "sm", className: "hidden sm:inline-flex" })}
            >
              Get Started
            </Link>
          </nav>
          <MobileMenu className="lg:hidden">
            {links.map(({ label, to }) => (
              <NavLink key={label} to={to} className={mobileMenuLinkClass}>
                {label}
              </NavLink>
            ))}
            <Link to="/auth" search={{ mode: "sign-up" }} className={buttonVariants({ className: "mt-2" })}>
              Get Started
            </Link>
          </MobileMenu>
        </div>
      </div>
      <div className="border-t border-border/60 px-3 py-2 md:hidden">
        <SearchDropdown />
      </div>
    </header>
  );
}
