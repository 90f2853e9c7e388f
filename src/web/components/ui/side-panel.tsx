import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { DialogHeader } from "./dialog-header";

/**
 * A details panel over the right edge (full width on phones) that opens without a Radix trigger: the
 * caller says where focus goes back on close (`onClosed`), because the element that opened it is
 * theirs. Title and description name the dialog for screen readers.
 */
export function SidePanel({
  isOpen,
  onClose,
  onClosed,
  title,
  description,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  onClosed: () => void;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col gap-4 overflow-y-auto border-l border-border bg-popover p-5 text-popover-foreground shadow-xl outline-none sm:p-6"
        >
          {isOpen && (
            <>
              <DialogHeader title={title} description={description} />
              {children}
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
