import { Flame } from "lucide-react";
import { levelProgress } from "~/domain/xp";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useStats } from "~/web/features/account/preferences";
import { cn } from "~/web/lib/cn";

const xpFormats = {
  standard: new Intl.NumberFormat("en-US"),
  compact: new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }),
};

/** "340", "9,870", then "12.3K": the badge stays narrow enough for a 360 px header. */
export function formatXp(xp: number): string {
  return (xp >= 10_000 ? xpFormats.compact : xpFormats.standard).format(xp);
}

/**
 * The level badge (level and a bar of xp mod 1000 over level × 1000) and the streak badge, each
 * with a placeholder while loading (spec 1 §4 Badges). Signed-in users only. On phones the XP number
 * takes the bar's place and the streak badge waits for more room (decision 018).
 */
export function StatBadges({ className }: { className?: string }) {
  const { data, isPending, isError } = useStats();

  if (isPending || isError) {
    // Failures to load XP or the streak are only logged (spec 1 §8); the placeholders stay.
    return (
      <div className={cn("flex items-center gap-1.5", className)} data-testid="stat-badges-loading">
        <span className="sr-only" role="status">
          Loading your level and streak
        </span>
        <Skeleton className="h-8 w-20 rounded-full" />
        <Skeleton className="hidden h-8 w-12 rounded-full sm:block" />
      </div>
    );
  }

  const { current, needed } = levelProgress(data);
  return (
    <div className={cn("flex shrink-0 items-center gap-1.5", className)}>
      <div
        className="flex h-8 items-center gap-1.5 rounded-full border border-border bg-card px-2 text-xs font-semibold sm:gap-2 sm:px-2.5"
        title={`Level ${data.level}: ${current} of ${needed} XP (${data.xp} XP in all)`}
      >
        <span className="whitespace-nowrap">Lv {data.level}</span>
        <ProgressBar
          label={`Level ${data.level}`}
          value={current}
          max={needed}
          valueText={`Level ${data.level}, ${current} of ${needed} XP`}
          className="hidden h-1.5 w-10 sm:block"
          indicatorClassName="bg-accent"
        />
        <span
          className="whitespace-nowrap text-muted-foreground tabular-nums sm:hidden"
          data-testid="xp-total"
        >
          {formatXp(data.xp)} XP
        </span>
      </div>
      <div
        className="hidden h-8 items-center gap-1 rounded-full border border-border bg-card px-2.5 text-xs font-semibold sm:flex"
        title={`${data.streak}-day streak`}
      >
        <Flame
          aria-hidden="true"
          className={cn("size-3.5", data.streak > 0 ? "text-accent" : "text-muted-foreground")}
        />
        <span aria-hidden="true">{data.streak}</span>
        <span className="sr-only">{`${data.streak}-day streak`}</span>
      </div>
    </div>
  );
}
