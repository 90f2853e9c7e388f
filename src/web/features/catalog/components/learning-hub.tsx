import type { ReactNode } from "react";
import type { ContinueItem } from "~/domain/contract/catalog";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { useContinueListening } from "~/web/features/catalog/api";
import { formatResumeAt } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { EpisodeCard, EpisodeGridSkeleton, episodeGridClass } from "./episode-card";
import { LatestInsights, NewFromYourShows, RecentEpisodes, Section } from "./home-sections";

/**
 * Spec 1 §2: signed in, 'Your learning hub' with Continue listening, Recent Episodes and Latest
 * Insights, below the `today` slot (the Today card, decision 018, which the route composes in). Its
 * own chunk: the signed-out landing page never loads it (decision 012).
 */
export default function LearningHub({ name, today }: { name: string; today?: ReactNode }) {
  usePageMeta({
    title: "Your learning hub",
    description: "Pick up where you left off and discover new episodes and insights.",
  });
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Your learning hub</h1>
      <p className="mt-2 text-muted-foreground">Good to see you, {name}.</p>
      {today}
      <ContinueListening />
      <NewFromYourShows />
      <RecentEpisodes />
      <LatestInsights />
    </div>
  );
}

export function ContinueListening() {
  const { data, isPending } = useContinueListening(true);
  if (isPending) {
    return (
      <Section id="continue-listening" title="Continue listening">
        <EpisodeGridSkeleton count={3} label="Loading your episodes" />
      </Section>
    );
  }
  if (!data?.length) return null;
  return (
    <Section id="continue-listening" title="Continue listening">
      <ul className={episodeGridClass}>
        {data.map((item) => (
          <li key={item.id}>
            <EpisodeCard episode={item}>
              <ResumeBar item={item} />
            </EpisodeCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ResumeBar({ item }: { item: ContinueItem }) {
  const percent = item.duration
    ? Math.min(100, Math.round((item.positionSeconds / item.duration) * 100))
    : null;
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground">
      {percent !== null && (
        <ProgressBar label="Listened" value={percent} max={100} className="h-1.5 flex-1" />
      )}
      <span>{formatResumeAt(item.positionSeconds)}</span>
    </div>
  );
}
