import type { ReactNode } from "react";
import { cn } from "~/web/lib/cn";

/** The centred column of a detail page (podcast, person, review), with its page padding. */
export function PageFrame({ children, width = "wide" }: { children: ReactNode; width?: "wide" | "narrow" }) {
  return (
    <div
      className={cn(
        "mx-auto flex w-full flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8",
        width === "wide" ? "max-w-4xl" : "max-w-2xl",
      )}
    >
      {children}
    </div>
  );
}
