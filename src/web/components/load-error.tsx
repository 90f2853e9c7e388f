import type { ReactNode } from "react";
import { Button } from "~/web/components/ui/button";
import { cn } from "~/web/lib/cn";

/** A failed load in place of the content it stands for, with a way to try again. */
export function LoadError({
  title,
  children,
  onRetry,
  className,
}: {
  /** A page heading, when the error replaces the whole page. */
  title?: string;
  children: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={cn("flex flex-col items-start gap-3", className)}>
      {title && <h1 className="text-2xl font-semibold">{title}</h1>}
      <p className={title ? "text-muted-foreground" : "text-destructive"}>{children}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
