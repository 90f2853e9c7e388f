import { z } from "zod";

const dateTime = () => z.string().meta({ format: "date-time" });

/**
 * Response bodies of the admin lab (src/server/routes/admin.ts): queued jobs and their state,
 * podcast stats and the YouTube import.
 */

export const queuedJobSchema = z
  .object({
    jobId: z.string(),
    queue: z.string().meta({ description: "The job's queue", example: "catalog.ingest-feed" }),
  })
  .meta({ id: "QueuedJob" });
export type QueuedJob = z.infer<typeof queuedJobSchema>;

export const jobSchema = z
  .object({
    id: z.string(),
    queue: z.string(),
    state: z.string().meta({ description: "created, retry, active, completed, cancelled or failed" }),
    data: z.unknown(),
    progress: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "Live counts while running, e.g. {phase, done, total}" }),
    output: z.unknown().meta({ description: "The result (completed) or the error (failed)" }),
    createdOn: z.string().meta({ format: "date-time" }),
    startedOn: z.string().nullable().meta({ format: "date-time" }),
    completedOn: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Job" });
export type Job = z.infer<typeof jobSchema>;

export const podcastStatsSchema = z
  .object({
    stats: z.array(
      z.object({
        podcast_id: z.uuid(),
        name: z.string(),
        total: z.int(),
        ready: z.int(),
        pending: z.int(),
        feed_url: z.string().nullable(),
        source_type: z.string(),
        last_sync_at: dateTime()
          .nullable()
          .meta({ description: "When the feed was last fetched by any run" }),
        last_sync_inserted: z.int().nullable().meta({ description: "New episodes of that run" }),
        last_sync_error: z
          .string()
          .nullable()
          .meta({ description: "Why that run failed; null when it succeeded (or never ran)" }),
      }),
    ),
  })
  .meta({ id: "PodcastStats" });
export type PodcastStats = z.infer<typeof podcastStatsSchema>;

export const youtubeImportSchema = z
  .object({ success: z.literal(true), episode: z.object({ id: z.uuid(), title: z.string() }) })
  .meta({ id: "YoutubeImport" });
export type YoutubeImport = z.infer<typeof youtubeImportSchema>;

/** The roles a user can hold (spec 3 §3 user_roles). */
export const userRoleNames = ["admin", "premium"] as const;
export const userRoleNameSchema = z.enum(userRoleNames);
export type UserRoleName = z.infer<typeof userRoleNameSchema>;

/** Recent episodes on the Overview (spec 3 §9: 20). */
export const ADMIN_RECENT_EPISODES = 20;
/** Users per page on the User Roles tab. */
export const ADMIN_USERS_PAGE = 20;
/** Role changes shown on the User Roles tab, newest first. */
export const ADMIN_AUDIT_PAGE = 20;
/** Episodes per page on the Mindmaps tab. */
export const ADMIN_MINDMAPS_PAGE = 50;
/** The lab's automatic ingestion is skipped when the last run finished less than this long ago. */
export const AUTO_INGEST_COOLDOWN_MINUTES = 60;

/** GET /admin/overview: catalog counts and the 20 newest episodes (spec 3 §2, §7, §9). */
export const adminOverviewSchema = z
  .object({
    counts: z.object({
      podcasts: z.int(),
      episodes: z.int(),
      episodesReady: z.int(),
      episodesPending: z.int(),
      questions: z.int(),
      mindmaps: z.int(),
      users: z.int(),
    }),
    recentEpisodes: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        podcastName: z.string(),
        ready: z.boolean(),
        createdAt: dateTime(),
      }),
    ),
  })
  .meta({ id: "AdminOverview" });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** One user on the User Roles tab (spec 3 §3 admin user list item). */
export const adminUserSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  handle: z.string().nullable(),
  roles: z.array(userRoleNameSchema),
  createdAt: dateTime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z
  .object({
    items: z.array(adminUserSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next page; null at the end" }),
  })
  .meta({ id: "AdminUserPage" });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** The body of PUT/DELETE /admin/users/{id}/roles/{role}'s answer: the user as it now is. */
export const roleChangeSchema = z
  .object({
    user: adminUserSchema,
    isChanged: z.boolean().meta({ description: "False when the user already had (or lacked) the role" }),
  })
  .meta({ id: "RoleChange" });
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** One role change in the audit log: who changed whose role, how and when. */
export const roleAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(["grant", "revoke"]),
  role: userRoleNameSchema,
  actor: z.object({ userId: z.uuid().nullable(), name: z.string() }),
  target: z.object({ userId: z.uuid().nullable(), name: z.string() }),
  createdAt: dateTime(),
});
export type RoleAuditEntry = z.infer<typeof roleAuditEntrySchema>;

export const roleAuditPageSchema = z
  .object({ items: z.array(roleAuditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: "RoleAuditPage" });
export type RoleAuditPage = z.infer<typeof roleAuditPageSchema>;

/** One episode on the Mindmaps tab (spec 3 §3 mindmap status item). */
export const mindmapStatusPageSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        title: z.string(),
        podcastTitle: z.string(),
        pubDate: dateTime(),
        hasMindmap: z.boolean(),
      }),
    ),
    nextCursor: z.string().nullable(),
    total: z.int(),
    missing: z.int(),
  })
  .meta({ id: "MindmapStatusPage" });
export type MindmapStatusPage = z.infer<typeof mindmapStatusPageSchema>;

/** POST /admin/catalog/auto-ingest/visit: what the lab's automatic ingestion did on this visit. */
export const autoIngestVisitSchema = z
  .object({
    status: z.enum(["queued", "running", "skipped"]).meta({
      description:
        "queued: a run started now; running: one is already under way (poll it); skipped: the last run finished less than an hour ago",
    }),
    job: queuedJobSchema.nullable(),
    lastFinishedAt: dateTime().nullable(),
    configuredFeeds: z.array(z.string()).meta({
      description:
        "The feeds auto-ingest checks (INGEST_FEEDS), shown without user names, passwords or query strings, which may hold a private feed's token",
    }),
  })
  .meta({ id: "AutoIngestVisit" });
export type AutoIngestVisit = z.infer<typeof autoIngestVisitSchema>;
