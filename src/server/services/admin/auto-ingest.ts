import { sql } from "drizzle-orm";
import { AUTO_INGEST_COOLDOWN_MINUTES, type AutoIngestVisit } from "../../../domain/contract/admin.ts";
import type { AppDeps } from "../../context.ts";

const QUEUE = "catalog.auto-ingest";
const FINISHED = new Set(["completed", "failed", "cancelled"]);

/** A feed address to show: a private feed's token (user name, password, query) stays on the server. */
export function displayFeedAddress(feed: string): string {
  if (feed.startsWith("/")) return feed.split(/[?#]/)[0] ?? feed;
  try {
    const url = new URL(feed);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(not a valid address)";
  }
}

/**
 * The admin lab's automatic full ingestion (spec 3 §4: when the admin check passes). The server
 * decides: a run already under way is joined (the lab polls it), a run that finished less than an
 * hour ago skips this one, anything else queues a run. One advisory lock around the look-up and the
 * send, so two admins opening the lab at once start one run between them.
 */
export async function startLabAutoIngest(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
): Promise<AutoIngestVisit> {
  const configuredFeeds = deps.config.ingestFeeds.map(displayFeedAddress);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('earmark:lab-auto-ingest'))`);
    const latest = await deps.jobs.findLatestJob(QUEUE);
    if (latest && !FINISHED.has(latest.state))
      return {
        status: "running",
        job: { jobId: latest.id, queue: QUEUE },
        lastFinishedAt: null,
        configuredFeeds,
      };
    const lastFinishedAt = latest?.completedOn ?? null;
    const cooldownMs = AUTO_INGEST_COOLDOWN_MINUTES * 60_000;
    if (lastFinishedAt && Date.now() - Date.parse(lastFinishedAt) < cooldownMs)
      return { status: "skipped", job: null, lastFinishedAt, configuredFeeds };
    const jobId = await deps.jobs.send(QUEUE, {}, { isRetried: false });
    return { status: "queued", job: { jobId, queue: QUEUE }, lastFinishedAt, configuredFeeds };
  });
}
