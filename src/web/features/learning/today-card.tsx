import { Link } from "@tanstack/react-router";
import { ArrowRight, Flame, Headphones, ListChecks, RotateCcw, Search, Target } from "lucide-react";
import type { NextStep, Today } from "~/domain/contract/today";
import { DAILY_XP_GOALS, type DailyXpGoal, goalPercent } from "~/domain/today";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Skeleton } from "~/web/components/ui/skeleton";
import { cn } from "~/web/lib/cn";
import { formatResumeAt } from "~/web/lib/format";
import { playEpisode } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";
import { useSetDailyGoal, useToday } from "./today-api";

const tileClass = "flex min-w-0 flex-col gap-1.5 rounded-xl border border-border bg-background/60 p-3";

/**
 * The learning loop at the top of the signed-in home (decision 018): cards due now, the streak and
 * whether today already counts, XP today against the daily goal (which the learner can change),
 * and the next step as the primary action. Its own chunk, like the hub around it.
 */
export default function TodayCard() {
  const { data, isPending, isError, refetch } = useToday();
  if (isPending) return <TodayCardSkeleton />;
  if (isError || !data) {
    return (
      <TodayFrame>
        <LoadError onRetry={() => void refetch()}>Today's progress could not be loaded.</LoadError>
      </TodayFrame>
    );
  }
  return (
    <TodayFrame goal={<GoalPicker goal={data.dailyGoal} />}>
      <div className="grid gap-3 sm:grid-cols-3">
        <DueTile count={data.dueCount} />
        <StreakTile streak={data.streak} />
        <XpTile xpToday={data.xpToday} goal={data.dailyGoal} />
      </div>
      <NextStepAction step={data.nextStep} />
    </TodayFrame>
  );
}

function TodayFrame({ goal, children }: { goal?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="today-heading"
      data-testid="today-card"
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id="today-heading" className="text-xl font-semibold tracking-tight sm:text-2xl">
          Today
        </h2>
        {goal}
      </div>
      {children}
    </section>
  );
}

export function TodayCardSkeleton() {
  return (
    <TodayFrame>
      <span className="sr-only" role="status">
        Loading today's progress
      </span>
      <div className="grid gap-3 sm:grid-cols-3">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
      <Skeleton className="h-11 w-full rounded-md sm:w-64" />
    </TodayFrame>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function DueTile({ count }: { count: number }) {
  const label = count >= 100 ? "99+" : String(count);
  return (
    <Link
      to="/review"
      data-testid="today-due"
      className={cn(tileClass, "outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring")}
    >
      <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <RotateCcw aria-hidden="true" className="size-3.5 text-primary" />
        Review
      </span>
      <span className="text-2xl font-semibold tabular-nums">{label}</span>{" "}
      <span className="text-sm text-muted-foreground">
        {count === 0 ? "No cards due" : `${count === 1 ? "card" : "cards"} due now`}
      </span>
    </Link>
  );
}

function StreakTile({ streak }: { streak: Today["streak"] }) {
  const { current, isTodayCounted } = streak;
  const message = isTodayCounted
    ? "Today counts"
    : current > 0
      ? `Answer a quiz question or review a card to keep your ${current}-day streak`
      : "Answer a quiz question or review a card to start a streak";
  return (
    <div className={tileClass} data-testid="today-streak">
      <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Flame
          aria-hidden="true"
          className={cn("size-3.5", current > 0 ? "text-accent" : "text-muted-foreground")}
        />
        Streak
      </span>
      <span className="text-2xl font-semibold tabular-nums">{plural(current, "day")}</span>{" "}
      <span className={cn("text-sm", isTodayCounted ? "font-medium text-primary" : "text-muted-foreground")}>
        {message}
      </span>
    </div>
  );
}

function XpTile({ xpToday, goal }: { xpToday: number; goal: number }) {
  const isReached = xpToday >= goal;
  return (
    <div className={tileClass} data-testid="today-xp">
      <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Target aria-hidden="true" className="size-3.5 text-primary" />
        Daily goal
      </span>
      <span className="text-2xl font-semibold tabular-nums">
        {xpToday} <span className="text-base font-medium text-muted-foreground">/ {goal} XP</span>
      </span>
      <ProgressBar
        label="XP today"
        value={Math.min(xpToday, goal)}
        max={goal}
        valueText={`${xpToday} of ${goal} XP today (${goalPercent(xpToday, goal)} %)`}
        className="h-2"
      />
      <span className="text-sm text-muted-foreground">
        {isReached ? "Goal reached. Nice work!" : `${goal - xpToday} XP to go`}
      </span>
    </div>
  );
}

/** Segmented buttons for the daily goal: the chosen one is pressed; changing it is optimistic. */
function GoalPicker({ goal }: { goal: DailyXpGoal }) {
  const setGoal = useSetDailyGoal();
  return (
    <fieldset className="flex min-w-0 items-center gap-2">
      <legend className="sr-only">Daily XP goal</legend>
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
        Goal
      </span>
      <div className="flex rounded-lg border border-border bg-background/60 p-0.5">
        {DAILY_XP_GOALS.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={choice === goal}
            aria-label={`${choice} XP a day`}
            onClick={() => {
              if (choice !== goal) setGoal.mutate(choice);
            }}
            className={cn(
              "h-8 min-w-10 rounded-md px-2 text-xs font-semibold tabular-nums outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
              choice === goal
                ? "bg-primary text-primary-foreground shadow-sm"
                : "text-muted-foreground hover:bg-muted hover:text-foreground",
            )}
          >
            {choice}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

const actionClass = buttonVariants({ size: "lg", className: "w-full min-w-0 justify-between sm:w-auto" });

function ActionLabel({ text, detail }: { text: string; detail?: string }) {
  return (
    <>
      <span className="min-w-0 truncate">{text}</span>
      {detail && <span className="shrink-0 text-sm font-normal opacity-80">{detail}</span>}
      <ArrowRight aria-hidden="true" />
    </>
  );
}

/** The next suggested step as the card's primary button (the order is the server's, decision 018). */
function NextStepAction({ step }: { step: NextStep }) {
  const frame = (icon: React.ReactNode, action: React.ReactNode) => (
    <div className="flex min-w-0 items-center gap-3" data-testid="today-next-step">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:flex [&_svg]:size-5">
        {icon}
      </span>
      {action}
    </div>
  );
  switch (step.kind) {
    case "review":
      return frame(
        <RotateCcw aria-hidden="true" />,
        <Link to="/review" className={actionClass}>
          <ActionLabel text={`Review ${plural(step.count >= 100 ? 99 : step.count, "card")}`} />
        </Link>,
      );
    case "quiz":
      return frame(
        <ListChecks aria-hidden="true" />,
        <Link
          to="/quiz/$episodeId"
          params={{ episodeId: step.episode.id }}
          className={actionClass}
          title={`Take the quiz: ${step.episode.title}`}
        >
          <ActionLabel text={`Take the quiz: ${step.episode.title}`} />
        </Link>,
      );
    case "continue": {
      const playable = toPlayableEpisode(step.episode);
      const text = `Continue listening: ${step.episode.title}`;
      const detail = formatResumeAt(step.positionSeconds);
      return frame(
        <Headphones aria-hidden="true" />,
        playable ? (
          <button
            type="button"
            className={actionClass}
            title={text}
            onClick={() => void playEpisode(playable)}
          >
            <ActionLabel text={text} detail={detail} />
          </button>
        ) : (
          <Link
            to="/episode/$episodeId"
            params={{ episodeId: step.episode.id }}
            className={actionClass}
            title={text}
          >
            <ActionLabel text={text} detail={detail} />
          </Link>
        ),
      );
    }
    case "discover":
      return frame(
        <Search aria-hidden="true" />,
        <Link to="/search" className={actionClass}>
          <ActionLabel text={step.hasListened ? "Find your next episode" : "Find your first episode"} />
        </Link>,
      );
  }
}
