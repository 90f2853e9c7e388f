import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { FlaskConical } from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useEffect, useRef } from "react";
import { AUTO_INGEST_COOLDOWN_MINUTES } from "~/domain/contract/admin";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { usePageMeta } from "~/web/lib/page-meta";
import { useSession } from "~/web/lib/session";
import { visitAutoIngest } from "./api";
import { IngestionTab } from "./ingestion-tab";
import { JobStatus, useJobRun } from "./job-control";
import { MindmapsTab } from "./mindmaps-tab";
import { OverviewTab } from "./overview-tab";
import { PodcastsTab } from "./podcasts-tab";
import { UserRolesTab } from "./user-roles-tab";

export const labTabs = ["overview", "ingestion", "mindmaps", "podcasts", "roles"] as const;
export type LabTab = (typeof labTabs)[number] | (string & {});

/** A tab another area adds to the lab (the route composes it, e.g. Posts from the feed area). */
export type ExtraLabTab = { value: string; label: string; content: ReactNode };

const tabTrigger =
  "inline-flex shrink-0 items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none " +
  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm";
const tabPanel =
  "rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background";

/**
 * /admin, the Knowledge Lab (spec 3 §2 Admin lab, §4, §6). Only admins: anyone else gets 'Access
 * Denied' and goes home (the server refuses their calls regardless). The tab lives in the URL.
 */
export function AdminLabPage({
  tab,
  onTabChange,
  extraTabs = [],
}: {
  tab: LabTab;
  onTabChange: (tab: string) => void;
  extraTabs?: ExtraLabTab[];
}) {
  usePageMeta({
    title: "Knowledge Lab",
    description: "Ingestion, learning jobs, mind maps, podcasts and roles.",
  });
  const { session, isResolving } = useSession();
  const navigate = useNavigate();
  const isAdmin = Boolean(session?.roles.includes("admin"));
  const isDenied = !isResolving && !isAdmin;
  const hasWarned = useRef(false);
  useEffect(() => {
    if (!isDenied || hasWarned.current) return;
    hasWarned.current = true;
    notify.error("Access Denied", "You need admin privileges to access this page");
    void navigate({ to: "/", replace: true });
  }, [isDenied, navigate]);

  if (!isAdmin)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8" aria-busy="true">
        <Skeleton className="h-10 w-64" />
      </div>
    );

  const tabs: { value: string; label: string; content: ReactNode }[] = [
    { value: "overview", label: "Overview", content: <OverviewTab /> },
    { value: "ingestion", label: "Ingestion", content: <IngestionTab /> },
    { value: "mindmaps", label: "Mindmaps", content: <MindmapsTab /> },
    { value: "podcasts", label: "Podcasts", content: <PodcastsTab /> },
    { value: "roles", label: "User Roles", content: <UserRolesTab /> },
    ...extraTabs,
  ];
  const current = tabs.some((t) => t.value === tab) ? tab : "overview";
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
          <FlaskConical aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Knowledge Lab</h1>
      </header>
      <AutoIngestNotice />
      <Tabs.Root value={current} onValueChange={onTabChange} className="flex flex-col gap-4">
        <Tabs.List
          aria-label="Lab sections"
          className="-mx-1 flex gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={tabTrigger}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className={tabPanel}>
            {t.content}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

/**
 * The automatic full ingestion (spec 3 §4): asked for once per visit; the server runs it, joins a run
 * under way, or skips it when the last run finished less than an hour ago. Says which on screen.
 */
function AutoIngestNotice() {
  const visit = useQuery({
    queryKey: ["admin", "auto-ingest-visit"],
    queryFn: visitAutoIngest,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const run = useJobRun("Auto-ingestion encountered errors");
  const { start } = run;
  const job = visit.data?.job ?? null;
  useEffect(() => {
    if (job) start(() => Promise.resolve(job));
  }, [job, start]);
  let text: string;
  if (visit.isPending) text = "Checking the automatic ingestion…";
  else if (visit.isError) text = "The automatic ingestion could not be started.";
  else if (visit.data.status === "skipped")
    text = `Automatic ingestion skipped: the last run finished less than ${AUTO_INGEST_COOLDOWN_MINUTES} minutes ago${
      visit.data.lastFinishedAt
        ? ` (at ${new Date(visit.data.lastFinishedAt).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })})`
        : ""
    }.`;
  else if (visit.data.status === "running") text = "Automatic ingestion already running:";
  else text = "Automatic ingestion of the configured feeds started for this visit:";
  return (
    <section
      aria-label="Automatic ingestion"
      className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 text-sm"
    >
      <p>{text}</p>
      {visit.data && (
        <details className="text-muted-foreground">
          <summary className="cursor-pointer rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Configured feeds: {visit.data.configuredFeeds.length}
          </summary>
          <ul aria-label="Configured feeds" className="mt-2 flex flex-col gap-1 font-mono text-xs break-all">
            {visit.data.configuredFeeds.map((feed) => (
              <li key={feed}>{feed}</li>
            ))}
          </ul>
        </details>
      )}
      {run.queued && <JobStatus job={run.job} label="Automatic ingestion" />}
    </section>
  );
}
