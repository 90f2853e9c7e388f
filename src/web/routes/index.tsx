import { createFileRoute, Link } from "@tanstack/react-router";
import { BrainCircuit, type LucideIcon, Network, Sparkles } from "lucide-react";
import { lazy, Suspense } from "react";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { Card, CardContent, CardDescription, CardTitle } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { readSignedInHint } from "~/web/features/account/preferences";
import { useSession } from "~/web/features/account/session";
import { homeQueryOptions } from "~/web/features/catalog/api";
import {
  FeaturedEpisode,
  LatestInsights,
  RecentEpisodes,
} from "~/web/features/catalog/components/home-sections";
import { usePageMeta } from "~/web/lib/page-meta";
import { isHydrating } from "~/web/lib/prerender-handoff";

// Signed in, the home page is the learning hub: its own chunk, which the landing page never loads.
const LearningHub = lazy(() => import("~/web/features/catalog/components/learning-hub"));

export const Route = createFileRoute("/")({
  // The home page is where most visits start: keep it in the entry chunk, so its first paint does
  // not wait for a second round trip.
  codeSplitGroupings: [],
  // Start loading the home lists alongside the session, without holding the page back.
  // Not while the prerendered landing is about to hydrate: its lists must still be skeletons then.
  loader: ({ context }) => {
    if (!isHydrating()) void context.queryClient.prefetchQuery(homeQueryOptions);
  },
  component: HomePage,
});

function HomePage() {
  const { user, profile, isResolving } = useSession();
  if (isResolving && readSignedInHint()) return <HomeSkeleton />;
  if (user) {
    return (
      <Suspense fallback={<HomeSkeleton />}>
        <LearningHub name={profile?.name || user.name || "User"} />
      </Suspense>
    );
  }
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

/** Spec 1 §2: signed out, a hero, the featured and recent episodes, latest insights and the feature cards. */
function Landing() {
  usePageMeta({});
  return (
    <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <section className="flex flex-col items-center py-14 text-center sm:py-20">
        <p className="rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
          Podcasts, remembered
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl">
          Learn from the world's <span className="text-primary">best conversations</span>
        </h1>
        <p className="mt-5 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
          Earmark turns the episodes you love into mind maps, quizzes and insights, so what you hear becomes
          what you know.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/auth" search={{ mode: "sign-up" }} className={buttonVariants({ size: "lg" })}>
            Get Started
          </Link>
          <Link to="/search" className={buttonVariants({ size: "lg", variant: "outline" })}>
            Browse Episodes
          </Link>
        </div>
      </section>

      <FeaturedEpisode />
      <RecentEpisodes />
      <LatestInsights />

      <section aria-labelledby="features-heading" className="py-10 pb-20">
        <h2 id="features-heading" className="mb-4 text-xl font-semibold tracking-tight sm:text-2xl">
          Why Earmark
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
