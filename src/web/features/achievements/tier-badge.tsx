import { Medal } from "lucide-react";
import type { AchievementTier } from "~/domain/contract/achievements";
import { cn } from "~/web/lib/cn";

const tierLabels: Record<AchievementTier, string> = {
  bronze: "Bronze",
  silver: "Silver",
  gold: "Gold",
  platinum: "Platinum",
};

/** Colours per tier in both themes; the tier's name is always written out, never colour alone. */
const tierStyles: Record<AchievementTier, string> = {
  bronze:
    "border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-200",
  silver:
    "border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100",
  gold: "border-yellow-400 bg-yellow-50 text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-200",
  platinum:
    "border-cyan-300 bg-cyan-50 text-cyan-900 dark:border-cyan-700 dark:bg-cyan-950 dark:text-cyan-100",
};

/** The icon tile's tint, matching the badge. */
export const tierTileStyles: Record<AchievementTier, string> = {
  bronze: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300",
  silver: "bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  gold: "bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300",
  platinum: "bg-cyan-100 text-cyan-800 dark:bg-cyan-950 dark:text-cyan-200",
};

export function TierBadge({ tier }: { tier: AchievementTier }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium",
        tierStyles[tier],
      )}
    >
      <Medal aria-hidden="true" className="size-3.5" />
      {tierLabels[tier]}
    </span>
  );
}
