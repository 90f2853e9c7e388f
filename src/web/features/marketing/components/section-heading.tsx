import type { ReactNode } from "react";
import { cn } from "~/web/lib/cn";

/** Eyebrow, heading and intro of a marketing section; the heading id labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  className,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  align?: "center" | "left";
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex max-w-2xl flex-col gap-3",
        align === "center" ? "mx-auto items-center text-center" : "items-start",
        className,
      )}
    >
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <div className="text-base text-pretty text-muted-foreground sm:text-lg">{children}</div>}
    </div>
  );
}
