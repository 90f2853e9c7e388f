import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { lazy, memo, Suspense, useEffect } from "react";
import { buttonVariants } from "~/web/components/ui/button-variants";
import { Skeleton } from "~/web/components/ui/skeleton";
import { homeQueryOptions } from "~/web/features/catalog/api";
import { usePageMeta } from "~/web/lib/page-meta";
import { isHydrating } from "~/web/lib/prerender-handoff";
import { readSignedInHint, useSession } from "~/web/lib/session";

// Signed in, the home page is the learning hub with the Today card: its own chunk, which the landing
// page never loads.
const LearningHub = lazy(() => import("./-signed-in-home"));
// Below the hero: its own chunk, out of the landing's first load. Over the prerendered landing, React
// keeps the prerendered markup of this boundary until the chunk arrives, then hydrates it (decision 012).
const LandingSections = lazy(() => import("~/web/features/catalog/components/landing-sections"));

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

/** Spec 1 §2: signed out, a hero, the featured and recent episodes, latest insights and the feature cards. */
function Landing() {
  usePageMeta({});
  // After a hydration the loader has not prefetched the lists (see above): fetch them now, while the
  // sections' chunk loads, rather than once it has arrived.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(homeQueryOptions);
  }, [queryClient]);
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

      <DeferredLandingSections />
    </div>
  );
}

/**
 * memo: a re-render of the page (the session resolving) must not reach this boundary before it has
 * hydrated, or React would give up its prerendered markup and show the fallback.
 */
const DeferredLandingSections = memo(function DeferredLandingSections() {
  return (
    <Suspense fallback={<LandingSectionsSkeleton />}>
      <LandingSections />
    </Suspense>
  );
});

/** Client-side visits only, while the sections' chunk loads (a prerendered landing keeps its markup). */
function LandingSectionsSkeleton() {
  return (
    <div className="flex flex-col gap-6 py-8">
      <span className="sr-only" role="status">
        Loading episodes
      </span>
      <Skeleton className="h-64 w-full rounded-2xl" />
      <Skeleton className="h-48 w-full rounded-xl" />
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
