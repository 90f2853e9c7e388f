import { Link } from "@tanstack/react-router";
import { CheckCircle2, Hourglass } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import type { Achievement, AchievementList } from "~/domain/contract/achievements";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { cn } from "~/web/lib/cn";
import { formatDate } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { AchievementIcon } from "./achievement-icon";
import { useAchievements } from "./achievements-api";
import { TierBadge, tierTileStyles } from "./tier-badge";

const LOAD_FAILED = "Failed to load your achievements";
const formatNumber = (value: number) => value.toLocaleString("en-US");

/** /achievements (spec 3 §2 Achievements): every milestone with its tier and the learner's progress. */
export function AchievementsPage() {
  usePageMeta({
    title: "Learning Milestones",
    description:
      "Bronze, Silver, Gold and Platinum milestones for quizzes, reviews, streaks, themes and friends.",
  });
  const list = useAchievements();

  useEffect(() => {
    if (list.isError) notify.error(LOAD_FAILED, list.error.message);
  }, [list.isError, list.error]);

  return (
    <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-1 flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Learning Milestones</h1>
        <p className="text-sm text-muted-foreground">
          Earned by recalling what you heard: quizzes, reviews, daily streaks, mastered themes and friends.
        </p>
        {list.isSuccess && (
          <p className="text-sm font-medium tabular-nums">
            {formatNumber(list.data.earnedCount)} of {formatNumber(list.data.achievements.length)} earned
          </p>
        )}
      </header>
      {list.isPending ? (
        <AchievementsSkeleton />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>{LOAD_FAILED}</LoadError>
      ) : (
        <AchievementSections list={list.data} />
      )}
    </div>
  );
}

function AchievementsSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        Loading your achievements
      </span>
      <Skeleton className="h-6 w-32" />
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder.
          <Skeleton key={index} className="h-36 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

function AchievementSections({ list }: { list: AchievementList }) {
  const earned = list.achievements.filter((item) => item.earnedAt);
  const inProgress = list.achievements.filter((item) => !item.earnedAt);
  return (
    <>
      <Section
        id="achievements-earned"
        title="Earned"
        count={earned.length}
        icon={<CheckCircle2 aria-hidden="true" className="size-5 text-success" />}
      >
        {earned.length ? (
          <AchievementGrid items={earned} />
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border px-5 py-6">
            <p className="text-sm text-muted-foreground">
              No milestones earned yet. Finish your first quiz to earn First Steps.
            </p>
            <Link to="/search" className={buttonVariants({ size: "sm" })}>
              Find an episode to quiz
            </Link>
          </div>
        )}
      </Section>
      {inProgress.length > 0 && (
        <Section
          id="achievements-in-progress"
          title="In progress"
          count={inProgress.length}
          icon={<Hourglass aria-hidden="true" className="size-5 text-primary" />}
        >
          <AchievementGrid items={inProgress} />
        </Section>
      )}
    </>
  );
}

function Section({
  id,
  title,
  count,
  icon,
  children,
}: {
  id: string;
  title: string;
  count: number;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
        <span className="text-sm font-normal text-muted-foreground tabular-nums">({count})</span>
      </h2>
      {children}
    </section>
  );
}

function AchievementGrid({ items }: { items: Achievement[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.id} className="flex">
          <AchievementCard achievement={item} />
        </li>
      ))}
    </ul>
  );
}

function AchievementCard({ achievement }: { achievement: Achievement }) {
  const { earnedAt, progress, requirementValue } = achievement;
  const titleId = `achievement-${achievement.slug}`;
  const progressText = `${formatNumber(progress)} / ${formatNumber(requirementValue)}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "flex w-full min-w-0 flex-col gap-3 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm",
        earnedAt ? "border-border" : "border-dashed border-border",
      )}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span
          className={cn(
            "flex size-11 shrink-0 items-center justify-center rounded-xl",
            earnedAt ? tierTileStyles[achievement.tier] : "bg-muted text-muted-foreground",
          )}
        >
          <AchievementIcon name={achievement.icon} className="size-6" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className="font-semibold break-words">
              {achievement.name}
            </h3>
            <TierBadge tier={achievement.tier} />
          </div>
          <p className="text-sm text-muted-foreground">{achievement.description}</p>
        </div>
      </div>
      <div className="mt-auto flex flex-col gap-1.5">
        <ProgressBar
          label={`${achievement.name} progress`}
          value={progress}
          max={requirementValue}
          valueText={`${progressText}${earnedAt ? ", earned" : ""}`}
          className="h-2"
          indicatorClassName={earnedAt ? "bg-success" : undefined}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-3 text-xs text-muted-foreground">
          <span className="tabular-nums">{progressText}</span>
          {earnedAt ? (
            <span>
              Earned <time dateTime={earnedAt}>{formatDate(earnedAt)}</time>
            </span>
          ) : (
            <span>In progress</span>
          )}
        </div>
      </div>
    </article>
  );
}
