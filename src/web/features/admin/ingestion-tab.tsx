import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import type { QueuedJob, YoutubeImport } from "~/domain/contract/admin";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { NativeSelect } from "~/web/components/ui/native-select";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { notify } from "~/web/components/ui/toaster";
import { apiFetch } from "~/web/lib/api-client";
import { adminKeys, startJob, useAdminOverview, usePodcastStats } from "./api";
import { errorText, InputError, JobControl } from "./job-control";

/** The single video import goes to the episode page this long after reaching 100 % (spec 3 §4). */
const IMPORT_REDIRECT_MS = 1500;

function PodcastSelect({
  id,
  value,
  onChange,
  emptyLabel,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  emptyLabel: string;
}) {
  const stats = usePodcastStats();
  return (
    <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{stats.isPending ? "Loading podcasts…" : emptyLabel}</option>
      {stats.data?.stats.map((podcast) => (
        <option key={podcast.podcast_id} value={podcast.podcast_id}>
          {podcast.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Ingestion (spec 3 §2, §7): imports and one control per catalog and learning server function. */
export function IngestionTab() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="lab-imports" className="flex flex-col gap-3">
        <h2 id="lab-imports" className="text-lg font-semibold">
          Import
        </h2>
        <div className="grid gap-3 lg:grid-cols-2">
          <RssImport onDone={refresh} />
          <VideoImport />
        </div>
      </section>
      <section aria-labelledby="lab-catalog" className="flex flex-col gap-3">
        <h2 id="lab-catalog" className="text-lg font-semibold">
          Catalog
        </h2>
        <div className="grid gap-3 lg:grid-cols-2">
          <JobControl
            title="Auto-ingest all"
            description="Checks every configured feed for new episodes."
            failure="Auto-ingestion encountered errors"
            run={() => startJob("/api/v1/admin/catalog/auto-ingest")}
            onDone={refresh}
          />
          <JobControl
            title="Backfill podcasts"
            description="Fetches every podcast's feed in full and adds what is missing."
            failure="Failed to backfill podcasts"
            run={() => startJob("/api/v1/admin/catalog/backfill", { action: "backfill" })}
            onDone={refresh}
          />
          <JobControl
            title="Sync deltas"
            description="Asks each feed only for what changed since the last sync."
            failure="Failed to sync podcasts"
            run={() => startJob("/api/v1/admin/catalog/backfill", { action: "sync-deltas" })}
            onDone={refresh}
          />
          <JobControl
            title="QA check"
            description="Finds episodes missing audio, summary, transcript or image, and duplicates. Reports only; fixes nothing."
            failure="Failed to run QA check"
            run={() => startJob("/api/v1/admin/catalog/qa", { checkAll: true, autoFix: false })}
          />
          <EnhancedIngestion onDone={refresh} />
          <MatchYoutube />
          <JobControl
            title="Populate YouTube URLs"
            description="Fills in video links for episodes whose feed names one."
            failure="Failed to populate YouTube URLs"
            run={() => startJob("/api/v1/admin/catalog/populate-youtube-urls")}
          />
          <JobControl
            title="Cleanup and re-ingest"
            description="Merges duplicate podcasts, removes duplicate episodes, then ingests the configured feeds."
            failure="Auto-ingestion encountered errors"
            run={() => startJob("/api/v1/admin/catalog/cleanup-and-reingest")}
            onDone={refresh}
          />
        </div>
      </section>
      <section aria-labelledby="lab-learning" className="flex flex-col gap-3">
        <h2 id="lab-learning" className="text-lg font-semibold">
          Learning
        </h2>
        <div className="grid gap-3 lg:grid-cols-2">
          <JobControl
            title="Auto-enrich"
            description="Summaries, insights, topics, themes, quizzes and mind maps for every episode not yet enriched."
            failure="Failed to enrich episodes"
            run={() => startJob("/api/v1/admin/learning/auto-enrich", {})}
            onDone={refresh}
          />
          <JobControl
            title="Categorise"
            description="Assigns knowledge themes to every episode, in batches of 50 a second apart."
            failure="Failed to categorize episodes"
            run={() => startJob("/api/v1/admin/learning/categorize", {})}
          />
          <GenerateQuestions onDone={refresh} />
        </div>
      </section>
    </div>
  );
}

function RssImport({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [feedUrl, setFeedUrl] = useState("");
  const [podcastId, setPodcastId] = useState("");
  return (
    <JobControl
      title="RSS import"
      description="Imports a feed by its address, or fetches a known podcast's feed again."
      failure="Failed to ingest RSS feed"
      actionLabel="Import feed"
      onDone={onDone}
      run={() => {
        const url = feedUrl.trim();
        if (!url && !podcastId) throw new InputError("Please enter an RSS feed URL");
        return startJob("/api/v1/admin/catalog/ingest-feed", url ? { feedUrl: url } : { podcastId });
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-url`}>Feed URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/feed.xml"
          value={feedUrl}
          onChange={(event) => setFeedUrl(event.target.value)}
        />
        <Label htmlFor={`${id}-podcast`}>Or a podcast</Label>
        <PodcastSelect
          id={`${id}-podcast`}
          value={podcastId}
          onChange={setPodcastId}
          emptyLabel="No podcast"
        />
      </div>
    </JobControl>
  );
}

/** A job over one podcast (or, where `emptyLabel` says so, all of them) chosen in a select. */
function PodcastJob({
  emptyLabel,
  run,
  ...control
}: {
  title: string;
  description: string;
  failure: string;
  emptyLabel: string;
  onDone?: () => void;
  run: (podcastId: string) => Promise<QueuedJob>;
}) {
  const id = useId();
  const [podcastId, setPodcastId] = useState("");
  return (
    <JobControl {...control} run={() => run(podcastId)}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-podcast`}>Podcast</Label>
        <PodcastSelect
          id={`${id}-podcast`}
          value={podcastId}
          onChange={setPodcastId}
          emptyLabel={emptyLabel}
        />
      </div>
    </JobControl>
  );
}

function EnhancedIngestion({ onDone }: { onDone: () => void }) {
  return (
    <PodcastJob
      title="Enhanced ingestion"
      description="For feeds beyond 1000 episodes: writes the whole feed in batches of 1000."
      failure="Failed to run enhanced ingestion"
      emptyLabel="Choose a podcast"
      onDone={onDone}
      run={async (podcastId) => {
        if (!podcastId) throw new InputError("Please select a podcast");
        return startJob("/api/v1/admin/catalog/enhanced-ingest", { podcastId, batchSize: 1000 });
      }}
    />
  );
}

function MatchYoutube() {
  return (
    <PodcastJob
      title="Match YouTube videos"
      description="Finds the video of up to 100 episodes without one."
      failure="Failed to match YouTube videos"
      emptyLabel="All podcasts"
      run={(podcastId) =>
        startJob("/api/v1/admin/catalog/match-youtube", {
          batchSize: 100,
          ...(podcastId ? { podcastId } : {}),
        })
      }
    />
  );
}

function GenerateQuestions({ onDone }: { onDone: () => void }) {
  const id = useId();
  const overview = useAdminOverview();
  const [episodeId, setEpisodeId] = useState("");
  return (
    <JobControl
      title="Generate questions"
      description="Writes an episode's quiz (12 to 15 questions) again."
      failure="Failed to generate questions"
      onDone={onDone}
      run={() => {
        if (!episodeId) throw new InputError("Choose an episode.");
        return startJob("/api/v1/admin/learning/generate-questions", { episodeId, force: true });
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-episode`}>Episode (recent)</Label>
        <NativeSelect
          id={`${id}-episode`}
          value={episodeId}
          onChange={(event) => setEpisodeId(event.target.value)}
        >
          <option value="">Choose an episode</option>
          {overview.data?.recentEpisodes.map((episode) => (
            <option key={episode.id} value={episode.id}>
              {episode.title}
            </option>
          ))}
        </NativeSelect>
      </div>
    </JobControl>
  );
}

const IMPORT_STEPS = { fetching: 25, questions: 50, complete: 100 } as const;
const STEP_TEXT = {
  fetching: "Fetching the episode…",
  questions: "Generating questions…",
  complete: "Complete",
} as const;

/**
 * Single video import (spec 3 §4): 25 % fetching, 50 % generating questions, 100 % complete, then
 * the episode page after 1.5 s.
 */
function VideoImport() {
  const id = useId();
  const navigate = useNavigate();
  const [youtubeUrl, setYoutubeUrl] = useState("");
  const [podcastId, setPodcastId] = useState("");
  const [step, setStep] = useState<keyof typeof IMPORT_STEPS | null>(null);
  const importVideo = useMutation({
    mutationFn: async () => {
      if (!youtubeUrl.trim()) throw new InputError("Enter a YouTube video link.");
      if (!podcastId) throw new InputError("Please select a podcast");
      setStep("fetching");
      const imported = await apiFetch<YoutubeImport>("/api/v1/admin/catalog/youtube-episode", {
        method: "POST",
        body: { youtubeUrl: youtubeUrl.trim(), podcastId },
      });
      setStep("questions");
      try {
        await startJob("/api/v1/admin/learning/generate-questions", { episodeId: imported.episode.id });
      } catch (error) {
        notify.error("Failed to generate questions", errorText(error, "Failed to generate questions"));
      }
      setStep("complete");
      return imported;
    },
    onSuccess: (imported) => {
      notify.success("Episode imported", imported.episode.title);
      setTimeout(
        () => void navigate({ to: "/episode/$episodeId", params: { episodeId: imported.episode.id } }),
        IMPORT_REDIRECT_MS,
      );
    },
    onError: (error) => {
      setStep(null);
      notify.error("Failed to fetch episode", errorText(error, "Failed to fetch episode"));
    },
  });
  return (
    <Card className="flex flex-col gap-3 p-4" role="region" aria-labelledby={`${id}-title`}>
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-title`} className="font-semibold">
          Single video import
        </h3>
        <p className="text-sm text-muted-foreground">
          Imports one YouTube video into a podcast and writes its quiz.
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-url`}>YouTube URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={youtubeUrl}
          onChange={(event) => setYoutubeUrl(event.target.value)}
        />
        <Label htmlFor={`${id}-podcast`}>Podcast</Label>
        <PodcastSelect
          id={`${id}-podcast`}
          value={podcastId}
          onChange={setPodcastId}
          emptyLabel="Choose a podcast"
        />
      </div>
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={importVideo.isPending}
          onClick={() => importVideo.mutate()}
        >
          <Download aria-hidden="true" />
          Import video
        </Button>
      </div>
      {step && (
        <div className="flex flex-col gap-1" aria-live="polite">
          <ProgressBar label="Video import progress" value={IMPORT_STEPS[step]} max={100} className="h-2" />
          <p className="text-sm text-muted-foreground">
            {IMPORT_STEPS[step]} % · {STEP_TEXT[step]}
          </p>
        </div>
      )}
    </Card>
  );
}
