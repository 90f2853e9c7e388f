import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { SocialUser } from "~/domain/contract/social";
import { Skeleton } from "~/web/components/ui/skeleton";
import { UserAvatar } from "./user-avatar";

export const displayName = (user: SocialUser) => user.name || "User";

/** One person in a list: picture, name linking to their profile, handle and level, then actions. */
export function UserRow({
  user,
  detail,
  children,
}: {
  user: SocialUser;
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card px-3 py-2.5">
      <UserAvatar src={user.avatarUrl} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Link
          to="/profile"
          search={{ userId: user.userId }}
          className="truncate rounded-sm font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {displayName(user)}
        </Link>
        <span className="truncate text-sm text-muted-foreground">
          {user.handle ? `@${user.handle} · ` : ""}Level {user.level}
          {detail}
        </span>
      </div>
      {children && <div className="flex shrink-0 flex-wrap items-center gap-2">{children}</div>}
    </li>
  );
}

export function UserRowsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
        <div key={index} className="flex items-center gap-3 rounded-lg border border-border px-3 py-2.5">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** An empty list: an icon, what is missing, and what to do about it. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-4 py-10 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
        {icon}
      </span>
      <p className="font-medium">{title}</p>
      {children && <p className="max-w-sm text-sm text-muted-foreground">{children}</p>}
    </div>
  );
}
