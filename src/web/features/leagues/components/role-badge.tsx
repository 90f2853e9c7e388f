import { Crown, UserRound } from "lucide-react";
import type { LeagueRoleName } from "~/domain/contract/leagues";

/** The viewer's (or a member's) role in a league, as words and an icon. */
export function RoleBadge({ role }: { role: LeagueRoleName }) {
  const Icon = role === "owner" ? Crown : UserRound;
  return (
    <span className="relative z-10 inline-flex shrink-0 items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
      <Icon aria-hidden="true" className="size-3" />
      {role === "owner" ? "Owner" : "Member"}
    </span>
  );
}
