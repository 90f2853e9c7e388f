import type { UnlockedAchievement } from "~/domain/contract/achievements";
import { notify } from "~/web/components/ui/toaster";

/**
 * "Achievement unlocked: {name}" after a quiz finish or a review rating that earned one (decision
 * 022). One toast shows at a time, so further unlocks of the same event go in its description.
 */
export function notifyAchievements(unlocked: readonly UnlockedAchievement[] | undefined): void {
  const [first, ...rest] = unlocked ?? [];
  if (!first) return;
  notify.success(
    `Achievement unlocked: ${first.name}`,
    rest.length
      ? `Also unlocked: ${rest.map((item) => item.name).join(", ")}. See them all on Achievements.`
      : "See your milestones on Achievements.",
  );
}
