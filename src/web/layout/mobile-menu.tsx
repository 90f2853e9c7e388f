import { Menu } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { iconButtonClass } from "~/web/components/ui/button-variants";
import { cn } from "~/web/lib/cn";

// The panel loads when the menu is first opened (decision 012); the button is on the first render.
const MobileMenuPanel = lazy(() => import("./mobile-menu-panel"));

/**
 * A menu button that opens a modal panel from the right (native <dialog>: focus stays inside,
 * Escape closes). Closes on navigation and on a click on the backdrop.
 */
export function MobileMenu({ children, className }: { children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const [isLoaded, setLoaded] = useState(false);

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={cn(iconButtonClass, "size-10", className)}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {isLoaded && (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} setOpen={setOpen}>
            {children}
          </MobileMenuPanel>
        </Suspense>
      )}
    </>
  );
}

export const mobileMenuLinkClass =
  "flex h-11 items-center rounded-md px-3 text-base font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-secondary";
