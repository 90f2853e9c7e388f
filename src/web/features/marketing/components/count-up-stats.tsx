import { useRef } from "react";
import { useCountUp } from "~/web/features/marketing/use-count-up";
import { cn } from "~/web/lib/cn";

export type CountUpStat = {
  /** The final text, e.g. "50-80%"; also what screen readers hear. */
  label: string;
  /** Renders the value at a progress between 0 and 1. */
  format: (progress: number) => string;
  caption: string;
};

const round = (value: number, progress: number) => Math.round(value * progress);

/** Spec 3 §9 hero claims: 50-80 % forgotten within 24 hours; 3x retention. */
export const learningStats: CountUpStat[] = [
  {
    label: "50-80%",
    format: (p) => `${round(50, p)}-${round(80, p)}%`,
    caption: "of what you hear in a conversation is gone within a day if you never revisit it.",
  },
  {
    label: "24 hrs",
    format: (p) => `${round(24, p)} hrs`,
    caption: "is all it takes for most of a great episode to fade, however closely you listened.",
  },
  {
    label: "3x",
    format: (p) => `${round(3, p)}x`,
    caption: "better retention when you test yourself at spaced intervals instead of re-listening.",
  },
];

/** Statistics that count up from zero once scrolled into view (final values with reduced motion). */
export function CountUpStats({ stats, className }: { stats: CountUpStat[]; className?: string }) {
  const ref = useRef<HTMLDListElement>(null);
  const progress = useCountUp(ref);
  return (
    <dl ref={ref} className={cn("grid gap-4 sm:grid-cols-3", className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col gap-2 rounded-xl border border-border bg-card p-6 text-center shadow-sm"
        >
          <dt className="sr-only">{stat.label}</dt>
          <dd
            aria-hidden="true"
            data-testid="count-up-value"
            data-final={stat.label}
            className="order-first text-4xl font-semibold tracking-tight text-primary tabular-nums sm:text-5xl"
          >
            {stat.format(progress)}
          </dd>
          <dd className="text-sm text-pretty text-muted-foreground">{stat.caption}</dd>
        </div>
      ))}
    </dl>
  );
}
