import { Link } from "@tanstack/react-router";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { AdminOverview } from "~/domain/contract/admin";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ConfirmDialog } from "~/web/components/ui/dialog";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { formatDate } from "~/web/lib/format";
import { useAdminOverview, useDeleteEpisode, useMindmapAnalytics } from "./api";
import { errorText } from "./job-control";
import { StateBadge } from "./state-badge";

const COUNT_LABELS: [keyof AdminOverview["counts"], string][] = [
  ["podcasts", "Podcasts"],
  ["episodesReady", "Episodes ready"],
  ["episodesPending", "Episodes pending"],
  ["questions", "Questions"],
  ["mindmaps", "Mind maps"],
  ["users", "Users"],
];

/** Overview (spec 3 §2): counts, the A/B summary of mind-map layouts, and the 20 newest episodes. */
export function OverviewTab() {
  const overview = useAdminOverview();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="lab-counts" className="flex flex-col gap-3">
        <h2 id="lab-counts" className="text-lg font-semibold">
          Catalog
        </h2>
        {overview.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {COUNT_LABELS.map(([key]) => (
              <Skeleton key={key} className="h-20" />
            ))}
          </div>
        ) : overview.isError ? (
          <LoadError onRetry={() => void overview.refetch()}>{overview.error.message}</LoadError>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {COUNT_LABELS.map(([key, label]) => (
              <Card key={key} className="flex flex-col-reverse gap-1 p-4">
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-semibold tabular-nums">{overview.data.counts[key]}</dd>
              </Card>
            ))}
          </dl>
        )}
      </section>
      <AbSummary />
      <section aria-labelledby="lab-recent" className="flex flex-col gap-3">
        <h2 id="lab-recent" className="text-lg font-semibold">
          Recent episodes
        </h2>
        {overview.isPending ? (
          <Skeleton className="h-64" />
        ) : overview.isError ? null : overview.data.recentEpisodes.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No episodes yet. Import a feed on the Ingestion tab.
          </p>
        ) : (
          <RecentEpisodes episodes={overview.data.recentEpisodes} />
        )}
      </section>
    </div>
  );
}

function RecentEpisodes({ episodes }: { episodes: AdminOverview["recentEpisodes"] }) {
  const [toDelete, setToDelete] = useState<{ id: string; title: string } | null>(null);
  const deleteEpisode = useDeleteEpisode();
  return (
    <>
      <ul
        aria-label="Recent episodes"
        className="flex flex-col divide-y divide-border rounded-xl border border-border"
      >
        {episodes.map((episode) => (
          <li key={episode.id} className="flex items-center gap-3 p-3">
            <div className="flex min-w-0 flex-1 flex-col">
              <Link
                to="/episode/$episodeId"
                params={{ episodeId: episode.id }}
                className="truncate font-medium underline-offset-4 hover:underline"
              >
                {episode.title}
              </Link>
              <span className="truncate text-xs text-muted-foreground">
                {episode.podcastName} · added {formatDate(episode.createdAt)}
              </span>
            </div>
            <StateBadge isOn={episode.ready} on="Ready" off="Pending" />
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Delete ${episode.title}`}
              onClick={() => setToDelete({ id: episode.id, title: episode.title })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete "${toDelete?.title ?? ""}"?`}
        description="This cannot be undone. Its questions, answers, review cards, mind map and chats are deleted with it."
        confirmLabel="Delete episode"
        isPending={deleteEpisode.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          deleteEpisode.mutate(toDelete.id, {
            onSuccess: () => {
              notify.success("Episode deleted", `${toDelete.title} was deleted.`);
              setToDelete(null);
            },
            onError: (error) =>
              notify.error("Failed to delete episode", errorText(error, "Failed to delete episode")),
          });
        }}
      />
    </>
  );
}

const WINNER_TEXT = { radial: "Radial wins", tree: "Tree wins", tie: "Tie" } as const;

/** The A/B summary of the last 30 days (spec 3 §4): sessions and rounded averages per layout, and the winner. */
function AbSummary() {
  const analytics = useMindmapAnalytics();
  const views = analytics.data?.views.filter((view) => view.viewType !== "graph") ?? [];
  const hasData = views.some((view) => view.sessions > 0);
  return (
    <section aria-labelledby="lab-ab" className="flex flex-col gap-3">
      <h2 id="lab-ab" className="text-lg font-semibold">
        Mind map A/B summary <span className="text-sm font-normal text-muted-foreground">(last 30 days)</span>
      </h2>
      {analytics.isPending ? (
        <Skeleton className="h-28" />
      ) : analytics.isError || !hasData ? (
        <p className="text-sm text-muted-foreground">No analytics data available yet.</p>
      ) : (
        <Card className="flex flex-col gap-3 p-4">
          <table className="w-full text-sm">
            <caption className="sr-only">Sessions and averages per layout</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="font-medium">
                  Layout
                </th>
                <th scope="col" className="font-medium">
                  Sessions
                </th>
                <th scope="col" className="font-medium">
                  Avg. duration
                </th>
                <th scope="col" className="font-medium">
                  Avg. nodes explored
                </th>
              </tr>
            </thead>
            <tbody>
              {views.map((view) => (
                <tr key={view.viewType}>
                  <th scope="row" className="py-1 text-left font-medium capitalize">
                    {view.viewType}
                  </th>
                  <td className="tabular-nums">{view.sessions}</td>
                  <td className="tabular-nums">{Math.round(view.averageDurationSeconds)} s</td>
                  <td className="tabular-nums">{Math.round(view.averageNodesExplored)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="font-medium">Winner: {WINNER_TEXT[analytics.data.winner]}</p>
        </Card>
      )}
    </section>
  );
}
