import { Link } from "@tanstack/react-router";
import { Award, GraduationCap, Target } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import type { KnowledgeProfile, KnowledgeThemeStanding } from "~/domain/contract/knowledge";
import { AVERAGE_POINTS_SCALE } from "~/domain/knowledge";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { usePageMeta } from "~/web/lib/page-meta";
import { ConceptMapSection } from "./concept-map";
import { useKnowledgeProfile } from "./knowledge-api";
import { ThemeIcon } from "./theme-icon";

const LOAD_FAILED = "Failed to load your knowledge profile";
const formatNumber = (value: number) => value.toLocaleString("en-US");

/** /knowledge (spec 3 §2 Knowledge, §9): the learning profile by theme, then the concept map. */
export function KnowledgePage() {
  usePageMeta({
    title: "Knowledge",
    description:
      "Your learning profile by theme: levels, progress, mastered themes and what to focus on next.",
  });
  const profile = useKnowledgeProfile();

  useEffect(() => {
    if (profile.isError) notify.error(LOAD_FAILED, profile.error.message);
  }, [profile.isError, profile.error]);

  return (
    <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-1 flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Knowledge</h1>
        <p className="text-sm text-muted-foreground">
          What your quiz answers say you know, theme by theme, and where each idea was said.
        </p>
      </header>
      {profile.isPending ? (
        <KnowledgeSkeleton />
      ) : profile.isError ? (
        <LoadError onRetry={() => void profile.refetch()}>{LOAD_FAILED}</LoadError>
      ) : (
        <KnowledgeOverview profile={profile.data} />
      )}
    </div>
  );
}

function KnowledgeSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <span className="sr-only" role="status">
        Loading your knowledge profile
      </span>
      <Skeleton className="h-24 w-full rounded-2xl" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder.
          <Skeleton key={index} className="h-48 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

function KnowledgeOverview({ profile }: { profile: KnowledgeProfile }) {
  const byId = new Map(profile.themes.map((theme) => [theme.id, theme]));
  const pick = (ids: string[]) => ids.flatMap((id) => byId.get(id as KnowledgeThemeStanding["id"]) ?? []);
  const hasAnswers = profile.answeredCount > 0;
  return (
    <>
      {hasAnswers ? (
        <>
          <AverageBar profile={profile} />
          <div className="grid gap-6 lg:grid-cols-2">
            <Section title="Mastered" icon={<Award aria-hidden="true" className="size-5 text-success" />}>
              <ThemeChips
                themes={pick(profile.mastered)}
                empty="No mastered themes yet. A theme is mastered once it reaches Expert (4,000 points)."
              />
            </Section>
            <Section
              title="Recommended focus"
              icon={<Target aria-hidden="true" className="size-5 text-primary" />}
            >
              <ThemeChips
                themes={pick(profile.focus)}
                empty="Nothing to focus on: every theme is Advanced or higher."
              />
            </Section>
          </div>
        </>
      ) : (
        <NoAnswers />
      )}
      <Section title="Themes">
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {profile.themes.map((theme) => (
            <li key={theme.id} className="flex">
              <ThemeCard theme={theme} />
            </li>
          ))}
        </ul>
      </Section>
      {hasAnswers && <ConceptMapSection />}
    </>
  );
}

function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  const id = `knowledge-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function NoAnswers() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
        <GraduationCap aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">No answers yet</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        Take a quiz on an episode and every answer counts towards its themes. Your levels, mastered themes and
        concept map start here.
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Link to="/search" className={buttonVariants()}>
          Find an episode to quiz
        </Link>
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          Go to Home
        </Link>
      </div>
    </div>
  );
}

function AverageBar({ profile }: { profile: KnowledgeProfile }) {
  return (
    <section
      aria-labelledby="knowledge-average"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="knowledge-average" className="text-lg font-semibold">
          Average points
        </h2>
        <p className="text-sm text-muted-foreground tabular-nums">
          <span className="text-2xl font-semibold text-foreground">
            {formatNumber(profile.averagePoints)}
          </span>{" "}
          of {formatNumber(AVERAGE_POINTS_SCALE)}
        </p>
      </div>
      <ProgressBar
        label="Average points across the 8 themes"
        value={Math.min(profile.averagePoints, AVERAGE_POINTS_SCALE)}
        max={AVERAGE_POINTS_SCALE}
        valueText={`${formatNumber(profile.averagePoints)} of ${formatNumber(AVERAGE_POINTS_SCALE)} points (${profile.averagePercent}%)`}
        className="h-3"
      />
      <p className="text-xs text-muted-foreground">
        From {formatNumber(profile.answeredCount)} answer{profile.answeredCount === 1 ? "" : "s"}. The bar is
        full at 6,000 points, the start of Master.
      </p>
    </section>
  );
}

function ThemeChips({ themes, empty }: { themes: KnowledgeThemeStanding[]; empty: string }) {
  if (!themes.length) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {themes.map((theme) => (
        <li
          key={theme.id}
          className="flex min-w-0 items-center gap-3 rounded-xl border border-border bg-card px-3 py-2.5 text-card-foreground"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
            <ThemeIcon name={theme.icon} className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{theme.name}</span>
            <span className="block text-xs text-muted-foreground">
              {theme.level} · {formatNumber(theme.points)} points
              {theme.total > 0 ? ` · ${theme.accuracy}% correct` : " · not started"}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function ThemeCard({ theme }: { theme: KnowledgeThemeStanding }) {
  const headingId = `theme-${theme.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full min-w-0 flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
          <ThemeIcon name={theme.icon} className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className="leading-tight font-semibold">
            {theme.name}
          </h3>
          <p className="text-sm font-medium text-primary">{theme.level}</p>
        </div>
      </div>
      <p className="flex-1 text-sm text-muted-foreground">{theme.description}</p>
      <ProgressBar
        label={`${theme.name}: progress in ${theme.level}`}
        value={theme.progress}
        max={100}
        valueText={`${theme.progress}% through ${theme.level}`}
        className="h-2"
      />
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground tabular-nums">
        <span>
          <span className="font-semibold text-foreground">{formatNumber(theme.points)}</span> points
        </span>
        <span>{theme.total > 0 ? `${theme.correct} of ${theme.total} correct` : "Not started"}</span>
      </p>
    </article>
  );
}
