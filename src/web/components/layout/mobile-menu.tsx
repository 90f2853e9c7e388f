import { useRouterState } from "@tanstack/react-router";
import { Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "~/web/lib/cn";

/**
 * A menu button that opens a modal panel from the right (native <dialog>: focus stays inside,
 * Escape closes). Closes on navigation and on a click on the backdrop.
 */
export function MobileMenu({ children, className }: { children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.href });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the location changes.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={cn(
          "flex size-10 items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
          className,
        )}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively. */}
      <dialog
        ref={dialog}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="sheet-right m-0 ml-auto h-dvh max-h-none w-72 max-w-[85vw] border-l border-border bg-card p-0 text-foreground backdrop:bg-black/50"
      >
        <div className="flex h-full flex-col">
          <div className="flex h-14 items-center justify-end border-b border-border px-3">
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Close menu"
              className="flex size-9 items-center justify-center rounded-md outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="flex flex-1 flex-col gap-1 overflow-y-auto p-3">{children}</div>
        </div>
      </dialog>
    </>
  );
}

export const mobileMenuLinkClass =
  "flex h-11 items-center rounded-md px-3 text-base font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-secondary";
