import { Link } from "@tanstack/react-router";
import { Home } from "lucide-react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { type ReactNode, useEffect } from "react";
import type { EpisodeDetail } from "~/domain/contract/episodes";
import { BackButton } from "~/web/components/back-button";
import { CoverHero, coverClass } from "~/web/components/cover-hero";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { useEpisode } from "~/web/features/episode/api";
import type { EpisodeTab } from "~/web/features/episode/tabs";
import { useEpisodePlayback } from "~/web/features/episode/use-episode-playback";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import { usePageMeta } from "~/web/lib/page-meta";
import { ChaptersTab, PeopleTab, ShowNotesTab } from "./detail-tabs";
import { type AddToListSlot, EpisodeActions } from "./episode-actions";
import { EpisodeHeader } from "./episode-header";
import { EpisodeMedia } from "./episode-media";
import { OverviewTab } from "./overview-tab";
import { TranscriptTab } from "./transcript-tab";

export type EpisodePageProps = {
  episodeId: string;
  tab: EpisodeTab;
  onTabChange: (tab: EpisodeTab) => void;
  /** The bookmark toggle (library feature), placed in the header. */
  bookmark: (episodeId: string) => ReactNode;
  /** Follow / Following for the episode's podcast (podcast feature), beside the podcast badge. */
  follow: (podcastId: string) => ReactNode;
  /** The Add to List dialog (library feature). */
  addToList: AddToListSlot;
  /** Export to Anki and Export Markdown (learning feature), placed with the actions. */
  exports: (episodeId: string) => ReactNode;
};

/** /episode/{id} (spec 2 §2 Episode detail). */
export function EpisodePage(props: EpisodePageProps) {
  const episode = useEpisode(props.episodeId);
  const error = episode.error;
  const isMissing = isApiError(error) && (error.status === 404 || error.status === 400);

  // Spec 2 §8: a failed load says 'Error loading episode' with the message.
  useEffect(() => {
    if (error && !isMissing) notify.error("Error loading episode", error.message);
  }, [error, isMissing]);

  usePageMeta({
    title: episode.data?.title ?? (isMissing ? "Episode not found" : "Episode"),
    description: episode.data?.summary?.slice(0, 300) ?? undefined,
  });

  if (episode.isPending) return <EpisodeSkeleton />;
  if (isMissing) return <EpisodeNotFound />;
  if (episode.isError) {
    return (
      <PageFrame>
        <BackButton />
        <div role="alert" className="flex flex-col items-start gap-3 py-12">
          <h1 className="text-2xl font-semibold">Error loading episode</h1>
          <p className="text-muted-foreground">{episode.error.message}</p>
          <Button variant="outline" onClick={() => void episode.refetch()}>
            Try again
          </Button>
        </div>
      </PageFrame>
    );
  }
  return <EpisodeContent {...props} episode={episode.data} />;
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      {children}
    </div>
  );
}

export function EpisodeNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Episode not found</h1>
      <p className="max-w-md text-muted-foreground">
        This episode does not exist or has been removed from the catalog.
      </p>
      <Link to="/" className={buttonVariants({ className: "mt-2" })}>
        <Home aria-hidden="true" />
        Go Home
      </Link>
    </div>
  );
}

function EpisodeSkeleton() {
  return (
    <PageFrame>
      <span className="sr-only" role="status">
        Loading episode
      </span>
      <Skeleton className="h-8 w-20" />
      <CoverHero cover={<Skeleton className={coverClass("episode")} />}>
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-6 w-32 rounded-full" />
          <Skeleton className="h-9 w-4/5" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-11 w-36" />
        </div>
      </CoverHero>
      <div className="flex flex-wrap gap-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-10 w-28" />
        ))}
      </div>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </PageFrame>
  );
}

const tabTrigger =
  "inline-flex shrink-0 items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none " +
  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm";

const tabPanel =
  "rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background";

function Count({ value }: { value: number }) {
  return (
    <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums group-data-[state=active]:bg-secondary">
      {value}
    </span>
  );
}

function EpisodeContent({
  episode,
  tab,
  onTabChange,
  bookmark,
  follow,
  addToList,
  exports,
}: EpisodePageProps & { episode: EpisodeDetail }) {
  const playback = useEpisodePlayback(episode);
  const tabs: { value: EpisodeTab; label: string; count?: number }[] = [
    { value: "overview", label: "Overview" },
    { value: "transcript", label: "Transcript" },
    { value: "people", label: "People", count: episode.counts.people },
    { value: "chapters", label: "Chapters", count: episode.counts.chapters },
    { value: "show-notes", label: "Show Notes", count: episode.counts.links },
  ];

  return (
    <PageFrame>
      <EpisodeHeader
        episode={episode}
        playback={playback}
        bookmark={bookmark(episode.id)}
        follow={follow(episode.podcast.id)}
      />
      <EpisodeMedia episode={episode} playback={playback} />
      <EpisodeActions episode={episode} addToList={addToList} exports={exports(episode.id)} />
      <TabsPrimitive.Root
        value={tab}
        onValueChange={(value) => onTabChange(value as EpisodeTab)}
        className="flex flex-col gap-5"
      >
        <TabsPrimitive.List
          aria-label="Episode details"
          className="-mx-1 flex gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {tabs.map(({ value, label, count }) => (
            <TabsPrimitive.Trigger key={value} value={value} className={cn(tabTrigger, "group")}>
              {label}
              {count !== undefined && <Count value={count} />}
            </TabsPrimitive.Trigger>
          ))}
        </TabsPrimitive.List>
        <TabsPrimitive.Content value="overview" className={tabPanel}>
          <OverviewTab episode={episode} playback={playback} />
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="transcript" className={tabPanel}>
          <TranscriptTab episode={episode} playback={playback} />
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="people" className={tabPanel}>
          <PeopleTab episode={episode} />
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="chapters" className={tabPanel}>
          <ChaptersTab episode={episode} playback={playback} />
        </TabsPrimitive.Content>
        <TabsPrimitive.Content value="show-notes" className={tabPanel}>
          <ShowNotesTab episode={episode} />
        </TabsPrimitive.Content>
      </TabsPrimitive.Root>
    </PageFrame>
  );
}
