import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { buttonVariants } from "./button-variants";

/** A Radix dialog's title, optional description and Close button: what names the dialog for screen readers. */
export function DialogHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <DialogPrimitive.Title className="text-lg leading-tight font-semibold tracking-tight [overflow-wrap:anywhere]">
          {title}
        </DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            {description}
          </DialogPrimitive.Description>
        )}
      </div>
      <DialogPrimitive.Close className={buttonVariants({ variant: "ghost", size: "icon-sm" })}>
        <X aria-hidden="true" />
        <span className="sr-only">Close</span>
      </DialogPrimitive.Close>
    </div>
  );
}
