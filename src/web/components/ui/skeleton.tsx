import type { ComponentProps } from "react";
import { cn } from "~/web/lib/cn";

/** A placeholder block shown while content loads. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("motion-safe:animate-shimmer rounded-md bg-muted", className)}
      {...props}
    />
  );
}
