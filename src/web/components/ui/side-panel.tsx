import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { buttonVariants } from "./button-variants";

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
              <div className="flex items-start justify-between gap-4">
                <div className="flex min-w-0 flex-col gap-1">
                  <DialogPrimitive.Title className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
                    {title}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description className="text-sm text-muted-foreground">
                    {description}
                  </DialogPrimitive.Description>
                </div>
                <DialogPrimitive.Close className={buttonVariants({ variant: "ghost", size: "icon-sm" })}>
                  <X aria-hidden="true" />
                  <span className="sr-only">Close</span>
                </DialogPrimitive.Close>
              </div>
              {children}
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
