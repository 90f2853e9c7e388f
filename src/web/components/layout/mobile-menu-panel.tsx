import { useRouterState } from "@tanstack/react-router";
import { X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";

/** The mobile menu's modal panel (native <dialog>), loaded when the menu is first opened. */
export default function MobileMenuPanel({
  open,
  setOpen,
  children,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.href });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Close whenever the location changes (not on mount: the panel mounts to open).
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) {
      openedAt.current = pathname;
      setOpen(false);
    }
  }, [pathname, setOpen]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively.
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
  );
}
