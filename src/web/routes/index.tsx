import { createFileRoute, Link } from "@tanstack/react-router";
import { BrainCircuit, type LucideIcon, Network, Sparkles } from "lucide-react";
import type { SessionProfile, SessionUser } from "~/domain/session";
import { buttonVariants } from "~/web/components/ui/button";
import { Card, CardContent, CardDescription, CardTitle } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { useSession } from "~/web/features/account/api";

export const Route = createFileRoute("/")({
  component: HomePage,
});

function HomePage() {
  const { user, profile, isResolving } = useSession();
  if (isResolving) return <HomeSkeleton />;
  if (user) return <LearningHub user={user} profile={profile} />;
  return <Landing />;
}

const features: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: "AI-Powered Quizzes",
    description:
      "Check what stuck with short quizzes generated from every episode, then review at the right time.",
    icon: BrainCircuit,
  },
  {
    title: "Visual Mindmaps",
    description: "See how an episode's ideas connect, from the big themes down to the memorable details.",
    icon: Network,
  },
  {
    title: "Deep Insights",
    description: "Weekly posts that distil the sharpest ideas from the world's best conversations.",
    icon: Sparkles,
  },
];

function Landing() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <section className="flex flex-col items-center py-16 text-center sm:py-24">
        <p className="rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
          Podcasts, remembered
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl">
          Learn from the world's <span className="text-accent">best conversations</span>
        </h1>
        <p className="mt-5 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
          Earmark turns the episodes you love into mind maps, quizzes and insights, so what you hear becomes
          what you know.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/auth" search={{ mode: "sign-up" }} className={buttonVariants({ size: "lg" })}>
            Get Started
          </Link>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="pb-20">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ title, description, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full">
                <CardContent className="flex flex-col gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const XP_PER_LEVEL_STEP = 1000;

function LearningHub({ user, profile }: { user: SessionUser; profile: SessionProfile | null }) {
  const name = profile?.name || user.name || "User";
  const level = profile?.level ?? 1;
  const xp = profile?.xp ?? 0;
  // Spec 1 §9: XP needed per level is level × 1000; the bar shows xp mod 1000 over that.
  const needed = level * XP_PER_LEVEL_STEP;
  const current = xp % XP_PER_LEVEL_STEP;
  const percent = Math.min(100, Math.round((current / needed) * 100));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Your learning hub</h1>
      <p className="mt-2 text-muted-foreground">Good to see you, {name}.</p>

      <Card className="mt-8 max-w-md">
        <CardContent className="flex flex-col gap-4">
          <div className="flex items-baseline justify-between gap-4">
            <p className="text-lg font-semibold">Level {level}</p>
            <p className="text-sm text-muted-foreground">{xp.toLocaleString("en-US")} XP</p>
          </div>
          <div
            role="progressbar"
            aria-label="Level progress"
            aria-valuemin={0}
            aria-valuemax={needed}
            aria-valuenow={current}
            aria-valuetext={`${current} of ${needed} XP`}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function HomeSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-4 px-4 py-24 sm:px-6">
      <span className="sr-only" role="status">
        Loading
      </span>
      <Skeleton className="h-10 w-full max-w-xl" />
      <Skeleton className="h-5 w-full max-w-md" />
      <Skeleton className="mt-4 h-11 w-36" />
    </div>
  );
}
