import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { RefreshCw } from "lucide-react";
import type { PodcastStats } from "~/domain/contract/admin";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { formatDate } from "~/web/lib/format";
import { adminKeys, startJob, usePodcastStats } from "./api";
import { JobStatus, useJobRun } from "./job-control";

type PodcastStat = PodcastStats["stats"][number];

/** Podcasts (spec 3 §2, §3 podcast stats item): episodes per podcast, its feed and last sync, re-sync now. */
export function PodcastsTab() {
  const stats = usePodcastStats();
  if (stats.isPending) return <Skeleton className="h-64" />;
  if (stats.isError) return <LoadError onRetry={() => void stats.refetch()}>{stats.error.message}</LoadError>;
  if (stats.data.stats.length === 0)
    return (
      <p className="text-sm text-muted-foreground">No podcasts yet. Import a feed on the Ingestion tab.</p>
    );
  return (
    <ul aria-label="Podcasts" className="grid gap-3 lg:grid-cols-2">
      {stats.data.stats.map((podcast) => (
        <PodcastCard key={podcast.podcast_id} podcast={podcast} />
      ))}
    </ul>
  );
}

function lastSyncText(podcast: PodcastStat): string {
  if (!podcast.last_sync_at) return "Never synced from the lab";
  const when = formatDate(podcast.last_sync_at);
  if (podcast.last_sync_error) return `Last sync ${when} failed: ${podcast.last_sync_error}`;
  const count = podcast.last_sync_inserted ?? 0;
  return `Last sync ${when}: ${count} new episode${count === 1 ? "" : "s"}`;
}

function PodcastCard({ podcast }: { podcast: PodcastStat }) {
  const queryClient = useQueryClient();
  const { queued, job, isRunning, start } = useJobRun("Failed to ingest RSS feed", () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  });
  const headingId = `podcast-${podcast.podcast_id}`;
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-4" role="region" aria-labelledby={headingId}>
        <h3 id={headingId} className="font-semibold [overflow-wrap:anywhere]">
          {podcast.name}
        </h3>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          {(
            [
              ["Total", podcast.total],
              ["Ready", podcast.ready],
              ["Pending", podcast.pending],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex flex-col">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {podcast.feed_url ? `Feed: ${podcast.feed_url}` : `No feed (${podcast.source_type})`}
        </p>
        <p className="text-sm">{lastSyncText(podcast)}</p>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to="/search" search={{ podcast: podcast.podcast_id }}>
              Episodes
            </Link>
          </Button>
          {podcast.feed_url && (
            <Button
              variant="outline"
              size="sm"
              disabled={isRunning}
              aria-label={`Re-sync ${podcast.name} now`}
              onClick={() =>
                start(() => startJob("/api/v1/admin/catalog/ingest-feed", { podcastId: podcast.podcast_id }))
              }
            >
              {isRunning ? <Spinner /> : <RefreshCw aria-hidden="true" />}
              Re-sync now
            </Button>
          )}
        </div>
        {queued && <JobStatus job={job} label={`Sync of ${podcast.name}`} />}
      </Card>
    </li>
  );
}
