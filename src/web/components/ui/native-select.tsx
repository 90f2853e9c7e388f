import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/web/lib/cn";

/** A styled native <select>: the platform's own picker, keyboard and screen-reader support. */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "flex h-10 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-2 pr-10 pl-3 text-base text-foreground shadow-xs sm:text-sm",
          "transition-[border-color,box-shadow] outline-none",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/45",
          "aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-60",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
