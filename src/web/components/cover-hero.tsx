import type { ReactNode } from "react";
import { cn } from "~/web/lib/cn";

/** How wide the square cover is on each page that shows one; the page and its skeleton share it. */
const COVER_WIDTHS = {
  episode: "max-w-60 @lg:w-48 @2xl:w-56",
  podcast: "max-w-48 @lg:w-44 @2xl:w-48",
} as const;

/** A square cover's classes: rounded, and never shrunk beside a long title. */
export function coverClass(page: keyof typeof COVER_WIDTHS, className?: string): string {
  return cn("aspect-square w-full shrink-0 rounded-2xl", COVER_WIDTHS[page], className);
}

/**
 * A cover beside a page's title block, one above the other until the page itself is 32 rem wide. The
 * wrapper is a container: beside the open sidebar the page is narrower than the window (decision 067).
 */
export function CoverHero({ cover, children }: { cover: ReactNode; children: ReactNode }) {
  return (
    <div className="@container">
      <div className="flex flex-col gap-5 @lg:flex-row @lg:items-end">
        {cover}
        {children}
      </div>
    </div>
  );
}
