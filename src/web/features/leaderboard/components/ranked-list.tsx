import { Link } from "@tanstack/react-router";
import { Trophy, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";

export type RankedPlayer = {
  userId: string;
  name: string | null;
  handle: string | null;
  avatarUrl: string | null;
  rank: number;
};

const placeNames = ["1st place", "2nd place", "3rd place"] as const;
// Gold, silver, bronze; each legible on both themes.
const trophyColours = [
  "text-amber-500 dark:text-amber-400",
  "text-slate-500 dark:text-slate-300",
  "text-orange-700 dark:text-orange-400",
] as const;

/**
 * The rank: a trophy for ranks 1 to 3 (named for screen readers), else "#n". Tied players share a
 * rank, so more than three can hold a trophy; a score of 0 earns none.
 */
export function RankBadge({ rank, hasScore }: { rank: number; hasScore: boolean }) {
  const place = hasScore ? placeNames[rank - 1] : undefined;
  return (
    <span className="flex w-10 shrink-0 items-center justify-center text-sm font-semibold tabular-nums text-muted-foreground">
      {place ? (
        <Trophy role="img" aria-label={place} className={cn("size-6", trophyColours[rank - 1])} />
      ) : (
        `#${rank}`
      )}
    </span>
  );
}

/** A player's avatar and name, linking to their profile. */
export function PlayerIdentity({
  player,
  isYou = false,
}: {
  player: Omit<RankedPlayer, "rank">;
  isYou?: boolean;
}) {
  const name = player.name || "User";
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      {/* Decorative: the name is right next to it. */}
      <ImageWithFallback
        src={player.avatarUrl}
        icon={UserRound}
        iconClassName="size-5"
        loading="lazy"
        className="size-10 rounded-full"
      />
      <div className="flex min-w-0 flex-col">
        <Link
          to="/profile"
          search={{ userId: player.userId }}
          className="truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          {name}
          {isYou && <span className="text-muted-foreground"> (you)</span>}
        </Link>
        {player.handle && <span className="truncate text-xs text-muted-foreground">@{player.handle}</span>}
      </div>
    </div>
  );
}

/** A ranked tab's rows, or the empty state; `stat` renders each player's number (XP or score). */
export function RankedList<T extends RankedPlayer>({
  label,
  players,
  viewerId,
  stat,
}: {
  label: string;
  players: T[];
  viewerId: string;
  stat: (player: T) => { label: ReactNode; value: number };
}) {
  if (players.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
        No entries yet. Be the first!
      </p>
    );
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {players.map((player) => {
        const isYou = player.userId === viewerId;
        return (
          <li
            key={player.userId}
            className={cn(
              "flex items-center gap-2 rounded-xl border border-border bg-card p-2 pr-3 text-card-foreground sm:gap-3",
              isYou && "border-primary bg-primary/5",
            )}
          >
            <RankBadge rank={player.rank} hasScore={stat(player).value > 0} />
            <PlayerIdentity player={player} isYou={isYou} />
            <span className="shrink-0 text-right text-sm font-semibold tabular-nums">
              {stat(player).label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function RankedListSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-2">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="flex items-center gap-3 rounded-xl border border-border p-2">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-14" />
        </div>
      ))}
    </div>
  );
}
