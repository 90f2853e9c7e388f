import { cn } from "~/web/lib/cn";
import { bottomTabs } from "./nav-items";
import { NavLink } from "./nav-link";

/** Mobile (< 768 px, signed in): Home, Discover, Progress, Friends, Profile (spec 1 §2). */
export function BottomTabs() {
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {bottomTabs.map(({ label, to, icon: Icon }) => (
          <li key={label} className="flex">
            <NavLink
              to={to}
              className={cn(
                "m-1 flex flex-1 flex-col items-center justify-center gap-0.5 rounded-md text-[0.7rem] font-medium text-muted-foreground outline-none",
                "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-primary",
              )}
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
