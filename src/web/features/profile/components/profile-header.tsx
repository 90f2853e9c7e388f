import { Bookmark, Sparkles, Star, Target, Trophy, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import type { ProfileSummary } from "~/domain/contract/profile";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";

/** The header card: avatar, name (or 'User'), @handle, then level, XP, points, accuracy and (own) saved. */
export function ProfileHeader({ profile }: { profile: ProfileSummary }) {
  const name = profile.name || "User";
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex min-w-0 items-center gap-4">
        <ImageWithFallback
          src={profile.avatarUrl}
          alt={`${name}'s avatar`}
          icon={UserRound}
          iconClassName="size-8"
          className="size-20 rounded-full sm:size-24"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{name}</h1>
          {profile.handle && <p className="truncate text-sm text-muted-foreground">@{profile.handle}</p>}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 min-[480px]:grid-cols-3 sm:grid-cols-5">
        <Stat icon={<Trophy aria-hidden="true" className="size-4" />} label="Level" value={profile.level} />
        <Stat icon={<Sparkles aria-hidden="true" className="size-4" />} label="XP" value={profile.xp} />
        <Stat icon={<Star aria-hidden="true" className="size-4" />} label="Points" value={profile.points} />
        <Stat
          icon={<Target aria-hidden="true" className="size-4" />}
          label="Accuracy"
          value={profile.accuracy === null ? "—" : `${profile.accuracy}%`}
          hint={profile.accuracy === null ? "No answers yet" : undefined}
        />
        {profile.savedCount !== null && (
          <Stat
            icon={<Bookmark aria-hidden="true" className="size-4" />}
            label="Saved"
            value={profile.savedCount}
          />
        )}
      </dl>
    </Card>
  );
}

function Stat({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg bg-muted px-3 py-2">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums" title={hint}>
        {value}
        {hint && <span className="sr-only"> ({hint})</span>}
      </dd>
    </div>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading profile
      </p>
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full sm:size-24" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 min-[480px]:grid-cols-3 sm:grid-cols-5">
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} className="h-14" />
        ))}
      </div>
    </Card>
  );
}
