import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminOverview,
  AdminUserPage,
  AutoIngestVisit,
  Job,
  MindmapStatusPage,
  PodcastStats,
  QueuedJob,
  RoleAuditPage,
  RoleChange,
  UserRoleName,
} from "~/domain/contract/admin";
import type { MindmapAnalyticsSummary } from "~/domain/contract/mindmap";
import { apiFetch } from "~/web/lib/api-client";

/** The admin lab's calls (src/server/routes/admin.ts, learning.ts, mindmap.ts). The server checks the role on each. */

export const adminKeys = {
  all: ["admin"] as const,
  overview: ["admin", "overview"] as const,
  analytics: ["admin", "analytics"] as const,
  podcastStats: ["admin", "podcast-stats"] as const,
  mindmaps: (show: "all" | "missing", cursor: string | null) => ["admin", "mindmaps", show, cursor] as const,
  users: (q: string, cursor: string | null) => ["admin", "users", q, cursor] as const,
  audit: ["admin", "audit"] as const,
  job: (queue: string, id: string) => ["admin", "job", queue, id] as const,
};

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => apiFetch<AdminOverview>("/api/v1/admin/overview", { signal }),
  });
}

export function useMindmapAnalytics() {
  return useQuery({
    queryKey: adminKeys.analytics,
    queryFn: ({ signal }) =>
      apiFetch<MindmapAnalyticsSummary>("/api/v1/admin/mindmaps/analytics", { signal }),
  });
}

export function usePodcastStats() {
  return useQuery({
    queryKey: adminKeys.podcastStats,
    queryFn: ({ signal }) => apiFetch<PodcastStats>("/api/v1/admin/catalog/podcast-stats", { signal }),
  });
}

export function useMindmapStatus(show: "all" | "missing", cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.mindmaps(show, cursor),
    queryFn: ({ signal }) =>
      apiFetch<MindmapStatusPage>(
        `/api/v1/admin/mindmaps/status?show=${show}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(q: string, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.users(q, cursor),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (cursor) params.set("cursor", cursor);
      return apiFetch<AdminUserPage>(`/api/v1/admin/users?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useRoleAudit() {
  return useQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ signal }) => apiFetch<RoleAuditPage>("/api/v1/admin/role-audit", { signal }),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      userId,
      role,
      action,
    }: {
      userId: string;
      role: UserRoleName;
      action: "grant" | "revoke";
    }) =>
      apiFetch<RoleChange>(`/api/v1/admin/users/${userId}/roles/${role}`, {
        method: action === "grant" ? "PUT" : "DELETE",
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin", "users"] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

export function useDeleteEpisode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (episodeId: string) =>
      apiFetch<void>(`/api/v1/admin/episodes/${episodeId}`, { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Starts one admin operation (a POST that answers 202 with the job to poll). */
export const startJob = (path: string, body?: object) =>
  apiFetch<QueuedJob>(path, { method: "POST", body: body ?? {} });

export const visitAutoIngest = () =>
  apiFetch<AutoIngestVisit>("/api/v1/admin/catalog/auto-ingest/visit", { method: "POST" });

const FINISHED = new Set(["completed", "failed", "cancelled"]);
export const isJobFinished = (job: Job | undefined) => Boolean(job && FINISHED.has(job.state));

/** Polls a job every second until it has finished. */
export function useJob(queued: QueuedJob | null) {
  return useQuery({
    queryKey: adminKeys.job(queued?.queue ?? "", queued?.jobId ?? ""),
    queryFn: ({ signal }) =>
      apiFetch<Job>(`/api/v1/admin/jobs/${queued?.queue}/${queued?.jobId}`, { signal }),
    enabled: Boolean(queued),
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : 1000),
  });
}
