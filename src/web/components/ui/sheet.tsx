import { X } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "~/web/lib/cn";
import { iconButtonClass } from "./button-variants";

/**
 * A slide-in panel as a native modal <dialog>: focus is trapped and Escape closes it natively; a click
 * on the backdrop or the close button closes it too. The sidebar's sheet slides in from the left,
 * menus from the right (styles.css).
 */
export function Sheet({
  open,
  onOpenChange,
  side,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  /** Shown beside the close button. */
  title?: ReactNode;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop; Escape closes a modal dialog natively.
    <dialog
      ref={dialog}
      aria-label="Menu"
      // Escape fires "cancel" at once but "close" only in a later task: telling the owner on "cancel"
      // keeps its state true to what is shown, so a shortcut pressed in between toggles the right way.
      onCancel={() => onOpenChange(false)}
      // A late "close" from a dialog that has been opened again since must not shut it.
      onClose={(event) => {
        if (!event.currentTarget.open) onOpenChange(false);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn(
        "m-0 h-dvh max-h-none w-72 max-w-[85vw] border-border bg-card p-0 text-foreground backdrop:bg-black/50",
        side === "left" ? "sheet border-r" : "sheet-right ml-auto border-l",
      )}
    >
      <div className="flex h-full flex-col">
        <div
          className={cn(
            "flex h-14 items-center border-b border-border px-3",
            title ? "justify-between" : "justify-end",
          )}
        >
          {title}
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            aria-label="Close menu"
            className={cn(iconButtonClass, "size-9")}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
