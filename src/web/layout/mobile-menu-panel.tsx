import { useRouterState } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef } from "react";
import { Sheet } from "~/web/components/ui/sheet";

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
  const pathname = useRouterState({ select: (state) => state.location.href });

  // Close whenever the location changes (not on mount: the panel mounts to open).
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) {
      openedAt.current = pathname;
      setOpen(false);
    }
  }, [pathname, setOpen]);

  return (
    <Sheet open={open} onOpenChange={setOpen} side="right">
      <div className="flex flex-1 flex-col gap-1 overflow-y-auto p-3">{children}</div>
    </Sheet>
  );
}
