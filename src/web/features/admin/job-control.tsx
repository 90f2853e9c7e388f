import { useMutation } from "@tanstack/react-query";
import { Play } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Job, QueuedJob } from "~/domain/contract/admin";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { ProgressBar } from "~/web/components/ui/progress-bar";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { isApiError } from "~/web/lib/api-client";
import { isJobFinished, useJob } from "./api";

const STATE_LABELS: Record<string, string> = {
  created: "Queued",
  retry: "Queued",
  active: "Running",
  completed: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** A check made before calling the server ('Please select a podcast'): thrown, shown as it is. */
export class InputError extends Error {}

/** The error's own text, else the spec's fallback for the operation. */
export function errorText(error: unknown, fallback: string): string | undefined {
  if (isApiError(error) || error instanceof InputError) return error.message;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** What one of the job's numbers means on screen (`episodes_new` → "New episodes"). */
const fieldLabel = (key: string) => {
  const words = key
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The numbers and message of a finished job (never nested objects such as per-feed details). */
export function JobResult({ output }: { output: unknown }) {
  if (!output || typeof output !== "object") return null;
  const entries = Object.entries(output as Record<string, unknown>);
  const message = entries.find(([key, value]) => key === "message" && typeof value === "string")?.[1];
  const numbers = entries.filter(([, value]) => typeof value === "number" || typeof value === "boolean");
  return (
    <div className="flex flex-col gap-2 text-sm">
      {typeof message === "string" && <p className="[overflow-wrap:anywhere]">{message}</p>}
      {numbers.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {numbers.map(([key, value]) => (
            <div key={key} className="flex flex-col">
              <dt className="text-xs text-muted-foreground">{fieldLabel(key)}</dt>
              <dd className="font-medium tabular-nums">{String(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Live state of a job: its state, a bar when the job reports done/total, and the result or reason. */
export function JobStatus({ job, label }: { job: Job | undefined; label: string }) {
  if (!job) return <Spinner label={`Starting ${label}`} />;
  const progress = job.progress ?? {};
  const done = typeof progress.done === "number" ? progress.done : null;
  const total = typeof progress.total === "number" ? progress.total : null;
  const isFinished = isJobFinished(job);
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="flex items-center gap-2 text-sm">
        {!isFinished && <Spinner />}
        <span className="font-medium">{STATE_LABELS[job.state] ?? job.state}</span>
        {!isFinished && done !== null && (
          <span className="text-muted-foreground">
            {typeof progress.phase === "string" ? `${progress.phase}: ` : ""}
            {done}
            {total !== null ? ` of ${total}` : ""}
          </span>
        )}
      </p>
      {!isFinished && total !== null && done !== null && (
        <ProgressBar label={`${label} progress`} value={done} max={total} className="h-2" />
      )}
      {job.state === "completed" && <JobResult output={job.output} />}
      {job.state === "failed" && (
        <p className="text-sm text-destructive">
          {(job.output as { message?: string } | null)?.message ?? "The job failed."}
        </p>
      )}
    </div>
  );
}

/** Starts a job, follows it, and toasts its failure with the operation's fallback text. */
export function useJobRun(failure: string, onDone?: (job: Job) => void) {
  const [queued, setQueued] = useState<QueuedJob | null>(null);
  const job = useJob(queued);
  const reported = useRef<string | null>(null);
  const start = useMutation({
    mutationFn: (run: () => Promise<QueuedJob>) => run(),
    onSuccess: (next) => setQueued(next),
    onError: (error) =>
      error instanceof InputError
        ? notify.error(error.message)
        : notify.error(failure, errorText(error, failure)),
  });
  const data = job.data;
  useEffect(() => {
    if (!data || !isJobFinished(data) || reported.current === data.id) return;
    reported.current = data.id;
    if (data.state === "failed")
      notify.error(failure, (data.output as { message?: string } | null)?.message ?? failure);
    onDone?.(data);
  }, [data, failure, onDone]);
  const isRunning = start.isPending || Boolean(queued && !isJobFinished(data));
  return { queued, job: data, isRunning, start: start.mutate };
}

/** One server function of the lab: a title, what it does, its inputs, a Run button and its live job. */
export function JobControl({
  title,
  description,
  failure,
  run,
  children,
  actionLabel = "Run",
  onDone,
}: {
  title: string;
  description: ReactNode;
  /** The spec's fallback error text, verbatim. */
  failure: string;
  run: () => Promise<QueuedJob>;
  children?: ReactNode;
  actionLabel?: string;
  onDone?: (job: Job) => void;
}) {
  const { queued, job, isRunning, start } = useJobRun(failure, onDone);
  const headingId = `job-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Card className="flex flex-col gap-3 p-4" role="region" aria-labelledby={headingId}>
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
      <div>
        <Button variant="outline" size="sm" disabled={isRunning} onClick={() => start(run)}>
          {isRunning ? <Spinner /> : <Play aria-hidden="true" />}
          {actionLabel}
        </Button>
      </div>
      {queued && <JobStatus job={job} label={title} />}
    </Card>
  );
}
