import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Sparkles } from "lucide-react";
import { useState } from "react";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { formatDate } from "~/web/lib/format";
import { adminKeys, startJob, useMindmapStatus } from "./api";
import { CursorPager, useCursorPages } from "./cursor-pager";
import { JobControl, JobStatus, useJobRun } from "./job-control";
import { StateBadge } from "./state-badge";

/** Mindmaps (spec 3 §2, §3 mindmap status item): Ready or Missing per episode, generate one or all missing. */
export function MindmapsTab() {
  const queryClient = useQueryClient();
  const [show, setShow] = useState<"all" | "missing">("all");
  const pages = useCursorPages(show);
  const status = useMindmapStatus(show, pages.cursor);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["admin", "mindmaps"] });
  return (
    <div className="flex flex-col gap-4">
      <JobControl
        title="Generate all missing"
        description={
          status.data
            ? `${status.data.missing} of ${status.data.total} episodes have no mind map; up to 100 are generated per run, newest first.`
            : "Generates the mind maps episodes do not have yet, newest first."
        }
        failure="Batch generation failed"
        actionLabel="Generate all missing"
        run={() => startJob("/api/v1/admin/learning/generate-missing-mindmaps", { limit: 100 })}
        onDone={refresh}
      />
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show</legend>
        <Button
          size="sm"
          variant={show === "all" ? "secondary" : "ghost"}
          aria-pressed={show === "all"}
          onClick={() => setShow("all")}
        >
          All episodes
        </Button>
        <Button
          size="sm"
          variant={show === "missing" ? "secondary" : "ghost"}
          aria-pressed={show === "missing"}
          onClick={() => setShow("missing")}
        >
          Missing only
        </Button>
      </fieldset>
      {status.isPending ? (
        <Skeleton className="h-64" />
      ) : status.isError ? (
        <LoadError onRetry={() => void status.refetch()}>Failed to load mindmap status</LoadError>
      ) : status.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {show === "missing" ? "Every episode has a mind map." : "No episodes yet."}
        </p>
      ) : (
        <ul
          aria-label="Mind map status"
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
        >
          {status.data.items.map((item) => (
            <MindmapRow key={item.id} item={item} onDone={refresh} />
          ))}
        </ul>
      )}
      <CursorPager pages={pages} nextCursor={status.data?.nextCursor} />
    </div>
  );
}

function MindmapRow({
  item,
  onDone,
}: {
  item: { id: string; title: string; podcastTitle: string; pubDate: string; hasMindmap: boolean };
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const { queued, job, isRunning, start } = useJobRun("Failed to generate mind map", () => {
    onDone();
    void queryClient.invalidateQueries({ queryKey: adminKeys.overview });
  });
  return (
    <li className="flex flex-col gap-2 p-3">
      <div className="flex items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-col">
          <Link
            to="/mindmap/$id"
            params={{ id: item.id }}
            className="truncate font-medium underline-offset-4 hover:underline"
          >
            {item.title}
          </Link>
          <span className="truncate text-xs text-muted-foreground">
            {item.podcastTitle} · {formatDate(item.pubDate)}
          </span>
        </div>
        <StateBadge isOn={item.hasMindmap} on="Ready" off="Missing" />
        <Button
          variant="outline"
          size="sm"
          disabled={isRunning}
          aria-label={`Generate mind map for ${item.title}`}
          onClick={() =>
            start(() => startJob("/api/v1/admin/learning/generate-mindmap", { episodeId: item.id }))
          }
        >
          {isRunning ? <Spinner /> : <Sparkles aria-hidden="true" />}
          <span className="hidden sm:inline">{item.hasMindmap ? "Regenerate" : "Generate"}</span>
        </Button>
      </div>
      {queued && <JobStatus job={job} label={`Mind map for ${item.title}`} />}
    </li>
  );
}
