import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import type { Health } from "~/domain/contract/system";
import { apiFetch } from "~/web/lib/api-client";

const healthQueryKey = ["health"] as const;

/**
 * Reads the health once per page load; while it says the demo catalog is being prepared, polls it
 * and, when it is ready, refetches everything else so the lists fill in.
 */
async function readHealth(queryClient: QueryClient, signal: AbortSignal) {
  const previous = queryClient.getQueryData<Health>(healthQueryKey);
  const health = await apiFetch<Health>("/api/health", { signal });
  if (previous?.catalog === "preparing" && health.catalog === "ready")
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== healthQueryKey[0] });
  return health;
}

/** On a first start, pages opened before the demo catalog is loaded say so instead of showing empty lists. */
export function PreparingNotice() {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => readHealth(queryClient, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchInterval: (query) => (query.state.data?.catalog === "preparing" ? 2_000 : false),
  });
  if (data?.catalog !== "preparing") return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-border bg-muted px-4 py-2 text-center text-sm text-foreground"
    >
      <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />
      Preparing the demo catalog — episodes, summaries and quizzes appear here in a few seconds.
    </div>
  );
}
