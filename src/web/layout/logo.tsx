import { Link } from "@tanstack/react-router";
import { cn } from "~/web/lib/cn";

/** The Earmark mark: a folded-corner bookmark with sound bars. Decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" fill="none" className={cn("size-7", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M10 5h12a1.5 1.5 0 0 1 1.5 1.5v19.4a.9.9 0 0 1-1.45.71L16 22l-6.05 4.61a.9.9 0 0 1-1.45-.71V6.5A1.5 1.5 0 0 1 10 5Z"
        className="fill-accent"
      />
      <path
        d="M12.5 12v3.5M16 9.5v8.5M19.5 12v3.5"
        className="stroke-accent-foreground"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

export const headerLinkClass =
  "rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-foreground";

export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <Link
      to="/"
      className={cn(
        "-mx-1 flex shrink-0 items-center gap-2 rounded-md px-1 py-1 text-lg font-semibold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <LogoMark />
      <span className={cn(compact && "sr-only lg:not-sr-only")}>Earmark</span>
    </Link>
  );
}
