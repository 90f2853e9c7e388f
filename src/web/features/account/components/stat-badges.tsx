import { Flame } from "lucide-react";
import { levelProgress } from "~/domain/xp";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useStats } from "~/web/features/account/preferences";
import { cn } from "~/web/lib/cn";

/**
 * The level badge (level and a bar of xp mod 1000 over level × 1000) and the streak badge, each
 * with a placeholder while loading (spec 1 §4 Badges). Signed-in users only.
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
        <Skeleton className="h-8 w-12 rounded-full" />
      </div>
    );
  }

  const { current, needed } = levelProgress(data);
  return (
    <div className={cn("flex shrink-0 items-center gap-1.5", className)}>
      <div
        className="flex h-8 items-center gap-2 rounded-full border border-border bg-card px-2.5 text-xs font-semibold"
        title={`Level ${data.level}: ${current} of ${needed} XP`}
      >
        <span className="whitespace-nowrap">Lv {data.level}</span>
        <ProgressBar
          label={`Level ${data.level}`}
          value={current}
          max={needed}
          valueText={`Level ${data.level}, ${current} of ${needed} XP`}
          className="h-1.5 w-10"
          indicatorClassName="bg-accent"
        />
      </div>
      <div
        className="flex h-8 items-center gap-1 rounded-full border border-border bg-card px-2.5 text-xs font-semibold"
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
